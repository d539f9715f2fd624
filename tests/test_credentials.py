"""Every credential ends in a Secret, on every route, and no message shows one (docs/security.md).

- The one rule (renderer/model/credentials.py): which keys, URLs, env vars and `-D` properties are
  credentials, checked against the names the model declares secret and what real profiles hold.
- Hand-made values with credentials in every place a user puts one (profiles, a URL's user-info, a
  service's env, javaOpts, a halconfig field of the wrong type), through the real Helm 3 and Helm 4 with
  the post-renderer, `validate -f`, `plan` (every format) and `migrate`: each value appears only in a
  Secret, never in a ConfigMap, an env literal, plan output, a report or a message.
- Typed credentials: what Helm 3, Helm 4 (the real binaries) and this renderer's reader make of
  unquoted `0123`, `0x1F`, `1e3`, `007`, `+12`, `12345678901234567`, and the warning each route gives.
The examples, the real-world configs and the migrated real-world directories are checked in
tests/test_real_world.py and tests/test_migrate_real_world.py (REDACTED is their credential).
"""
from __future__ import annotations

import base64
import json
import os
import subprocess
import sys

import pytest
import yaml

from conftest import ROOT, secret_paths, string_values
from test_helm_binary import CHART, PLUGIN_NAME, helm4_plugin  # noqa: F401  (the Helm 4 plugin fixture)

from renderer.model import HAL
from renderer.model.credentials import (credential_key, credentials_in, env_credential, found_in,
                                        java_opts_credentials, url_passwords, written_form)
from renderer.model.dsl import STR, STRV
from renderer.service_facts import SERVICES, SPLITS

POST_RENDER = os.path.join(ROOT, "scripts", "post-render")

# --- the rule -------------------------------------------------------------------------------------

CREDENTIAL_KEYS = ["password", "managerPassword", "keyStorePassword", "passphrase", "sshPrivateKeyPassphrase",
                   "secret", "clientSecret", "signing_secret", "token", "accessToken", "GITHUB_TOKEN",
                   "privateKey", "secretKey", "secretAccessKey", "AWS_SECRET_ACCESS_KEY", "apiKey", "api_key",
                   "appKey", "Authorization", "DB_PASSWORD", "db-pwd", "kubeconfigContents"]
# Keys that say where a credential is or what it is like, not the credential.
NOT_CREDENTIAL_KEYS = ["passwordFile", "tokenUrl", "secretName", "keyStoreType", "accessKeyId", "AWS_ACCESS_KEY_ID",
                       "awsAccessKey", "tokenValiditySeconds", "credentials", "sshPrivateKeyFilePath", "key",
                       "PWD", "usernamePasswordFile", "secretKeyRef", "API_HOST", "passwordCommand"]


@pytest.mark.parametrize("key", CREDENTIAL_KEYS)
def test_credential_keys(key):
    assert credential_key(key)


@pytest.mark.parametrize("key", NOT_CREDENTIAL_KEYS)
def test_keys_that_only_name_a_credential(key):
    assert not credential_key(key)


def test_the_rule_agrees_with_the_model():
    """Every field the model declares secret is a credential key by the rule for free-form settings, and
    no text field it does not declare secret anywhere is one (a name secret in one place and not in
    another, `applicationKey`, is Datadog's key and New Relic's account ID: taken as a credential)."""
    secret, plain = set(), set()
    for path in secret_paths(HAL):
        secret.add(path[-1])
    seen = set()

    def walk(msg):
        if id(msg) in seen:
            return
        seen.add(id(msg))
        for field in msg.fields.values():
            if not field.secret and field.kind in (STR, STRV):
                plain.add(field.name)
            if field.target is not None:
                walk(field.target)
    walk(HAL)
    assert secret and all(credential_key(name) for name in secret), sorted(n for n in secret if not credential_key(n))
    assert sorted(n for n in plain - secret if credential_key(n)) == []
    assert "applicationKey" in plain & secret


