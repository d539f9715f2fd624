"""Where the JDK of the release's images reads its CA certificates: sourced data.

The images are built from spinnaker/spinnaker at spinnaker-release-2026.2.3: each Java service's
`Dockerfile.slim` (the default variant) is `FROM alpine:3.20` and installs Alpine's `openjdk17-jre`
(`apk add ... openjdk17-jre`, e.g. orca/Dockerfile.slim, rosco/Dockerfile.slim; clouddriver's
`FROM python:3.12-alpine3.20` the same way), its `Dockerfile.ubuntu` (the `-ubuntu` variant) is
`FROM ubuntu:jammy` and installs `openjdk-17-jre-headless`.

Both packages make the JDK's own `lib/security/cacerts` a link to `/etc/ssl/certs/java/cacerts`, the
trust store the distribution keeps in step with its CA certificates:
- Alpine: aports community/openjdk17/APKBUILD, `_jre_headless()`: "symlink to shared cacerts store",
  `ln -sf /etc/ssl/certs/java/cacerts "$_toroot/lib/security/cacerts"` (the store from
  `java-cacerts`, a dependency);
- Debian/Ubuntu: the file list of openjdk-17-jre-headless (`dpkg -L`, Debian 12
  17.0.15+6-1~deb12u1; Ubuntu builds the same source package) holds
  `/usr/lib/jvm/java-17-openjdk-amd64/lib/security/cacerts`, a link to
  `/etc/ssl/certs/java/cacerts` (written by ca-certificates-java).

So the JDK reads `/etc/ssl/certs/java/cacerts` (or a trust store named by
`-Djavax.net.ssl.trustStore`), and nothing else: not a PEM bundle, not a Red Hat (UBI) location such
as `/etc/pki/ca-trust/extracted/java/cacerts`, where a UBI-based vendor image keeps it.
"""
from __future__ import annotations

CACERTS = "/etc/ssl/certs/java/cacerts"

# variant: (base image, JDK package, JAVA_HOME): the JDK's cacerts is a link to CACERTS in both.
IMAGE_JDKS = {
    "slim": ("alpine:3.20", "openjdk17-jre", "/usr/lib/jvm/java-17-openjdk"),
    "ubuntu": ("ubuntu:jammy", "openjdk-17-jre-headless", "/usr/lib/jvm/java-17-openjdk-amd64"),
}

# Where other distributions keep the JDK's CA store, which these JDKs never read.
OTHER_CA_LOCATIONS = ("/etc/pki/ca-trust/extracted/java", "/etc/pki/java")


def variant(tag: str) -> str:
    """The image variant of a release image's tag (`2026.4.0-ubuntu` -> ubuntu; anything else slim)."""
    return "ubuntu" if "-ubuntu" in tag else "slim"


def read_stores(tag: str) -> tuple:
    """The trust stores the image's JDK reads by default: CACERTS and the JDK's own link to it."""
    java_home = IMAGE_JDKS[variant(tag)][2]
    return (CACERTS, f"{java_home}/lib/security/cacerts")
