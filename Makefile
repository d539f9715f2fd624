# Everything runs from .venv, created by `make setup` from pyproject.toml.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup demo test bench schema docs clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -e '.[test]'
	@# Byte-compile now: the post-renderer starts on every helm command, and
	@# PYTHONDONTWRITEBYTECODE would otherwise make it recompile every time.
	$(BIN)/python -m compileall -q renderer
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python scripts/demo.py

test: $(STAMP)
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python -m compileall -q renderer
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build
