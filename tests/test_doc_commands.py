"""Every command the docs tell a user to run names the test that runs it.

The docs are by task (README.md, docs/*.md), and each shell command in their code blocks is a
promise. This file lists, for each one, the test that runs it, as printed or as its dry run (a
command that needs a cluster runs as `helm template` or `install --dry-run` against the suite's
stand-in API server). A command added to the docs without an entry here fails, as does an entry
whose test is gone or that no command needs any more. The few that need what the suite cannot have
(a registry to push to, a live cluster's storage) say so, with the test that covers the rest."""
from __future__ import annotations

import ast
import glob
import os
import re
import sys

import pytest

from conftest import ROOT
from doc_pages import code_blocks

# Pages written by hand (the generated references and the measurements have no commands to run).
PAGES = ["README.md"] + sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs", "*.md"))
                               if os.path.basename(p) not in ("halconfig-reference.md", "performance.md"))
PROGRAMS = ("make", "pip", "pipx", "python", "spinnaker-renderer", "helm", "helm4", "kubectl", "export",
            "HELM_DATA_HOME=", "HELM_PLUGINS=", "examples/flux/render", "git", "openssl", "keytool", "CREATE",
            "GRANT", "REVOKE", "crane", "done", ".venv/bin/")

# (pattern of the command, the test that runs it, or None and why nothing here can).
TESTED = [
    (r"^make demo$", "tests/test_quickstart.py::test_the_demo_ends_with_the_install_command"),
    (r"^make test", "tests/test_corpus_present.py::test_a_run_without_the_corpus_says_so_at_its_end"),
    (r"^make setup", "tests/test_install_helm.py::test_a_binary_with_the_pinned_checksum_is_installed_executable"),
    (r"^make golden", "tests/test_golden.py::test_translation_matches_the_golden_files"),
    (r"^make bench", None, "it measures; no test asserts a time (the project's rule), and docs/performance.md is its output"),
    (r"^python scripts/generate\.py", "tests/test_schema_docs.py::test_derived_file_is_fresh"),
    (r"^make dist", "tests/test_helm_binary.py::test_a_packaged_chart_renders_through_the_post_renderer"),
    (r"^pipx install \.|^pip install dist/", "tests/test_packaging.py::test_installed_renderer_with_plain_helm3"),
    (r"^spinnaker-renderer chart-path", "tests/test_packaging.py::test_installed_renderer_with_plain_helm3"),
    (r"^helm install spinnaker \"\$\(spinnaker-renderer chart-path\)\" .*--post-renderer-args post-render",
     "tests/test_packaging.py::test_installed_renderer_with_plain_helm3"),
    (r"^helm install spinnaker charts/spinnaker .*--post-renderer \./scripts/post-render",
     "tests/test_helm_binary.py::test_helm3_install_dry_run_post_renders"),
    (r"^spinnaker-renderer plugin-package", "tests/test_packaging.py::test_plugin_tarball_is_reproducible_and_complete"),
    (r"^export H4=|^HELM_DATA_HOME=\"\$H4\" helm4 plugin install|^HELM_PLUGINS=",
     "tests/test_helm_coexist.py::test_the_printed_install_hint_keeps_helm3_working"),
    (r"^helm plugin install dist/", "tests/test_packaging.py::test_installed_plugin_tarball_with_plain_helm4"),
    (r"^helm install spinnaker \"\$\(spinnaker-renderer chart-path\)\" .*--post-renderer spinnaker-renderer$",
     "tests/test_packaging.py::test_installed_plugin_tarball_with_plain_helm4"),
    (r"^spinnaker-renderer last-error", "tests/test_reliability.py::test_helm4_failure_reason_reaches_last_error_via_xdg_cache"),
    (r"^spinnaker-renderer helm upgrade --install spinnaker -n spinnaker -f my-values\.yaml",
     "tests/test_helm_wrapper.py::test_without_a_chart_the_installed_chart_is_used"),
    (r"^spinnaker-renderer helm template spinnaker \./charts/spinnaker --kube-context",
     "tests/test_helm_binary.py::test_the_wrapper_finds_the_chart_after_any_flags"),
    (r"^helm registry login|^helm push dist/|^helm install spinnaker oci://", None,
     "needs an OCI registry; the tarball it pushes is rendered through the post-renderer by "
     "tests/test_helm_binary.py::test_a_packaged_chart_renders_through_the_post_renderer, and the wrapper's "
     "handling of an oci:// chart by tests/test_helm_wrapper.py::test_a_remote_chart_is_said_to_be_checked_by_helm_only"),
    (r"^examples/flux/render |^git diff --exit-code", "tests/test_gitops.py::test_flux_route_renders_what_kustomize_builds"),
    (r"^kubectl -n spinnaker get configmap spinnaker-spinnaker-findings",
     "tests/test_findings_object.py::test_every_render_has_the_object_an_empty_list_without_findings"),
    (r"^kubectl -n argocd patch configmap argocd-cm", "tests/test_findings_object.py::test_argocd_health_check_marks_findings_degraded"),
    (r"^\$ helm template spin charts/spinnaker -f my-values\.yaml --post-renderer \./scripts/post-render",
     "tests/test_helm_binary.py::test_a_failure_reaches_the_user"),
    (r"^spinnaker-renderer plan -f values\.yaml --to -f values\.yaml -f pr\.yaml|^\$ spinnaker-renderer plan -f values",
     "tests/test_plan.py::test_the_docs_plan_example_prints_what_the_page_shows"),
    (r"^spinnaker-renderer plan -f values\.yaml --to-release", "tests/test_plan.py::test_cli_plan_exit_codes_and_markdown"),
    (r"^spinnaker-renderer plan --from-manifests <\(helm get manifest",
     "tests/test_hostile_input.py::test_plan_reads_manifests_and_values_from_pipes_and_stdin"),
    (r"^spinnaker-renderer helm diff spin ", "tests/test_plan.py::test_helm_diff_plans_from_the_installed_release"),
    (r"^1\. kubectl get storageclass|^2\. kubectl patch pvc|^3\. kubectl delete statefulset|^4\. helm upgrade",
     "tests/test_plan_upgrade.py::test_a_change_kubernetes_will_not_make_is_an_upgrade_refusal"),
    (r"^kubectl create secret generic spinnaker-passwords|^helm upgrade \.\.\. --set redis\.existingSecret",
     "tests/test_doc_commands.py::test_your_own_passwords_secret_replaces_the_hook"),
    (r"^CREATE DATABASE orca;|^CREATE USER 'orca'@'%'|^GRANT ALL PRIVILEGES ON orca",
     "tests/test_sql_storage.py::test_a_real_server_creates_each_database_on_every_start"),
    (r"^kubectl create secret generic spinnaker-sql", "tests/test_doc_commands.py::test_the_sql_secret_has_the_keys_the_chart_reads"),
    (r"^CREATE USER orca WITH PASSWORD|^GRANT orca TO CURRENT_USER|^CREATE DATABASE orca OWNER|^REVOKE ALL ON DATABASE",
     "tests/test_sql_storage.py::test_the_readmes_postgresql_statements_let_each_service_migrate"),
    (r"^openssl pkcs12 -export|^keytool -importcert|^kubectl -n spinnaker create secret generic spinnaker-tls",
     "tests/test_service_tls.py::test_the_rendered_paths_and_passwords_open_the_stores_and_shake_hands"),
    (r"^spinnaker-renderer migrate ~/\.hal \[", "tests/test_migrate_walkthroughs.py::test_the_walkthrough_migrates_and_renders_with_both_helms"),
    (r"^\$ spinnaker-renderer migrate tests/data/migrate/",
     "tests/test_migrate_walkthroughs.py::test_the_walkthrough_migrates_and_renders_with_both_helms"),
    (r"^kubectl -n (spinops|spinnaker) apply -f secrets/|^spinnaker-renderer helm upgrade --install spin -n (spinops|spinnaker) -f values\.yaml",
     "tests/test_migrate_walkthroughs.py::test_the_walkthrough_migrates_and_renders_with_both_helms"),
    (r"^\$ spinnaker-renderer validate tests/data/migrate/gitops/config",
     "tests/test_migrate_walkthroughs.py::test_validate_of_the_worked_examples_config_prints_what_the_page_shows"),
    (r"^python3 scripts/release-facts\.py --repo", "tests/test_release_facts_script.py::test_writes_one_sorted_file_per_release_from_a_git_repository"),
    (r"^spinnaker-renderer images -f my-values\.yaml \| while", "tests/test_images.py::test_the_list_is_the_images_of_the_rendered_release"),
    (r"^crane copy |^done$", None, "crane is not installed here; the names it is given are the list "
     "tests/test_images.py::test_the_list_is_the_images_of_the_rendered_release checks, mirrored as global.imageRegistry "
     "mirrors them"),
    # The CLI's synopsis (placeholders in capitals), not a command to copy: each command's own tests run it.
    (r"^spinnaker-renderer (generate|validate|images|migrate|plan|helm install\|upgrade\|template|helm diff) "
     r"\[?(-f )?[A-Z_]{3,}|^\[-n NAMESPACE\]|^spinnaker-renderer (post-render +#|schema \| docs)", None,
     "the synopsis of docs/cli.md; tests/test_cli.py, test_images.py, test_migrate.py, test_plan.py and "
     "test_helm_wrapper.py run each command"),
]