def test_what_real_profiles_hold():
    """The credentials of the real-world profiles (reference/real-world/hal-dirs), found where they are and
    nowhere else: a Kubernetes volume's `secret: {secretName: ...}` in orca's preconfigured jobs is none."""
    profile = {
        "auth": {"groupMembership": {"ldap": {"managerPassword": "m1", "managerDn": "cn=x"}}},
        "message-broker": {"password": "m2", "username": "u"},
        "encrypt": {"key": "m3"},
        "spring": {"cloud": {"config": {"server": {"git": {"password": "m4", "uri": "https://git"}}}}},
        "redis": {"connection": "redis://:m5@redis:6379"},
        "webhook": {"preconfigured": [{"customHeaders": {"Authorization": "Basic m6"}}]},
        "job": {"manifest": {"volumes": [{"secret": {"secretName": "git-token", "defaultMode": 420}}],
                             "env": [{"name": "T", "valueFrom": {"secretKeyRef": {"key": "git_token"}}}]}},
        "cache": {"key": "not-a-credential", "token": "${TOKEN}", "secret": "encrypted:k8s!n:a!k:b",
                  "password": "", "tokenEnabled": True, "apiKey": True},
    }
    found = {".".join(map(str, path)): value for path, value in found_in(profile)}
    assert found == {"auth.groupMembership.ldap.managerPassword": "m1", "message-broker.password": "m2",
                     "encrypt.key": "m3", "spring.cloud.config.server.git.password": "m4",
                     "redis.connection": "redis://:m5@redis:6379",
                     "webhook.preconfigured.0.customHeaders.Authorization": "Basic m6"}


def test_urls_env_and_java_opts():
    assert url_passwords("https://admin:t0k@jenkins.example.com/x") == ["t0k"]
    assert url_passwords("redis://:${SPINNAKER_REDIS_PASSWORD:}@redis:6379") == []
    assert url_passwords("ssh://git@github.com/org/repo") == []
    assert env_credential("DB_PASSWORD", "x") and env_credential("PROXY", "http://u:p@proxy:3128")
    assert not env_credential("DB_PASSWORD", "$(OTHER)") and not env_credential("PWD", "/home")
    opts = "-Xmx1g -Djavax.net.ssl.keyStorePassword=ks -Daws.accessKeyId=AKIA -Dx.url=https://u:p@h -Dy.token=$(T)"
    assert [(p, v) for p, v, _ in java_opts_credentials(opts)] == [("javax.net.ssl.keyStorePassword", "ks"),
                                                                   ("x.url", "https://u:p@h")]


def test_credentials_looked_for_in_a_text():
    """4 characters or more, whole: the rule the ConfigMap backstop, Deck's settings-local.js, the findings
    object and `plan`'s masking share."""
    known = {"abc", "s3cr3t", "tail", 7}
    assert credentials_in("user abc, pass s3cr3t; tail", known) == {"s3cr3t", "tail"}
    assert credentials_in("s3cr 3cr3t", known) == set()  # its first and last 4 characters, not itself
    assert credentials_in("abc", known) == set()


def test_command_and_args_items():
    from renderer.model.credentials import argument_credentials, with_references

    def found(item):
        return [(flag, value) for flag, value, _ in argument_credentials(item)]

    # One argument: the value is the rest of it, quotes and spaces included (no shell reads it).
    assert found("--client-secret=a b") == [("client-secret", "a b")] and found("-token=x") == [("token", "x")]
    assert found('--api-key="q"') == [("api-key", '"q"')] and found("--db.password=p") == [("db.password", "p")]
    assert found("-Djavax.net.ssl.trustStorePassword=t") == [("javax.net.ssl.trustStorePassword", "t")]
    assert found("--url=https://u:p@h") == [("url", "https://u:p@h")] and found("https://u:p@h") == [("", "https://u:p@h")]
    # A shell's line: each flag's value runs to the next unquoted space.
    line = "exec app --token='t 1' --port=80 --secret-name=s"
    assert found(line) == [("token", "t 1")]
    assert with_references(line, argument_credentials(line), ["T"]) == "exec app --token='$(T)' --port=80 --secret-name=s"
    for item in ("--port=80", "--secret-name=s", "--password-file=/x", "--token=${T}", "--token=$(T)", "--token=",
                 "--insecure", "sh", 7):
        assert found(item) == [], item


def test_a_flag_alone_takes_the_next_item_as_its_value():
    from renderer.model.credentials import arg_credentials

    items = ["--password", "s3cret", "--port", "80", "-token", "t", "--client-secret", "--verbose",
             "--token", "$(T)", "--secret-name", "s", "--api-key", "https://u:p@h", "-Dx", "y", "--db.password", ""]
    assert [(i, flag, value) for i, flag, value, _ in arg_credentials(items)] == [
        (1, "password", "s3cret"), (5, "token", "t"), (13, "", "https://u:p@h")]
    assert arg_credentials(["s3cret", "--password"]) == [] and arg_credentials("--password s") == []


