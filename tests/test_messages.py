"""Each message says its path once: `error: <path> (file:line): <message> <fix>`, never the path again in
the message (`spinnaker.version: spinnaker.version Spinnaker 2024.1.0 ...`). A representative set of
what `validate -f` and the wrapper report (renderer.read.inputs.check_values) and of what only the
post-renderer sees, on Helm's own rendering of the chart."""
from __future__ import annotations

import re

import pytest

from renderer.problems import format_path

K8S = {"kubernetes": {"enabled": True, "accounts": [{"name": "k8s"}]}}


def _hal(**sections):
    return {"providers": K8S, **sections}


def _repeats(where: str, message: str) -> bool:
    """Whether `message` says `where` again: whole, its last two parts (`client.clientId`), or its last
    key quoted (`'provders' is not a field`)."""
    parts = [p for p in re.split(r"\.|\[\d+\]", where) if p]
    return (where in message or (len(parts) >= 2 and ".".join(parts[-2:]) in message)
            or f"'{parts[-1]}'" in message)


CHECKED = [
    ({"spinnaker": {"version": "2024.1.0"}}, "spinnaker.version"),
    ({"spinnaker": {"version": "1.35"}}, "spinnaker.version"),
    ({"halconfig": _hal(security={"authn": {"enabled": True, "oauth2": {"enabled": True}}})},
     "halconfig.security.authn.oauth2.client.clientId"),
    ({"halconfig": _hal(security={"authn": {"enabled": True, "basic": {"enabled": True}},
                                  "authz": {"enabled": True, "groupMembership": {"service": "FILE"}}})},
     "halconfig.security.authz.groupMembership.file"),
    ({"halconfig": _hal(security={"apiSecurity": {"ssl": {"enabled": True}}})},
     "halconfig.security.apiSecurity.ssl.keyStore"),
    ({"halconfig": _hal(security={"uiSecurity": {"ssl": {"enabled": True}}})},
     "halconfig.security.uiSecurity.ssl.sslCertificateFile"),
    ({"halconfig": _hal(provders={})}, "halconfig.provders"),
    # a halconfig given as text (--set-file halconfig=~/.hal/config): paths within it, lines of it
    ({"halconfig": "providers:\n  kubernetes: {}\nproviders: {}\n"}, "providers"),
]


@pytest.mark.parametrize("values,where", CHECKED, ids=[w for _, w in CHECKED])
def test_validate_says_each_path_once(values, where):
    from renderer.problems import InvalidHalconfig
    from renderer.read.inputs import check_values

    try:
        _, _, report = check_values(values)
    except InvalidHalconfig as exc:
        report = exc.report
    [problem] = [p for p in report.problems if format_path(p.path) == where]
    assert not _repeats(where, problem.message), problem.render()
    assert problem.render().count(where) == 1


POST_RENDERED = [
    ({"spinnaker": {"version": "2024.1.0"}}, "spinnaker.version"),
    ({"redis": {"externalUrl": "redis://:hunter2hunter2@redis.example:6379", "existingSecret": "redis"}},
     "redis.externalUrl"),
    ({"halconfig": _hal(notifications={"slack": {"enabled": True, "token": "xoxb-hunter2hunter2"}}),
      "settingsLocalJs": "window.spinnakerSettings.slackToken = 'xoxb-hunter2hunter2';"}, "settingsLocalJs"),
    ({"profiles": {"orka": {"server": {"port": 1}}}}, "profiles"),
]


@pytest.mark.parametrize("values,where", POST_RENDERED, ids=[w for _, w in POST_RENDERED])
def test_the_post_renderer_says_each_path_once(values, where):
    pytest.importorskip("helm_python", reason="helm-python-sdk renders the chart")
    import handover

    from renderer.postrender import render
    from renderer.postrender.errors import PostRenderError

    with pytest.raises(PostRenderError) as info:
        render(handover.helm3_stream(handover.render(values)), [])
    assert info.value.where == where
    assert not _repeats(where, info.value.message), info.value.render()