def commands() -> list[tuple[str, str]]:
    """(page, command) for each command line in the pages' code blocks (not YAML, not output)."""
    found = []
    for page in PAGES:
        text = open(os.path.join(ROOT, page), encoding="utf-8").read()
        for lang, block in code_blocks(text):
            if lang in ("yaml", "json"):
                continue
            lines = [line.strip() for line in re.sub(r"\\\n\s*", " ", block).splitlines()]
            prompted = bool(lines) and lines[0].startswith("$ ")  # a session: only the `$ ` lines are typed
            for line in lines:
                bare = re.sub(r"^(\$ |\d\. )", "", line)
                if line and not line.startswith("#") and bare.startswith(PROGRAMS) \
                        and (line.startswith("$ ") or not prompted):
                    found.append((page, line))
    return found


def _entry(command: str) -> list:
    return [entry for entry in TESTED if re.search(entry[0], command)]


@pytest.mark.parametrize("page, command", commands())
def test_every_command_in_the_docs_names_its_test(page, command):
    matches = _entry(command)
    assert len(matches) == 1, f"{page}: {command!r}: {len(matches)} entries in TESTED (exactly one wanted)"


def _defined(reference: str) -> bool:
    path, _, name = reference.partition("::")
    tree = ast.parse(open(os.path.join(ROOT, path), encoding="utf-8").read())
    return any(isinstance(node, ast.FunctionDef) and node.name == name for node in tree.body)


