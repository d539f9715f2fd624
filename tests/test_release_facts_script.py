"""The rules of scripts/release-facts.py, on small sources written for the test."""
from __future__ import annotations

import importlib.util
import os
import subprocess

import pytest

from conftest import ROOT

_spec = importlib.util.spec_from_file_location("release_facts", os.path.join(ROOT, "scripts", "release-facts.py"))
rf = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rf)


def facts(files: dict[str, str]) -> set[str]:
    """Keys the script records for one service made of `files` (path -> source)."""
    index = rf.Index()
    infos = {path: rf.classes_in(path, text) for path, text in files.items()}
    for found in infos.values():
        index.add(found)
    keys: set[str] = set()
    for path, text in files.items():
        rf.facts_of_file(path, text, index, infos[path], lambda key, _path: keys.add(key))
    return keys


JAVA = '''
@ConfigurationProperties(prefix = "artifacts.helm")
public class HelmProperties {
  private boolean enabled = false;   // a "quoted" comment { with a brace
  private static final String IGNORED = "x";
  private List<HelmAccount> accounts = new ArrayList<>();
  private Map<String, String> labels;
  private Duration timeout;

  @Data
  public static class HelmAccount {
    private String name;
    private String usernamePasswordFile;
  }
}

@Configuration
@ConditionalOnProperty(prefix = "saml", name = "enabled")
class SamlConfig {
  @Value("${saml.metadata-url:${saml.fallback:none}}") String url;

  @Bean
  @ConfigurationProperties("google.iap")
  IapProperties iap() { return new IapProperties(); }

  void read(Environment environment) {
    environment.getProperty("services.fiat.base-url");
    environment.getProperty("plugins." + name);
    System.getProperty("java.version");
    dynamicConfigService.isEnabled("stages.deploy", false);
  }
}

class IapProperties {
  String audience;
}

@ConfigurationProperties("security.oauth2.user-info-requirements")
public static class UserInfoRequirements extends HashMap<String, String> {}
'''

KOTLIN = '''
@ConfigurationProperties("keel.artifact-refresh")
data class ArtifactRefreshConfig(
  var limit: Int = 1,
  val frequency: Duration = Duration.ofMinutes(1),
  val scheduler: SchedulerConfig = SchedulerConfig()
)

class SchedulerConfig {
  var enabled = true
}

@ConditionalOnExpression("\\${keel.plugins.ec2.enabled:false}")
class Ec2 {
  val label = "${not.a.placeholder}"
}
'''

GROOVY = """
@ConfigurationProperties(prefix = 'jenkins')
class JenkinsProperties {
  List<JenkinsHost> masters

  static class JenkinsHost {
    String name
    // 'ubuntu' in a comment
    List<String> oauthScopes = []
  }
}

class Monitor {
  def log() { "${host.address}" }
  @Value('${jenkins.polling.enabled:true}') boolean polling
}
"""


def test_java_bindings():
    keys = facts({"svc/src/main/java/A.java": JAVA})
    assert {"artifacts.helm.enabled", "artifacts.helm.accounts", "artifacts.helm.accounts.name",
            "artifacts.helm.accounts.usernamePasswordFile", "artifacts.helm.labels.*",
            "artifacts.helm.timeout"} <= keys
    assert "artifacts.helm.IGNORED" not in keys
    assert {"saml.enabled", "saml.metadata-url", "saml.fallback", "google.iap.audience",
            "services.fiat.base-url", "plugins.*", "stages.deploy.enabled",
            "security.oauth2.user-info-requirements.*"} <= keys
    assert "java.version" not in keys


def test_kotlin_bindings():
    keys = facts({"svc/src/main/kotlin/A.kt": KOTLIN})
    assert {"keel.artifact-refresh.limit", "keel.artifact-refresh.frequency",
            "keel.artifact-refresh.scheduler.enabled", "keel.plugins.ec2.enabled"} <= keys
    assert "not.a.placeholder" not in keys


def test_groovy_bindings():
    keys = facts({"svc/src/main/groovy/A.groovy": GROOVY})
    assert {"jenkins.masters.name", "jenkins.masters.oauthScopes", "jenkins.polling.enabled"} <= keys
    assert "host.address" not in keys


def test_normalise_is_relaxed_binding():
    assert rf.normalise("spring.security.oauth2.client.registration.github.client-id") == \
        rf.normalise("spring.security.oauth2.client.registration.github.clientId")


