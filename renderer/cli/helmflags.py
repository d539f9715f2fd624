"""The flags of `helm install|upgrade|template`, and which take the next argument as their value.

Data, derived from Helm's own flag definitions as `helm <verb> --help` prints them for the
Helm v3.17.2 and v4.1.4 binaries the tests pin (scripts/helm-binaries.sha256). Cobra/pflag
print a flag's type after its name when it takes a value: such a flag is written `--name=`
here; a flag printed without a type (a boolean) or with a default for a bare flag
(`--dry-run string[="client"]`, `--wait WaitStrategy[=watcher]`) takes a value only as
`--name=value` and is written `--name`. A shorthand comes first: `-n/--namespace=`.
`common` holds the flags all three verbs have (the global flags included). Hidden
(deprecated) flags are not printed by helm, so they are not here.
tests/test_helm_binary.py derives this table again from the real binaries and fails when it
differs: after changing the pinned Helm versions, paste what that test prints.
"""
from __future__ import annotations

VERBS = ("install", "upgrade", "template")
LATEST = 4

_TABLE = {
    3: {
        "common": """
            --atomic --burst-limit= --ca-file= --cert-file= --create-namespace --debug
            --dependency-update --description= --devel --disable-openapi-validation --dry-run
            --enable-dns --force -h/--help --hide-notes --insecure-skip-tls-verify --key-file=
            --keyring= --kube-apiserver= --kube-as-group= --kube-as-user= --kube-ca-file=
            --kube-context= --kube-insecure-skip-tls-verify --kube-tls-server-name= --kube-token=
            --kubeconfig= -l/--labels= -n/--namespace= --no-hooks --pass-credentials --password=
            --plain-http --post-renderer-args= --post-renderer= --qps= --registry-config=
            --render-subchart-notes --repo= --repository-cache= --repository-config= --set-file=
            --set-json= --set-literal= --set-string= --set= --skip-crds --skip-schema-validation
            --take-ownership --timeout= --username= -f/--values= --verify --version= --wait
            --wait-for-jobs""",
        "install": """
            -g/--generate-name --hide-secret --name-template= -o/--output= --replace""",
        "upgrade": """
            --cleanup-on-fail --hide-secret --history-max= -i/--install -o/--output=
            --reset-then-reuse-values --reset-values --reuse-values""",
        "template": """
            -a/--api-versions= -g/--generate-name --include-crds --is-upgrade --kube-version=
            --name-template= --output-dir= --release-name --replace -s/--show-only= --skip-tests
            --validate""",
    },
    4: {
        "common": """
            --burst-limit= --ca-file= --cert-file= --color= --colour= --content-cache=
            --create-namespace --debug --dependency-update --description= --devel
            --disable-openapi-validation --dry-run --enable-dns --force-conflicts --force-replace
            -h/--help --hide-notes --insecure-skip-tls-verify --key-file= --keyring=
            --kube-apiserver= --kube-as-group= --kube-as-user= --kube-ca-file= --kube-context=
            --kube-insecure-skip-tls-verify --kube-tls-server-name= --kube-token= --kubeconfig=
            -l/--labels= -n/--namespace= --no-hooks --pass-credentials --password= --plain-http
            --post-renderer-args= --post-renderer= --qps= --registry-config= --render-subchart-notes
            --repo= --repository-cache= --repository-config= --rollback-on-failure --set-file=
            --set-json= --set-literal= --set-string= --set= --skip-crds --skip-schema-validation
            --take-ownership --timeout= --username= -f/--values= --verify --version= --wait
            --wait-for-jobs""",
        "install": """
            -g/--generate-name --hide-secret --name-template= -o/--output= --replace --server-side""",
        "upgrade": """
            --cleanup-on-fail --hide-secret --history-max= -i/--install -o/--output=
            --reset-then-reuse-values --reset-values --reuse-values --server-side=""",
        "template": """
            -a/--api-versions= -g/--generate-name --include-crds --is-upgrade --kube-version=
            --name-template= --output-dir= --release-name --replace --server-side -s/--show-only=
            --skip-tests""",
    },
}


def flags(major: int, verb: str) -> dict[str, tuple[str, bool]]:
    """{`--name` or `-s`: (its long name, whether it takes the next argument as its value)} for
    `helm <verb>` of Helm `major`; a newer Helm than the table knows reads as the newest known."""
    table = _TABLE.get(major) or _TABLE[LATEST if major > LATEST else min(_TABLE)]
    out = {}
    for token in (table["common"] + " " + table[verb]).split():
        names = token.rstrip("=").split("/")
        for name in names:
            out[name] = (names[-1], token.endswith("="))
    return out