# --- typed credentials: what each reader makes of unquoted scalars ------------------------------------

SCALARS = ["0123", "0x1F", "1e3", "007", "+12", "12345678901234567"]


@pytest.fixture(scope="module")
def helm_reads(helm3, helm4, tmp_path_factory):
    """{major: {text: what the chart's templates get}} from the real binaries."""
    chart = tmp_path_factory.mktemp("chart")
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: reads\nversion: 0.1.0\n")
    (chart / "templates").mkdir()
    (chart / "templates" / "out.yaml").write_text("data: {{ .Values | toJson | quote }}\n")
    values = chart / "values-test.yaml"
    values.write_text("".join(f"v{i}: {text}\n" for i, text in enumerate(SCALARS)))
    out = {}
    for helm in (helm3, helm4):
        result = helm.run("template", str(chart), "-f", str(values))
        assert result.returncode == 0, result.stderr
        data = json.loads(yaml.safe_load(result.stdout)["data"])
        out[helm.major] = {text: data[f"v{i}"] for i, text in enumerate(SCALARS)}
    return out


def test_helm_3_and_4_read_every_such_scalar_as_a_number(helm_reads):
    expected = {"0123": 83, "0x1F": 31, "1e3": 1000, "007": 7, "+12": 12, "12345678901234567": 12345678901234568}
    assert helm_reads[3] == helm_reads[4] == expected
    for text in SCALARS:
        assert written_form(text), text  # and the warning says how


def test_this_renderers_reader_is_yaml_1_1():
    from renderer.read.yaml11 import load

    read = load("".join(f"v{i}: {text}\n" for i, text in enumerate(SCALARS)))
    assert [read[f"v{i}"] for i in range(len(SCALARS))] == [83, 31, "1e3", 7, 12, 12345678901234567]


# --- hand-made values through every route ----------------------------------------------------------

MARKS = {"profile": "profPw-7f3a9c", "url": "urlTok-51be2d", "env": "envPw-c08e44", "opts": "optPw-9a1f07",
         "halurl": "halUrl-2d6b19", "sidecar": "sideTok-e4c7a0", "list": "listPw-88d2f1", "text": "textPw-3c61d8",
         "args": "argSec-6d20b7", "pair": "pairSec-51a9c4", "command": "cmdPw-0e93f5"}
VALUES = {
    "profiles": {
        "orca": {"sql": {"connectionPools": {"default": {"password": MARKS["profile"], "user": "orca"}}}},
        "igor": {"jenkins": {"masters": [{"name": "x", "address": f"https://admin:{MARKS['url']}@jenkins.example.com"}]}},
        "echo": {"slack": {"token": 83}},
        # A profile given as the file's text (`--set-file profiles.rosco=rosco-local.yml`), two documents.
        "rosco": f"packer:\n  timeout: 60\n---\nartifactory:\n  password: {MARKS['text']}\n",
    },
    "services": {"gate": {"env": [{"name": "DB_PASSWORD", "value": MARKS["env"]}, {"name": "PLAIN", "value": "ok"}],
                          "javaOpts": f"-XX:MaxRAMPercentage=80.0 -Djavax.net.ssl.keyStorePassword={MARKS['opts']}",
                          "sidecars": [{"name": "proxy", "image": "docker.io/library/busybox:1.37.0",
                                        "env": [{"name": "PROXY_TOKEN", "value": MARKS["sidecar"]}],
                                        "args": ["--client-id=spinnaker", f"--client-secret={MARKS['args']}",
                                                 "--cookie-secret", MARKS["pair"]],
                                        "resources": {"requests": {"cpu": "1m", "memory": "8Mi"}}}],
                          "initContainers": [{"name": "fetch", "image": "docker.io/library/busybox:1.37.0",
                                              "command": ["sh", "-c", f"wget --password='{MARKS['command']}' "
                                                                      "https://example.com/x -O /tmp/x"]}]}},
    "halconfig": {"ci": {"jenkins": {"enabled": True, "masters": [
        {"name": "j", "address": f"https://u:{MARKS['halurl']}@jenkins.example.com", "username": "u",
         "password": 83}]}}},
}


