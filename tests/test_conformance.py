"""Every case in the reference corpus translates to exactly kleat's output, but for the
deliberate differences declared in `renderer.translate.kleat_differences` (left out of the
comparison on both sides; tests/test_gate_login.py and others pin what we write there) and
the notification tokens the comparator itself keeps out of settings.js."""
from __future__ import annotations

import importlib.util
import os
import shutil

import pytest
import yaml

from conftest import COMPARATOR, ROOT, corpus_params, need_reference
from renderer.translate.kleat_differences import DIFFERENCES, without

CASES = corpus_params()


def _comparator():
    spec = importlib.util.spec_from_file_location("compare_kleat_outputs", COMPARATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _without(data, dotted):
    """`data` without the value at `dotted`, and without the mappings that removal empties
    (`spring: {security: {}}` says no more than no `spring` at all)."""
    out = without(data, dotted)
    head, _, rest = dotted.partition(".")
    if rest and isinstance(out, dict) and isinstance(out.get(head), dict):
        inner = _without(out[head], rest)
        out = dict(out)
        if inner:
            out[head] = inner
        else:
            del out[head]
    return out


def compare_except_declared(actual_dir, expected_dir) -> list:
    """The comparator's verdict, with the declared differences left out on both sides."""
    cmp = _comparator()
    failures = []
    names = set(os.listdir(expected_dir)) | set(os.listdir(actual_dir))
    for name in sorted(names):
        loader = cmp.load_settings if name.endswith(".js") else cmp.load_env if name.endswith(".env") \
            else cmp.load_yaml
        a = cmp.prune_empty_lists(loader(os.path.join(actual_dir, name)))
        e = cmp.prune_empty_lists(loader(os.path.join(expected_dir, name)))
        if name.endswith(".js"):
            cmp.strip_notification_tokens(e)
            leaked = cmp.strip_notification_tokens(a)
            if leaked:
                failures.append(f"{name}: browser-visible credentials for notifications {leaked}")
        for difference in DIFFERENCES:
            if difference.file == name:
                for path in difference.paths:
                    a, e = _without(a, path), _without(e, path)
        if a != e:
            failures.append(f"{name}: " + "; ".join(cmp.diff_paths(a, e)))
    return failures


def test_corpus_is_complete():
    """Every case the corpus holds is usable: its input exists and its expected directory holds
    each file the translator writes (a half-copied corpus would otherwise compare fewer files)."""
    need_reference()
    from renderer.translate import OUTPUTS

    kinds = {"kleat-corpus": 0, "variant-": 0, "halyard-": 0}
    for case_id, halconfig, expected in CASES:
        assert os.path.isfile(halconfig), case_id
        assert sorted(os.listdir(expected)) == sorted(OUTPUTS), case_id
        kinds[next(kind for kind in kinds if case_id.startswith(kind))] += 1
    assert all(kinds.values()), kinds


@pytest.mark.parametrize("case_id,halconfig,expected", CASES, ids=[c[0] for c in CASES])
def test_generate_matches_reference(case_id, halconfig, expected, tmp_path, run_cli):
    need_reference()
    if shutil.which("node") is None:
        pytest.skip("node is needed by the comparator to evaluate settings.js")
    out = tmp_path / "out"
    # As the acceptance checks do: where the default refuses what kleat
    # accepted (a version that names no release), --kleat-compat.
    result = run_cli("generate", halconfig, str(out))
    if result.returncode != 0:  # refused (e.g. a nameless account): as the acceptance checks do
        assert "--kleat-compat accepts it" in result.stderr, result.stderr
        result = run_cli("generate", "--kleat-compat", halconfig, str(out))
    assert result.returncode == 0, result.stderr
    assert sorted(os.listdir(out)) == sorted(os.listdir(expected))
    assert compare_except_declared(str(out), expected) == []


def test_every_deliberate_difference_is_in_the_cli_docs():
    with open(os.path.join(ROOT, "docs", "cli.md"), encoding="utf-8") as handle:
        readme = " ".join(handle.read().split())
    for difference in DIFFERENCES:
        assert " ".join(difference.why.split()) in readme, difference.file


def test_kleat_compat_changes_only_the_refusal(tmp_path, run_cli):
    """--kleat-compat turns what kleat accepted into warnings, and changes nothing else: Halyard's
    case refused without it only for kleat-accepted problems; a clean halconfig translates the same."""
    need_reference()
    halyard_1_30 = next(c[1] for c in CASES if c[0] == "halyard-case-00")
    refused = run_cli("generate", "--release", "1.30.0", halyard_1_30, str(tmp_path / "refused"))
    errors = [line for line in refused.stderr.splitlines() if line.startswith("error:")]
    assert refused.returncode == 1 and errors and not (tmp_path / "refused").exists()
    assert all("--kleat-compat accepts it" in line for line in errors), errors
    assert run_cli("generate", "--kleat-compat", "--release", "1.30.0", halyard_1_30,
                   str(tmp_path / "accepted")).returncode == 0
    clean = tmp_path / "clean.yml"
    clean.write_text(yaml.safe_dump({"version": "1.30.0", "providers": {"kubernetes": {
        "enabled": True, "primaryAccount": "k8s", "accounts": [{"name": "k8s", "context": "c"}]}}}))
    plain, compat = tmp_path / "plain", tmp_path / "compat"
    assert run_cli("generate", str(clean), str(plain)).returncode == 0
    assert run_cli("generate", "--kleat-compat", str(clean), str(compat)).returncode == 0
    assert os.listdir(plain) and sorted(os.listdir(plain)) == sorted(os.listdir(compat))
    for name in os.listdir(plain):
        assert (plain / name).read_text() == (compat / name).read_text(), name
