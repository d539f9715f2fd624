"""What a Spinnaker release changes that configuration alone cannot carry across: data.

Keys that move between releases are declared on the model's fields (`Read`
spans, renderer/model/dsl.py) and the plan reads them there. This table holds
the rest: one-time steps an upgrade needs (state to flush, an identity provider
to update) and deprecations, each as one entry with the first release it
applies to and the source it was checked in (a path in spinnaker/spinnaker at
the named tag, or `main` after the newest release branch, which stands for the
next release as in docs/release-facts.md). `spinnaker-renderer plan` lists an
entry when a bump crosses its release and its condition holds; nothing else
decides what a plan says about a release.

Per entry:
- `release`: the first release with the change;
- `kind`: `step` (do this once, around the upgrade) or `deprecated` (works,
  with the release it goes away in `removedAfter`);
- `services`: the services it concerns;
- `when`: halconfig switches (as `enabledWhen` in service_facts: a dotted path
  to a boolean, `.*.` for any entry); the entry applies when any is on (empty:
  always); `state`: {fact: [values]} about the deployment's state as the plan
  reads it (`front50Store`: sql, s3, gcs, azs, oracle, redis);
- `what`: the change and what to do, short;
- `source`: where it was checked.
"""
from __future__ import annotations

CHANGES = (
    {
        "id": "gate-oauth2-redirect",
        "release": "2025.2.0",
        "kind": "step",
        "services": ["gate"],
        "when": ["security.authn.oauth2.enabled"],
        "what": "gate became a Spring Security OAuth2 client: its login callback moves from <gate>/login to "
                "<gate>/login/oauth2/code/<registration>; register the new redirect URI with the OAuth2 "
                "provider before upgrading, or logins fail with a redirect mismatch.",
        "source": "gate/gate-oauth2/src/main/java/com/netflix/spinnaker/gate/security/oauth2/OAuth2SsoConfig.java "
                  "at spinnaker-release-2025.2.0 (oauth2Login; at spinnaker-release-2025.1.6 the legacy SSO "
                  "redirected to /login)",
    },
    {
        "id": "gate-spring-boot-3-sessions",
        "release": "2025.4.0",
        "kind": "step",
        "services": ["gate"],
        "when": ["security.authn.enabled"],
        "what": "the services move from Spring Boot 2.7 to 3.0; gate keeps its HTTP sessions in Redis (Spring "
                "Session), and sessions written by the old version cannot be read by the new one: flush gate's "
                "sessions from Redis during the upgrade (users log in again).",
        "source": "kork/spinnaker-dependencies/spinnaker-dependencies.gradle (springBoot 3.0.13 at "
                  "spinnaker-release-2025.4.0, 2.7.18 at spinnaker-release-2025.3.2); "
                  "gate/gate-web/gate-web.gradle (spring-session-data-redis)",
    },
    {
        "id": "gate-saml-relying-party",
        "release": "2026.3.0",
        "kind": "step",
        "services": ["gate"],
        "when": ["security.authn.saml.enabled"],
        "what": "gate reads its SAML connection settings as Spring Boot's relying party registration (the "
                "renderer writes them there) and fails to start on the old saml.* ones; a keyStore has no "
                "equivalent: export its key and certificate as PEM files (signingCredentials) before upgrading.",
        "source": "gate/gate-saml/docs/saml-migration.md (main after release-2026.2.x, commit 94b9ccf146)",
    },
    {
        "id": "front50-non-sql-deprecated",
        "release": "2026.3.0",
        "kind": "deprecated",
        "removedAfter": "2027.0.0",
        "services": ["front50"],
        "when": [],
        "state": {"front50Store": ["s3", "gcs", "azs", "oracle", "redis"]},
        "what": "front50's object-store and Redis metadata backends are deprecated (a warning at start-up) and "
                "scheduled for removal after 2027.0.0: plan a move of front50 to SQL (storage.bundled, or "
                "persistentStorage.sql).",
        "source": "front50/front50-core/src/main/java/com/netflix/spinnaker/front50/config/"
                  "DeprecatedStorageBackend.java (main after release-2026.2.x, commit af1d3a4ef1, #7886)",
    },
)