def _leaks(text: str) -> list:
    return sorted(name for name, mark in MARKS.items() if mark in text)


def _exposed(objs) -> str:
    """Everything of the rendered objects but Secrets' data."""
    return json.dumps([o if o["kind"] != "Secret" else {k: v for k, v in o.items() if k != "data"} for o in objs])


def _secret_texts(objs) -> str:
    return "".join(base64.b64decode(v).decode() for o in objs if o["kind"] == "Secret"
                   for v in (o.get("data") or {}).values())


@pytest.fixture(scope="module")
def values_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("values") / "values.yaml"
    path.write_text(yaml.safe_dump(VALUES))
    return path


@pytest.fixture(scope="module")
def rendered(values_file, helm3, helm4_plugin, tmp_path_factory):  # noqa: F811
    """{major: (objects, stderr)} of the values through the real helm binaries and the post-renderer; the
    post-renderer's warnings read from the file the wrapper uses."""
    out = {}
    for helm, flags in ((helm3, ["--post-renderer", POST_RENDER]), (helm4_plugin, ["--post-renderer", PLUGIN_NAME])):
        tmp = tmp_path_factory.mktemp("render")
        warnings = tmp / "warnings.txt"
        result = helm.run("template", "spin", CHART, "-n", "spinnaker", "-f", str(values_file), *flags,
                          env={"SPINNAKER_RENDERER_WARNINGS_FILE": str(warnings),
                               "SPINNAKER_RENDERER_ERROR_FILE": str(tmp / "error.txt")})
        assert result.returncode == 0, result.stderr
        said = result.stderr + (warnings.read_text() if warnings.exists() else "")
        out[helm.major] = ([o for o in yaml.safe_load_all(result.stdout) if isinstance(o, dict)], said)
    return out


@pytest.mark.parametrize("major", [3, 4], ids=["helm3", "helm4"])
def test_every_credential_is_in_a_secret_and_nowhere_else(rendered, major):
    objs, said = rendered[major]
    assert _leaks(_exposed(objs)) == [] and _leaks(said) == []
    assert _leaks(_secret_texts(objs)) == sorted(set(MARKS) - {"list"})
    files = {o["metadata"]["name"]: set(o.get("data") or {}) for o in objs if o["kind"] in ("ConfigMap", "Secret")}
    secret = {k for name, keys in files.items() if name.startswith("spin-spinnaker-") and "-secret-" in name
              for k in keys}
    assert {"orca-local.yml", "igor-local.yml", "igor.yml", "rosco-local.yml", "env.DB_PASSWORD", "env.proxy.PROXY_TOKEN",
            "env.JAVA_OPTS_JAVAX_NET_SSL_KEYSTOREPASSWORD", "env.proxy.ARG_CLIENT_SECRET", "env.fetch.ARG_PASSWORD"} <= secret
    assert "typed-credential" in said and "profiles.echo.slack.token" in said
    assert "services.gate: a literal credential" in said


