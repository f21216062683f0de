#!/usr/bin/env bash
# Builds polyviz and opens it on a built-in puzzle (the Soma cube by default).
# Usage: scripts/run.sh [FILE|PUZZLE]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
go build -o polyviz ./cmd/polyviz
exec ./polyviz "$@"
