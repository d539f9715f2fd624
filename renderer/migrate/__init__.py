"""`spinnaker-renderer migrate HAL_DIR`: a whole Halyard directory as chart values.

A pipeline, in the order the data flows (`pipeline.migrate`):

1. read HAL_DIR (`haldir.read_hal_dir`; its first step, `open_hal_dir`, is also `validate`'s): the
   config, one deployment's profiles and service-settings, every file the config names (`files`),
   all through `scope` (what may be read: HAL_DIR and what --include adds, bounded, links out of it
   not followed); a `hal backup` archive is unpacked safely first (`backup`);
2. settle the deployment and the release, then one pass per concern (`passes`, run in this order).
   Each takes Halyard's facts (`passes.facts.Halyard`: the deployment as written, its
   service-settings, which HA splits ran, where a setting goes) and gives values plus report items;
   it reads the deploymentEnvironment and service-settings fields it owns through the facts' walkers,
   which note them as read:
   - `release`: `spinnaker.version`, always pinned (Halyard's release when the chart runs it, else the
     chart's, with the one-time steps of that jump from renderer/release_changes.py), the config's own
     problems with the values path to fix, `halconfig` (kleat form, fields the release does not read
     left out, inline credentials moved by `credentials` to `${HAL_...}` placeholders);
   - `deployment`: `type`, `location` (Halyard's namespace, for the report's commands), which
     services run (service-settings `enabled`);
   - `ha`: `haServices` -> `ha.<service>.enabled`; a split's own on/off switch. Which splits ran is
     known to every pass before any runs (`Halyard.ha_on`), so sizing, settings and stores land per split;
   - `images`: `imageVariant`, `artifactId` -> `services.<name>.image` (kept only for the release it
     was built for), `kubernetes.imagePullSecrets`;
   - `sizing`: `customSizing`, `targetSize` -> replicas and resources, completed as Kubernetes reads
     them (a JVM Halyard ran on a memory request only gets a limit of at least the chart's default); the
     pods left on the chart's default sizing;
   - `scheduling`: `affinity`, `tolerations`, `nodeSelectors`, `kubernetes.nodeSelector`;
   - `pods`: `sidecars`, `initContainers`, `hostAliases`, `kubernetes.{volumes,podAnnotations,
     podLabels,securityContext,containerSecurityContext,deploymentStrategy}`; Prometheus' scrape
     annotations handed to `network`;
   - `env`: service-settings `env` -> EnvVars and `javaOpts`; every literal credential in them, in
     JAVA_OPTS and in the user's containers (after `pods`) read from the credentials Secret instead;
   - `jvm`: Halyard's default heap share (`serviceDefaults.javaOpts`), and each Java workload's heap
     fitted to its pods' memory (runtime.jvm.max_heap_for for the ones Halyard ran on requests only), an
     `-Xms` above it lowered (after `sizing` and `env`);
   - `probes`: Halyard's readiness and liveness probes and stop times against the chart's;
   - `redis`: service-settings/redis.yml, else Halyard's own spin-redis kept for the cut-over;
     clouddriver's read replica (`haServices.*.redis*Endpoint`). SQL settings live in the halconfig and
     profiles, which arrive as they are;
   - `network`: ports, Service type/annotations/labels, nodePort, `overrideBaseUrl` and `location`
     (how services are reached), the ServiceAccount each runs as (the one its Halyard pod ran as, used as
     the existing account: clouddriver without one as the namespace's `default`), and the scraping
     Prometheus needs admitted;
   - `profiles`: `<deployment>/profiles` -> `profiles`, `settingsLocalJs`, `bootstrapConfig`,
     their credentials placeholders;
   - `stores`: key and trust stores the profiles and JAVA_OPTS name, read from HAL_DIR into the
     referenced files' Secret (the settings pointed at /var/secrets); service-settings `scheme`
     judged against what the profiles serve (after `profiles` and `jvm`);
   - `cabundle`: a CA store mounted where a Red Hat (UBI) JDK reads it moved to where the release's JDK
     reads it (/etc/ssl/certs/java, runtime.image_jdks), a `-Djavax.net.ssl.trustStore` naming it
     following; a vendor image kept keeps its path (after `pods`, `images` and `stores`);
   - `servicenames`: Halyard's Service names (`spin-<service>`, `spin-<service>-<split>`, in any DNS form)
     become the release's (--release-name, the chart's naming rule) in URLs of the javaOpts, env,
     profiles and settings-local.js, in `-Dhttp.nonProxyHosts` and in NO_PROXY, each rule reported with
     its places; a name of a service the release does not run is reported (after `profiles` and `stores`);
   - `unread`: every deploymentEnvironment and service-settings field no pass read, dropped with why;
   - `secrets`: the referenced files grouped into one Secret per set of readers (`secrets.files`),
     the credentials' placeholders (`secrets.env`), the Kubernetes Secrets the config names granted
     to their readers (`kubernetes_secrets`);
3. report: `settle` takes out (and reports) what every Helm route would refuse, so the values render;
   the findings are a `report.MigrationReport` (mapped, converted, dropped, secret, human, different);
4. write (`output`): values.yaml with comments, the Secret manifests or kubectl commands, the report
   as Markdown with the cut-over steps.
"""
from .haldir import HalDir, read_hal_dir
from .output import Migration
from .pipeline import migrate

__all__ = ["HalDir", "read_hal_dir", "Migration", "migrate"]