@pytest.mark.parametrize("major", [3, 4], ids=["helm3", "helm4"])
def test_env_and_java_opts_read_the_services_secret(rendered, major):
    objs, _ = rendered[major]
    gate = next(o for o in objs if o["kind"] == "Deployment" and o["metadata"]["name"] == "spin-spinnaker-gate")
    secret = next(o["metadata"]["name"] for o in objs if o["kind"] == "Secret"
                  and o["metadata"]["name"].startswith("spin-spinnaker-gate-secret-"))
    containers = {c["name"]: c["env"] for c in gate["spec"]["template"]["spec"]["containers"]}
    env = containers["gate"]
    names = [e["name"] for e in env]
    by_name = {e["name"]: e for e in env}
    assert by_name["DB_PASSWORD"]["valueFrom"]["secretKeyRef"] == {"name": secret, "key": "env.DB_PASSWORD"}
    assert by_name["PLAIN"]["value"] == "ok"
    # $(NAME) in JAVA_OPTS expands only from variables defined before it (Kubernetes' EnvVar.value).
    var = "JAVA_OPTS_JAVAX_NET_SSL_KEYSTOREPASSWORD"
    assert f"-Djavax.net.ssl.keyStorePassword=$({var})" in by_name["JAVA_OPTS"]["value"]
    assert names.index(var) < names.index("JAVA_OPTS") and names[-1] == "JAVA_OPTS"
    assert by_name[var]["valueFrom"]["secretKeyRef"]["name"] == secret
    assert containers["proxy"][0]["valueFrom"]["secretKeyRef"] == {"name": secret, "key": "env.proxy.PROXY_TOKEN"}
    # A credential in command or args: `$(NAME)` there is expanded from the container's env (Kubernetes'
    # ExpandContainerCommandAndArgs), defined from the Secret.
    pod = gate["spec"]["template"]["spec"]
    proxy = next(c for c in pod["containers"] if c["name"] == "proxy")
    assert proxy["args"] == ["--client-id=spinnaker", "--client-secret=$(ARG_CLIENT_SECRET)", "--cookie-secret",
                             "$(ARG_COOKIE_SECRET)"]
    assert {"name": "ARG_COOKIE_SECRET", "valueFrom": {"secretKeyRef": {
        "name": secret, "key": "env.proxy.ARG_COOKIE_SECRET"}}} in proxy["env"]
    assert {"name": "ARG_CLIENT_SECRET", "valueFrom": {"secretKeyRef": {
        "name": secret, "key": "env.proxy.ARG_CLIENT_SECRET"}}} in proxy["env"]
    fetch = next(c for c in pod["initContainers"] if c["name"] == "fetch")
    assert fetch["command"][2].startswith("wget --password='$(ARG_PASSWORD)' https://")
    assert fetch["env"] == [{"name": "ARG_PASSWORD", "valueFrom": {"secretKeyRef": {
        "name": secret, "key": "env.fetch.ARG_PASSWORD"}}}]


def test_the_wrapper_moves_them_too(values_file, helm3):
    result = subprocess.run([sys.executable, "-m", "renderer", "helm", "template", "spin", CHART, "-f",
                             str(values_file)], capture_output=True, text=True, cwd=ROOT,
                            env=dict(helm3.env, HELM_BIN=str(helm3)))
    assert result.returncode == 0, result.stderr
    objs = [o for o in yaml.safe_load_all(result.stdout) if isinstance(o, dict)]
    assert _leaks(_exposed(objs)) == [] and _leaks(result.stderr) == []
    assert {"args", "command"} <= set(_leaks(_secret_texts(objs)))


def test_validate_says_the_same_and_shows_no_credential(values_file, helm3):
    result = subprocess.run([sys.executable, "-m", "renderer", "validate", "-f", str(values_file)],
                            capture_output=True, text=True, cwd=ROOT, env=dict(helm3.env, HELM_BIN=str(helm3)))
    assert result.returncode == 0, result.stderr
    assert _leaks(result.stderr) == []
    typed = [line for line in result.stderr.splitlines() if "typed-credential" in line]
    assert len(typed) == 2, typed  # the halconfig's password and echo's profile token, once each
    assert "halconfig.ci.jenkins.masters[0].password" in typed[0] and "line" not in typed[1]


def test_validate_names_the_notation_it_was_written_in(tmp_path, helm3):
    path = tmp_path / "values.yaml"
    path.write_text("halconfig:\n  ci:\n    jenkins:\n      enabled: true\n      masters:\n      - name: j\n"
                    "        address: https://jenkins.example.com\n        username: u\n        password: 0123\n"
                    "profiles:\n  echo:\n    slack:\n      token: 1e3\n")
    result = subprocess.run([sys.executable, "-m", "renderer", "validate", "-f", str(path)], capture_output=True,
                            text=True, cwd=ROOT, env=dict(helm3.env, HELM_BIN=str(helm3)))
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if "typed-credential" in line]
    assert len(lines) == 2, result.stderr
    assert "values.yaml:9" in lines[0] and "octal" in lines[0] and 'password: "..."' in lines[0]
    assert "exponent" in lines[1] and "profiles.echo.slack.token" in lines[1]
    said = result.stderr.replace(str(tmp_path), "")  # pytest numbers its directories: pytest-83 is no leak
    assert "0123" not in said and "1e3" not in said and "83" not in said


