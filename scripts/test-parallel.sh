#!/usr/bin/env bash
# Tests the GNU parallel recipe (deploy/parallel-local.sh) for real: split pentacube 3x4x5 into 64 jobs, run them through GNU
# parallel, and while they run kill one running `polyviz run-job` of that
# parallel run with SIGKILL once it has saved a checkpoint with work in it
# (CHECKPOINT_EVERY shortened to 20ms); the recipe then fails, merge names
# the job and prints no total; the recipe run again runs only that job,
# which goes on from its checkpoint (its result says how many nodes it
# resumed), and merge says 31520 raw solutions (the known count), with the
# nodes and updates of DLX1. Every job run again then (an array
# resubmitted whole) finds its complete result and searches nothing. The
# jobs run the bitset engine (ENGINE=auto, the recipe's default; ENGINE=dlx
# for the dancing links, some three times slower here).
#   scripts/test-parallel.sh [PUZZLE [JOBS]]
# The default takes some 40 s of CPU. Another PUZZLE (pentomino-5x12 takes
# 5 s) is checked against `polyviz solve`.
set -euo pipefail
cd "$(dirname "$0")/.."
puzzle=${1:-pentacube-3x4x5}
jobs=${2:-64}
tmp=$(mktemp -d)
recipe=
cleanup() {
  [ -z "$recipe" ] || kill "$recipe" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
CGO_ENABLED=0 go build -tags headless -o "$tmp/polyviz" ./cmd/polyviz # the headless build, as on cluster nodes
export POLYVIZ="$tmp/polyviz"
summary='Altogether [0-9]* solutions\?, [0-9]* updates, [0-9]* nodes'
if [ "$puzzle" = pentacube-3x4x5 ]; then
  want_solutions=31520 # Knuth's and BurrTools' count, every rotation
else
  want=$("$POLYVIZ" solve --engine bits -j 2 "$puzzle" 2>&1 | grep -o "$summary" | tail -n 1)
  echo "solve:  $want"
  want_solutions=$(echo "$want" | awk '{print $2}')
fi

# the recipe, with one running job killed midway
export CHECKPOINT_EVERY=20ms
deploy/parallel-local.sh "$puzzle" "$jobs" "$tmp/run" >"$tmp/first.out" 2>&1 &
recipe=$!
victim= job=
while kill -0 "$recipe" 2>/dev/null && [ -z "$victim" ]; do
  # a run-job of this run that has saved a checkpoint with work in it,
  # frozen with SIGSTOP so that it cannot finish, then killed with SIGKILL
  for ck in "$tmp"/run/job-*.checkpoint.json; do
    grep -qs '"nodes": [1-9]' "$ck" || continue
    job=$(basename "${ck%.checkpoint.json}").json
    idx=$((10#$(echo "$job" | tr -dc 0-9) - 1))
    pid=$(pgrep -f "^$POLYVIZ run-job .*--index $idx $tmp/run -o" | head -n 1 || true)
    [ -n "$pid" ] && kill -STOP "$pid" 2>/dev/null || continue
    if [ ! -e "${ck%.checkpoint.json}.result.json" ] && kill -9 "$pid" 2>/dev/null; then
      victim=$pid
      echo "killed run-job $job (pid $pid), which had saved a checkpoint, with SIGKILL"
      break
    fi
    kill -CONT "$pid" 2>/dev/null || true
  done
  [ -n "$victim" ] || sleep 0.005
done
first=0
wait "$recipe" || first=$?
recipe=
[ -n "$victim" ] || { echo "FAIL: no run-job was seen running"; cat "$tmp/first.out"; exit 1; }
[ "$first" -ne 0 ] || { echo "FAIL: the recipe succeeded with a job killed"; cat "$tmp/first.out"; exit 1; }
[ ! -e "$tmp/run/${job%.json}.result.json" ] || { echo "FAIL: the killed job left a result"; exit 1; }
n=$((10#$(echo "$job" | tr -dc 0-9)))
if "$POLYVIZ" merge "$tmp/run" >"$tmp/merge.out" 2>&1; then
  echo "FAIL: merge with job $n missing succeeded"; cat "$tmp/merge.out"; exit 1
fi
grep -q "missing: job $n\$" "$tmp/merge.out" || { echo "FAIL: merge did not name job $n"; cat "$tmp/merge.out"; exit 1; }
! grep -q Altogether "$tmp/merge.out" || { echo "FAIL: merge printed a total"; exit 1; }
done_jobs=$(ls "$tmp"/run/*.result.json | wc -l)
echo "first run: $done_jobs of $jobs results; merge names job $n and prints no total"

# the recipe again: GNU parallel runs the missing job only
deploy/parallel-local.sh "$puzzle" "$jobs" "$tmp/run" >"$tmp/rerun.out" 2>&1 ||
  { echo "FAIL: the rerun failed"; cat "$tmp/rerun.out"; exit 1; }
ran=$(($(wc -l <"$tmp/run/joblog") - 1)) # the joblog of the last run
[ "$ran" -eq 1 ] || { echo "FAIL: the rerun ran $ran jobs, want 1"; exit 1; }
resumed=$(grep -o '"resumed_nodes": [0-9]*' "$tmp/run/${job%.json}.result.json" | grep -o '[0-9]*$' || true)
[ "${resumed:-0}" -gt 0 ] || { echo "FAIL: the rerun of job $n started from its beginning, not from its checkpoint"; exit 1; }
echo "rerun: job $n went on from its checkpoint ($resumed nodes searched)"
got=$(grep -o "$summary" "$tmp/rerun.out" | tail -n 1)
echo "merge:  $got"
[ "$(echo "$got" | awk '{print $2}')" = "$want_solutions" ] || { echo "FAIL: want $want_solutions solutions"; exit 1; }
[ -z "${want:-}" ] || [ "$got" = "$want" ] || { echo "FAIL: merge differs from solve"; exit 1; }
# every job again, as an array resubmitted whole: each finds its complete
# result and searches nothing, the results untouched
before=$(cat "$tmp"/run/*.result.json | cksum)
seq 0 $((jobs - 1)) | parallel "$POLYVIZ" run-job -j 1 --index {} "$tmp/run" -o "$tmp/run" >"$tmp/again.out" 2>&1 ||
  { echo "FAIL: a job with its result, run again, failed"; cat "$tmp/again.out"; exit 1; }
done_again=$(grep -c 'result already complete in .*; nothing to do' "$tmp/again.out" || true)
[ "$done_again" -eq "$jobs" ] && ! grep -q Altogether "$tmp/again.out" ||
  { echo "FAIL: run again, $done_again of $jobs jobs said their result was complete"; cat "$tmp/again.out"; exit 1; }
[ "$(cat "$tmp"/run/*.result.json | cksum)" = "$before" ] || { echo "FAIL: a complete result was rewritten"; exit 1; }
echo "every job run again: $jobs of $jobs found their complete result and searched nothing"
# the folder of this split refuses the recipe with other arguments
if deploy/parallel-local.sh "$puzzle" $((jobs + 1)) "$tmp/run" >"$tmp/other.out" 2>&1; then
  echo "FAIL: the recipe went on with a split of other arguments"; cat "$tmp/other.out"; exit 1
fi
grep -q "holds the split of $puzzle --jobs $jobs" "$tmp/other.out" || { echo "FAIL: the refusal does not say whose split"; cat "$tmp/other.out"; exit 1; }
echo "ok: GNU parallel recipe ($puzzle, $jobs jobs, job $n killed and resumed from its checkpoint)"
