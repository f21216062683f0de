#!/usr/bin/env bash
# Runs every fuzz test of the repository (each func FuzzXxx(f *testing.F) in
# a _test.go file), one after the other with one worker each, for FUZZTIME
# each: scripts/fuzz.sh [FUZZTIME], 10s by default (CI's short run);
# scripts/fuzz.sh 10m for a longer hunt. Any failure (a panic, an error
# without a position, a round trip that differs, a fuzzer still running
# five minutes after its time) fails the run once every fuzzer has had its
# turn. Go writes the input that failed to PKG/testdata/fuzz/FuzzXxx/,
# where plain `go test` runs it again: fix the reader, and commit that file
# with the fix as a regression case.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime=${1:-10s}
# go test -fuzz waits for the input at hand when the time is up: an input
# that hangs a reader would hang the run, so each fuzzer gets its time, and
# the build, plus five minutes
case $fuzztime in
  *h) limit=$((${fuzztime%h} * 3600)) ;;
  *m) limit=$((${fuzztime%m} * 60)) ;;
  *s) limit=${fuzztime%s} ;;
  *) echo "usage: scripts/fuzz.sh [FUZZTIME], as 10s, 10m or 1h" >&2; exit 2 ;;
esac
limit=$((limit + 300))
failed=()
n=0
while IFS=: read -r file name; do
  pkg=./$(dirname "$file")
  n=$((n + 1))
  echo "-- $name in $pkg ($fuzztime)"
  corpus=$pkg/testdata/fuzz/$name
  before=$(ls "$corpus" 2>/dev/null | sort || true)
  log=$(mktemp)
  if timeout "$limit" go test -vet=off -run='^$' -fuzz="^$name\$" -fuzztime="$fuzztime" -parallel=1 "$pkg" 2>&1 | tee "$log"; [ "${PIPESTATUS[0]}" -eq 0 ]; then
    :
  elif [ "$(ls "$corpus" 2>/dev/null | sort || true)" = "$before" ] &&
    [ "$(grep -c -- '--- FAIL' "$log")" -eq 1 ] &&
    grep -qx '    context deadline exceeded' "$log" &&
    go test -vet=off -count=1 -run="^$name\$" "$pkg"; then
    # Go's fuzz coordinator (go.dev/issue/75804, fixed in Go 1.27) can
    # report its own -fuzztime deadline as a failure when a starved worker
    # is mid-input; with no input written and the corpus passing again,
    # nothing failed in our code
    echo "fuzz: $name stopped on Go's fuzztime deadline race, no failing input; its corpus passes"
  else
    failed+=("$name in $pkg")
  fi
  rm -f "$log"
done < <(grep -rE --include='*_test.go' -o '^func Fuzz[A-Za-z0-9_]*\(f \*testing\.F\)' . |
  sed -E 's#^\./##; s#:func (Fuzz[A-Za-z0-9_]*)\(.*#:\1#' | sort)
if [ "$n" -eq 0 ]; then
  echo "fuzz: no fuzz tests found" >&2
  exit 1
fi
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: ${#failed[@]} of $n fuzzers failed:" >&2
  printf '  %s\n' "${failed[@]}" >&2
  echo "fuzz: each failing input is in PKG/testdata/fuzz/FUZZER/ (go test -run=FUZZER/NAME runs it)" >&2
  exit 1
fi
echo "fuzz: $n fuzzers, $fuzztime each, no failure"
