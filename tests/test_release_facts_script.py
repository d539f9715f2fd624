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


def test_writes_one_sorted_file_per_release_from_a_git_repository(tmp_path):
    repo = tmp_path / "repo"
    for service in rf.SERVICES + (rf.SHARED,):
        source = repo / service / "core" / "src" / "main" / "java" / "A.java"
        source.parent.mkdir(parents=True)
        source.write_text(f'class A {{ @Value("${{{service}.enabled:false}}") boolean on; }}\n')
    test_only = repo / "gate" / "core" / "src" / "test" / "java" / "T.java"
    test_only.parent.mkdir(parents=True)
    test_only.write_text('class T { @Value("${only.in.tests}") String x; }\n')
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@t")
    for args in (["init", "-q"], ["add", "."], ["commit", "-qm", "x"], ["tag", "spinnaker-release-2099.1.0"]):
        subprocess.run(["git", "-C", str(repo), *args], check=True, env=env)
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
