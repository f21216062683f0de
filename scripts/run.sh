#!/usr/bin/env bash
# Builds polyviz and opens it on a built-in puzzle (the Soma cube by default).
# Usage: scripts/run.sh [FILE|PUZZLE]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
# The binary is built for this machine: where its CPU has the x86-64-v3
# instructions (AVX2, BMI1/2, LZCNT, ...), the Go code around the search
# kernels uses them, 2-3% faster; the kernels themselves pick AVX-512, AVX2 or
# BMI at run time in any build. GOAMD64 in the environment wins.
# /proc/cpuinfo says whether to try (some virtual machines leave LZCNT's "abm"
# out of it while the CPU has it, so it is not asked for), and Go's own start-up
# check decides: a v3 binary refuses to start on a CPU without them, and then
# the portable build is made.
if [ -z "${GOAMD64:-}" ] && [ "$(uname -m)" = x86_64 ] && [ -r /proc/cpuinfo ]; then
  flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
  v3=yes
  for f in avx avx2 bmi1 bmi2 f16c fma movbe xsave; do
    case "$flags" in *" $f "*) ;; *) v3=no ;; esac
  done
  if [ "$v3" = yes ] && GOAMD64=v3 go build -o polyviz ./cmd/polyviz && ./polyviz help >/dev/null 2>&1; then
    exec ./polyviz "$@"
  fi
fi
go build -o polyviz ./cmd/polyviz
exec ./polyviz "$@"
