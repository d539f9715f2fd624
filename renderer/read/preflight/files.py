"""Files the halconfig names, which must be mounted in the pods that read them."""
from __future__ import annotations

from renderer.model.references import is_reference
from .registry import check


# Fields holding a file path inside a service container.
FILE_FIELDS = frozenset((
    "kubeconfigFile", "jsonPath", "sshPrivateKeyFilePath", "sshKnownHostsFilePath", "serviceKeyFile",
    "caCertFile", "passwordFile", "dockerconfigFile", "usernamePasswordFile", "tokenFile", "trustStore",
    "keyStore", "sslCertificateFile", "sslCertificateKeyFile", "sslCACertificateFile", "credentialPath",
    "credentials_path"))


@check("file-mounted", "any file path (kubeconfigFile, jsonPath, keyStore, ...)",
       "is under a directory the chart mounts: /var/secrets (secrets.files) or a services.<name>.extraVolumeMounts path",
       "Put the file in a Secret listed in secrets.files and refer to it as /var/secrets/<key>, or mount it "
       "with services.<name>.extraVolumes/extraVolumeMounts.", needs_chart=True, strings_under=FILE_FIELDS,
       evidence="The service opens the file when it loads the account or starts; a path no volume provides "
                "does not exist in the pod.")
def _files(hal, chart, found):
    for path, value in found:
        if value.startswith(chart.mounts):
            continue  # the common case first: a mounted path
        if not value.startswith("/") or is_reference(value):
            continue  # encrypted:..., classpath:..., ${...} or relative: resolved by the service
        mounted = ", ".join(m.rstrip("/") for m in chart.mounts) or "none (secrets.files is empty)"
        yield path, f"{value} is not in a directory the chart mounts (mounted: {mounted})."