@pytest.mark.parametrize("entry", TESTED, ids=lambda entry: entry[0][:40])
def test_each_entry_names_a_test_that_exists_and_a_command_that_needs_it(entry):
    if entry[1] is not None:
        assert _defined(entry[1]), entry[1]
    else:
        assert entry[2], "an untested command says why"
    assert any(re.search(entry[0], command) for _, command in commands()), f"no command in the docs: {entry[0]}"


def test_the_inventory_finds_the_commands():
    """The extraction can fail: the README's Quickstart is two commands, and output lines are not commands."""
    readme = [command for page, command in commands() if page == "README.md"]
    assert readme == ["make demo", "make test"]
    assert not any(command.startswith(("==", "error:", "secret:")) for _, command in commands())


# ---------------------------------------------------------------- commands no other test runs

def _doc_block(page: str, starts: str) -> str:
    text = open(os.path.join(ROOT, "docs", page), encoding="utf-8").read()
    block = next(b for _, b in code_blocks(text) if b.startswith(starts))
    return re.sub(r"\\\n\s*", " ", block)


def _kubectl_secret(command: str, kubectl, tmp_path) -> dict:
    """The Secret a `kubectl create secret generic` line of the docs makes (`...` filled in), client-side."""
    import shlex
    import subprocess

    import yaml

    args = [arg.replace("...", "p4ssw0rd") for arg in shlex.split(command)[1:]]
    result = subprocess.run([str(kubectl), *args, "--dry-run=client", "-o", "yaml"], capture_output=True, text=True,
                            cwd=tmp_path, env=dict(os.environ, KUBECONFIG=str(tmp_path / "none")))
    assert result.returncode == 0, result.stderr
    return yaml.safe_load(result.stdout)


