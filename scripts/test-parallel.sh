#!/usr/bin/env bash
# Tests the GNU parallel recipe (deploy/parallel-local.sh) for real: split a
# library puzzle into 64 jobs, run them through GNU parallel, merge: the
# count of one `polyviz solve`; then kill one job midway (SIGKILL), check
# that merge names it and prints no total, rerun the recipe (only that job
# runs again), merge: the same figures.
#   scripts/test-parallel.sh [PUZZLE [JOBS]]
# The default puzzle is pentomino-5x12 (4040 raw solutions), which takes
# some 10-20 s of CPU; pentacube-3x4x5 (31520) is the manual run in the
# README (several minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
puzzle=${1:-pentomino-5x12}
jobs=${2:-64}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/polyviz" ./cmd/polyviz
export POLYVIZ="$tmp/polyviz"
want=$("$POLYVIZ" solve -j 2 "$puzzle" 2>&1 | grep -o 'Altogether [0-9]* solutions\?, [0-9]* updates, [0-9]* nodes' | tail -n 1)
echo "solve:  $want"

# the recipe, end to end
got=$(deploy/parallel-local.sh "$puzzle" "$jobs" "$tmp/run" 2>&1 | grep -o 'Altogether [0-9]* solutions\?, [0-9]* updates, [0-9]* nodes' | tail -n 1)
echo "merge:  $got"
[ "$got" = "$want" ] || { echo "FAIL: merge differs from solve"; exit 1; }

# kill one job midway: its result goes, the rerun is killed with SIGKILL
rm "$tmp/run/job-0007.result.json"
"$POLYVIZ" run-job -j 1 "$tmp/run/job-0007.json" -o "$tmp/run/job-0007.result.json" &
pid=$!
sleep 0.05
kill -9 "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
if [ -e "$tmp/run/job-0007.result.json" ]; then
  echo "note: job 7 ended before the kill; removing its result"
  rm "$tmp/run/job-0007.result.json"
fi
if "$POLYVIZ" merge "$tmp/run" >"$tmp/merge.out" 2>&1; then
  echo "FAIL: merge with job 7 missing succeeded"; cat "$tmp/merge.out"; exit 1
fi
grep -q 'missing: job 7$' "$tmp/merge.out" || { echo "FAIL: merge did not name job 7"; cat "$tmp/merge.out"; exit 1; }
! grep -q Altogether "$tmp/merge.out" || { echo "FAIL: merge printed a total"; exit 1; }
# rerun the recipe: GNU parallel reruns the job whose result is missing
got=$(deploy/parallel-local.sh "$puzzle" "$jobs" "$tmp/run" 2>&1 | grep -o 'Altogether [0-9]* solutions\?, [0-9]* updates, [0-9]* nodes' | tail -n 1)
echo "rerun:  $got"
[ "$got" = "$want" ] || { echo "FAIL: merge after the rerun differs from solve"; exit 1; }
echo "ok: GNU parallel recipe ($puzzle, $jobs jobs)"
