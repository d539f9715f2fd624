#!/bin/sh
# Regenerate every committed facts file (tests/data/release-facts/) from a local
# Spinnaker monorepo: scripts/release-facts-all.sh /path/to/spinnaker.git
# To add a release, add its tag below (the newest patch of each line stands for the line).
set -eu
repo=${1:?usage: $0 PATH-TO-SPINNAKER-MONOREPO}
here=$(dirname "$0")
tags="2025.0.8 2025.1.6 2025.2.4 2025.3.2 2025.4.4 2026.0.4 2026.1.2 2026.2.3"
args=""
for t in $tags; do args="$args --tag spinnaker-release-$t"; done
python3 "$here/release-facts.py" --repo "$repo" $args
python3 "$here/release-facts.py" --repo "$repo" --commit HEAD --name main \
  --stands-for "2026.3.x and newer (2026.4.0 included): main after the newest release tag in the mirror"
python3 "$here/release-facts.py" --repo "$repo" --subtrees-before 2024-08-08 --name 1.35 \
  --stands-for "the 1.3x line (1.35.x): no monorepo tag; each service's imported history before 2024-08-08, the release-1.35.x branch cut (approximate)"