def tagged_monorepo(tmp_path, extra: dict[str, str] | None = None):
    """A git repository tagged spinnaker-release-2099.1.0: one main source per service
    reading `<service>.enabled`, plus `extra` (path -> text)."""
    repo = tmp_path / "repo"
    files = {f"{service}/core/src/main/java/A.java":
             f'class A {{ @Value("${{{service}.enabled:false}}") boolean on; }}\n'
             for service in rf.SERVICES + (rf.SHARED,)}
    files.update(extra or {})
    for path, text in files.items():
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        (repo / path).write_text(text)
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@t")
    for args in (["init", "-q"], ["add", "."], ["commit", "-qm", "x"], ["tag", "spinnaker-release-2099.1.0"]):
        subprocess.run(["git", "-C", str(repo), *args], check=True, env=env)
    return repo


def test_writes_one_sorted_file_per_release_from_a_git_repository(tmp_path):
    repo = tagged_monorepo(tmp_path, {
        "gate/core/src/test/java/T.java": 'class T { @Value("${only.in.tests}") String x; }\n'})
    out = tmp_path / "facts"
    assert rf.main(["--repo", str(repo), "--tag", "spinnaker-release-2099.1.0", "--out", str(out)]) == 0
    import json
    doc = json.loads((out / "2099.1.0.json").read_text())
    assert doc["stands-for"] == "2099.1.x"
    assert doc["origin"]["tag"] == "spinnaker-release-2099.1.0"
    assert doc["services"]["gate"] == {"gate/core/src/main/java/A.java": ["gate.enabled"]}
    first = (out / "2099.1.0.json").read_text()
    rf.main(["--repo", str(repo), "--tag", "spinnaker-release-2099.1.0", "--out", str(out)])
    assert (out / "2099.1.0.json").read_text() == first


@pytest.mark.parametrize("path", ["svc/src/test/java/A.java", "kork/kork-test/src/main/java/A.java",
                                  "svc/src/integration/java/A.java"])
def test_test_sources_are_not_main_sources(path):
    assert rf.NOT_MAIN.search(path)


SHIPPED_ORCA_YML = """
front50:
  baseUrl: ${services.front50.baseUrl:http://localhost:8080}
kayenta:
  enabled: ${services.kayenta.enabled:false}   # a comment: ${not.in.a.comment}
redis:
  connection: ${services.redisRo.baseUrl:${services.redis.baseUrl:redis://localhost:6379}}
#  text: "Version ${trigger.buildInfo.version} deployed"
"""


def test_yaml_placeholders_nested_and_outside_comments():
    found = []
    rf.yaml_placeholders("orca/orca-web/config/orca.yml", SHIPPED_ORCA_YML,
                         lambda key, path: found.append((key, path)))
    assert {key for key, _ in found} == {"services.front50.baseUrl", "services.kayenta.enabled",
                                         "services.redisRo.baseUrl", "services.redis.baseUrl"}
    assert {path for _, path in found} == {"orca/orca-web/config/orca.yml"}


def test_placeholders_of_the_config_file_the_image_ships_are_reads(tmp_path):
    repo = tagged_monorepo(tmp_path, {
        "orca/orca-web/config/orca.yml": SHIPPED_ORCA_YML,
        # not in the image: only config/<service>.yml of the -web project is packaged
        "orca/orca-web/config/orca-local.yml": "x: ${only.in.a.local.profile}\n",
        "orca/orca-core/config/orca.yml": "x: ${not.the.web.project}\n",
        "kork/kork-web/config/kork.yml": "x: ${kork.is.no.image}\n",
    })
    out = tmp_path / "facts"
    assert rf.main(["--repo", str(repo), "--tag", "spinnaker-release-2099.1.0", "--out", str(out)]) == 0
    import json
    orca = json.loads((out / "2099.1.0.json").read_text())["services"]["orca"]
    assert "services.kayenta.enabled" in orca["orca/orca-web/config/orca.yml"]
    assert "services.redis.baseUrl" in orca["orca/orca-web/config/orca.yml"]
    every = json.dumps(json.loads((out / "2099.1.0.json").read_text())["services"])
    for key in ("only.in.a.local.profile", "not.the.web.project", "kork.is.no.image", "not.in.a.comment",
                "trigger.buildInfo.version"):
        assert key not in every