@pytest.mark.parametrize("wrong", [[MARKS["list"]], {"a": MARKS["list"]}])
def test_a_credential_of_the_wrong_shape_is_refused_without_its_content(wrong, tmp_path, helm3):
    path = tmp_path / "values.yaml"
    path.write_text(yaml.safe_dump({"halconfig": {"notifications": {"slack": {"enabled": True, "token": wrong}}}}))
    result = subprocess.run([sys.executable, "-m", "renderer", "validate", "-f", str(path)], capture_output=True,
                            text=True, cwd=ROOT, env=dict(helm3.env, HELM_BIN=str(helm3)))
    # The chart's schema refuses it first, as Helm does; the halconfig alone gets the model's words.
    assert result.returncode == 1 and "notifications.slack.token: Invalid type" in result.stderr
    assert _leaks(result.stderr) == []
    hal = tmp_path / "halconfig.yml"
    hal.write_text(yaml.safe_dump({"notifications": {"slack": {"enabled": True, "token": wrong}}}))
    alone = subprocess.run([sys.executable, "-m", "renderer", "validate", str(hal)], capture_output=True, text=True,
                           cwd=ROOT)
    assert alone.returncode == 1 and "expected a string (a credential)" in alone.stderr
    assert _leaks(alone.stderr) == []
    helm = helm3.run("template", "spin", CHART, "-f", str(path), "--post-renderer", POST_RENDER,
                     env={"SPINNAKER_RENDERER_ERROR_FILE": str(tmp_path / "error.txt")})
    error = tmp_path / "error.txt"
    assert helm.returncode != 0 and _leaks(helm.stderr + (error.read_text() if error.exists() else "")) == []


def test_deck_refuses_a_credential_it_would_serve_to_every_browser(tmp_path, helm3):
    for js in ("window.spinnakerSettings.slack = {token: 'jsTok-4410aa'};",
               "window.spinnakerSettings.gateUrl = 'https://u:jsTok-4410aa@gate';"):
        path = tmp_path / "values.yaml"
        path.write_text(yaml.safe_dump({"settingsLocalJs": js}))
        error = tmp_path / "error.txt"
        result = helm3.run("template", "spin", CHART, "-f", str(path), "--post-renderer", POST_RENDER,
                           env={"SPINNAKER_RENDERER_ERROR_FILE": str(error)})
        assert result.returncode != 0
        said = result.stderr + error.read_text()
        assert "settingsLocalJs: it holds a credential" in said and "jsTok-4410aa" not in said