@pytest.fixture
def kubectl():
    path = os.path.join(os.path.dirname(sys.executable), "kubectl")
    path = path if os.path.exists(path) else os.path.join(ROOT, ".venv", "bin", "kubectl")
    if not os.path.exists(path):
        if os.environ.get("CI"):
            pytest.fail("kubectl is missing (make setup installs it)")
        pytest.skip("kubectl is missing (make setup installs it)")
    return path


def _keys_read(objs, secret: str) -> set:
    """The keys of Secret `secret` that the objects read (secretKeyRef, or a projected/secret volume's items)."""
    keys = set()

    def walk(node):
        if isinstance(node, dict):
            if node.get("name") == secret and "key" in node:
                keys.add(node["key"])
            if node.get("secretName") == secret or (node.get("name") == secret and "items" in node):
                keys.update(item["key"] for item in node.get("items") or [])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    for obj in objs:
        walk(obj)
    return keys


def test_your_own_passwords_secret_replaces_the_hook(kubectl, helm3, tmp_path):
    """docs/upgrade.md, where hooks cannot run: the Secret its kubectl line makes has every key the
    chart's hook would make, and the `--set`s that name it render no hook at all."""
    import subprocess

    import yaml

    block = _doc_block("upgrade.md", "kubectl create secret generic spinnaker-passwords")
    create, upgrade = block.strip().splitlines()
    secret = _kubectl_secret(create, kubectl, tmp_path)
    sets = re.findall(r"--set (\S+)", upgrade)
    assert sets == ["redis.existingSecret=spinnaker-passwords", "storage.existingSecret=spinnaker-passwords"]
    rendered = subprocess.run([str(helm3), "template", "spin", os.path.join(ROOT, "charts", "spinnaker"),
                               "--post-renderer", os.path.join(ROOT, "scripts", "post-render"), "--set", "storage.bundled=true", *[a for s in sets for a in ("--set", s)]],
                              capture_output=True, text=True, env=helm3.env)
    assert rendered.returncode == 0, rendered.stderr
    objs = [o for o in yaml.safe_load_all(rendered.stdout) if o]
    assert not [o for o in objs if "helm.sh/hook" in (o["metadata"].get("annotations") or {})
                and o["kind"] == "Job"], "a hook is rendered although both Secrets are given"
    read = _keys_read(objs, "spinnaker-passwords")
    assert {"redis-password", "root-password", "password"} <= read, read
    assert read <= set(secret["data"]), (read, sorted(secret["data"]))


def test_the_sql_secret_has_the_keys_the_chart_reads(kubectl, helm3, tmp_path):
    """docs/sql.md: the `spinnaker-sql` Secret its kubectl line makes holds every key the services in SQL
    read from `storage.external.existingSecret`."""
    import subprocess

    import yaml

    secret = _kubectl_secret(_doc_block("sql.md", "kubectl create secret generic spinnaker-sql").strip(), kubectl,
                             tmp_path)
    values = tmp_path / "values.yaml"
    values.write_text(yaml.safe_dump({
        "storage": {"bundled": True, "sql": {"orca": True, "clouddriver": True},
                    "external": {"host": "mysql.example.com", "existingSecret": "spinnaker-sql"}},
        "halconfig": {"managedDelivery": {"enabled": True}}}))
    rendered = subprocess.run([str(helm3), "template", "spin", os.path.join(ROOT, "charts", "spinnaker"), "-f",
                               str(values), "--post-renderer", os.path.join(ROOT, "scripts", "post-render")],
                              capture_output=True, text=True, env=helm3.env)
    assert rendered.returncode == 0, rendered.stderr
    keys = _keys_read([o for o in yaml.safe_load_all(rendered.stdout) if o], "spinnaker-sql")
    assert keys == {"password", "keel-password", "orca-password", "clouddriver-password"}, keys
    assert keys <= set(secret["data"])
