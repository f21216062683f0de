#!/usr/bin/env bash
# Runs the whole test suite on a fresh Debian/Ubuntu machine with Go and gcc:
# installs what it needs, vets, runs every test with the race detector, checks
# formatting, starts the real window under Xvfb for a smoke test, and builds
# and installs the desktop bundle (POLYVIZ_SKIP_BUNDLE=1 skips that: it takes
# a few minutes when the build cache is cold).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh --test
export XDG_CACHE_HOME="${XDG_CACHE_HOME:-$(mktemp -d)}"
echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then echo "gofmt would change: $unformatted"; exit 1; fi
echo "== go vet"
go vet ./...
echo "== go test -race -short (concurrency; the long pure computations skip themselves)"
go test -race -short -count=1 ./...
echo "== go test -short -tags polyvizcheck ./solver/ (dancing links with bounds-checked node access)"
go test -short -count=1 -tags polyvizcheck ./solver/
echo "== go test (everything, literature counts included)"
go test -count=1 ./...
echo "== GNU parallel recipe: split, run-job through parallel, kill one, merge"
scripts/test-parallel.sh
echo "== headless build: static, every command as the desktop build's, cli tests without cgo"
scripts/test-headless.sh
echo "== Slurm recipe on a one-node cluster: sbatch the array, kill a task, requeue it, merge"
scripts/test-slurm.sh
echo "== Kubernetes recipe: kubectl reads the manifests; the pods' commands in an empty root"
scripts/test-k8s.sh
echo "== deploy/: shell syntax of the recipes"
bash -n deploy/*.sh
if [ -x scripts/smoke-xvfb.sh ]; then
  echo "== smoke test: the real window under Xvfb"
  scripts/smoke-xvfb.sh
fi
if [ "${POLYVIZ_SKIP_BUNDLE:-}" != 1 ]; then
  echo "== desktop bundle: build it, make install and make user-install into a temporary folder"
  scripts/test-bundle.sh
fi