# --- plan --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["text", "markdown"])
@pytest.mark.parametrize("side", ["values", "manifests"])
def test_plan_masks_every_credential(fmt, side, values_file, tmp_path, helm3):
    # Every credential (and only them) changes; the text profile stays two documents.
    changed = json.loads(json.dumps(VALUES).replace("-", "_").replace("___", "---"))
    to = tmp_path / "to.yaml"
    to.write_text(yaml.safe_dump(changed))
    if side == "values":
        old = ["-f", str(values_file)]
    else:  # what `helm get manifest` gives of a release installed with these values
        manifest = helm3.run("template", "spin", CHART, "-n", "spinnaker", "-f", str(values_file),
                             "--post-renderer", POST_RENDER)
        assert manifest.returncode == 0, manifest.stderr
        (tmp_path / "manifest.yaml").write_text(manifest.stdout)
        old = ["--from-manifests", str(tmp_path / "manifest.yaml")]
    result = subprocess.run([sys.executable, "-m", "renderer", "plan", *old, "--to", "-f", str(to), "--format", fmt],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2, result.stderr
    out = result.stdout + result.stderr
    assert _leaks(out) == [] and _leaks(out.replace("_", "-")) == []
    assert "orca-local.yml" in out and "(credential)" in out
    # The numbers where a password belongs are warnings here too, once each.
    assert result.stderr.count("[typed-credential]") == 2, result.stderr


# --- migrate -----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def migrated(tmp_path_factory):
    hal = tmp_path_factory.mktemp("hal")
    (hal / "default" / "profiles").mkdir(parents=True)
    (hal / "default" / "service-settings").mkdir()
    (hal / "config").write_text(f"""currentDeployment: default
deploymentConfigurations:
- name: default
  version: 2026.0.0
  deploymentEnvironment:
    sidecars:
      orca:
      - name: proxy
        dockerImage: docker.io/library/busybox:1.37.0
        env:
          PROXY_TOKEN: {MARKS['sidecar']}
  ci:
    jenkins:
      enabled: true
      masters:
      - name: j
        address: https://admin:{MARKS['halurl']}@jenkins.example.com
        username: u
        password: 0123
  notifications:
    slack:
      enabled: true
      token: 1e3
""")
    (hal / "default" / "profiles" / "orca-local.yml").write_text(
        f"sql:\n  connectionPools:\n    default:\n      password: 0x1F\n  migration:\n    password: {MARKS['profile']}\n")
    (hal / "default" / "service-settings" / "gate.yml").write_text(
        f"env:\n  DB_PASSWORD: 007\n  OTHER_TOKEN: {MARKS['env']}\n"
        f"  JAVA_OPTS: \"-Xmx2g -Djavax.net.ssl.keyStorePassword={MARKS['opts']}\"\n")
    out = tmp_path_factory.mktemp("out")
    result = subprocess.run([sys.executable, "-m", "renderer", "migrate", str(hal), "-o", str(out / "values.yaml"),
                             "--secrets-dir", str(out / "secrets"), "--report", str(out / "report.md")],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    secret = next(d for f in (out / "secrets").iterdir() for d in yaml.safe_load_all(f.read_text())
                  if d["metadata"]["name"] == "spinnaker-halyard-credentials")
    return {"values": out / "values.yaml", "report": (out / "report.md").read_text(),
            "said": result.stdout + result.stderr,
            "secret": {k: base64.b64decode(v).decode() for k, v in secret["data"].items()}}


def test_migrate_moves_every_credential_into_its_secret(migrated):
    values = migrated["values"].read_text()
    assert _leaks(values) == [] and _leaks(migrated["report"]) == [] and _leaks(migrated["said"]) == []
    kept = set(migrated["secret"].values())
    assert {MARKS["sidecar"], MARKS["profile"], MARKS["env"], MARKS["opts"]} <= kept
    assert any(MARKS["halurl"] in v for v in kept)
    # As written, not as YAML read them: 0123 is not 83, 0x1F not 31, 007 not 7, 1e3 not 1000.0.
    assert {"0123", "0x1F", "007", "1e3"} <= kept
    assert migrated["report"].count("[typed-credential]") >= 4


@pytest.mark.parametrize("major", [3, 4], ids=["helm3", "helm4"])
def test_what_migrate_wrote_renders_with_credentials_in_secrets_only(migrated, major, request):
    helm = request.getfixturevalue("helm3" if major == 3 else "helm4_plugin")
    flags = ["--post-renderer", POST_RENDER if major == 3 else PLUGIN_NAME]
    result = helm.run("template", "spin", CHART, "-n", "spinnaker", "-f", str(migrated["values"]), *flags)
    assert result.returncode == 0, result.stderr
    objs = [o for o in yaml.safe_load_all(result.stdout) if isinstance(o, dict)]
    assert _leaks(_exposed(objs)) == [] and _leaks(result.stderr) == []
    gate = next(o for o in objs if o["kind"] == "Deployment" and o["metadata"]["name"] == "spin-spinnaker-gate")
    env = gate["spec"]["template"]["spec"]["containers"][0]["env"]
    names = [e["name"] for e in env]
    assert names[-1] == "JAVA_OPTS" and "$(HAL_JAVA_OPTS_GATE_JAVAX_NET_SSL_KEYSTOREPASSWORD)" in env[-1]["value"]
    assert names.index("HAL_JAVA_OPTS_GATE_JAVAX_NET_SSL_KEYSTOREPASSWORD") < names.index("JAVA_OPTS")
    assert not [v for v in string_values([e.get("value") for e in env]) if v in migrated["secret"].values()]


# --- the examples, judged by the rule itself ----------------------------------------------------------

def exposed_credentials(objs) -> list:
    """(object, where, what) of every credential, by the one rule, outside the data of a Secret: in a
    ConfigMap's files (parsed as the services read them), an env literal, an annotation or label."""
    found = []
    for obj in objs:
        name = f"{obj['kind']} {obj['metadata']['name']}"
        for key, value in ((obj.get("data") or {}).items() if obj["kind"] == "ConfigMap" else ()):
            try:
                data = yaml.safe_load(value) if key.endswith((".yml", ".yaml")) else value
            except yaml.YAMLError:
                data = value
            found += [(name, f"{key}: {'.'.join(map(str, path))}", "a setting") for path, _ in found_in(data)
                      if not isinstance(data, str)]
            if url_passwords(value):
                found.append((name, key, "a URL with a password"))
        # The services' pods (the chart's own hook Job names its Secret in an env var `SECRET`).
        spec = ((obj.get("spec") or {}).get("template") or {}).get("spec") or {} \
            if _component(obj) in SERVICES or _component(obj) in SPLITS else {}
        for container in (spec.get("initContainers") or []) + (spec.get("containers") or []):
            for env in container.get("env") or ():
                if isinstance(env.get("value"), str) and (env_credential(env["name"], env["value"])
                                                          or java_opts_credentials(env["value"])):
                    found.append((name, f"{container['name']} env {env['name']}", "an env literal"))
        meta = [obj["metadata"].get("annotations") or {}, obj["metadata"].get("labels") or {}]
        found += [(name, "metadata", "a URL with a password") for v in string_values(meta) if url_passwords(v)]
    return found


def _component(obj) -> str:
    return (obj["metadata"].get("labels") or {}).get("app.kubernetes.io/component", "")


EXAMPLES = sorted(f for f in os.listdir(os.path.join(ROOT, "examples")) if f.startswith("values-"))


@pytest.mark.parametrize("major", [3, 4], ids=["helm3", "helm4"])
@pytest.mark.parametrize("example", EXAMPLES)
def test_no_example_puts_a_credential_outside_a_secret(example, major, request):
    helm = request.getfixturevalue("helm3" if major == 3 else "helm4_plugin")
    flags = ["--post-renderer", POST_RENDER if major == 3 else PLUGIN_NAME]
    result = helm.run("template", "spin", CHART, "-n", "spinnaker", "-f", os.path.join(ROOT, "examples", example),
                      *flags)
    assert result.returncode == 0, result.stderr
    objs = [o for o in yaml.safe_load_all(result.stdout) if isinstance(o, dict)]
    assert objs and exposed_credentials(objs) == []


def test_the_examples_check_finds_what_it_looks_for(rendered):
    """The check above is not vacuous: on the hand-made release with its credentials put back where the
    user wrote them, it finds each kind."""
    objs, _ = rendered[3]
    planted = json.loads(json.dumps(objs))
    planted.append({"kind": "ConfigMap", "metadata": {"name": "x"},
                    "data": {"orca-local.yml": yaml.safe_dump(VALUES["profiles"]["orca"]),
                             "igor.yml": yaml.safe_dump(VALUES["profiles"]["igor"])}})
    planted.append({"kind": "Deployment", "metadata": {"name": "y", "labels": {"app.kubernetes.io/component": "gate"}},
                    "spec": {"template": {"spec": {"containers": [
        {"name": "gate", "env": VALUES["services"]["gate"]["env"]
         + [{"name": "JAVA_OPTS", "value": VALUES["services"]["gate"]["javaOpts"]}]}]}}}})
    assert exposed_credentials(objs) == []
    assert {what for _, _, what in exposed_credentials(planted)} == {"a setting", "a URL with a password",
                                                                      "an env literal"}


# --- no message shows a credential, whatever its shape ------------------------------------------------

SHAPES = {"text": " mark-3c9e1b ", "placeholder-like": "<mark-3c9e1b>", "template": "{{ mark-3c9e1b }}",
          "url": "https://u:mark-3c9e1b@host", "list": ["mark-3c9e1b"], "mapping": {"k": "mark-3c9e1b"},
          "multi-line": "mark-3c9e1b\nmore"}


def _with_every_credential(value) -> dict:
    """A halconfig with every field the model declares secret set to `value` (each block on the way
    enabled, list items and map entries named)."""
    hal: dict = {}
    for path in sorted(secret_paths(HAL)):
        msg, node = HAL, hal
        for name in path[:-1]:
            field = msg.fields[name]
            if "enabled" in msg.fields:
                node.setdefault("enabled", True)
            if field.repeated:
                node = node.setdefault(name, [{"name": "a"}])[0]
            elif field.map:
                node = node.setdefault(name, {}).setdefault("a", {})
            else:
                node = node.setdefault(name, {})
            msg = field.target
        if "enabled" in msg.fields:
            node.setdefault("enabled", True)
        node[path[-1]] = value
    return hal


@pytest.mark.parametrize("shape", SHAPES)
def test_no_message_shows_a_credential(shape):
    from renderer.read.inputs import check_values

    _, _, report = check_values({"halconfig": _with_every_credential(SHAPES[shape])})
    said = "\n".join(p.render() for p in report.problems)
    assert said and "mark-3c9e1b" not in said
