#!/usr/bin/env bash
# One enumeration spread over the cores of this machine with GNU parallel:
#   deploy/parallel-local.sh PUZZLE|FILE JOBS DIR [PARALLEL_OPTIONS...]
# Splits the search into JOBS job files in DIR, runs them (one worker each,
# as many at once as there are cores), and merges. Run it again after a crash
# or a kill: it runs only the jobs with no result (a job killed midway left
# none: results are written atomically), and each goes on from the
# checkpoint it saved beside its result (every CHECKPOINT_EVERY, default
# 1m) rather than from its start; merge names any job still missing.
# POLYVIZ is the binary (default: polyviz on PATH); the headless build
# (CGO_ENABLED=0 go build -tags headless ./cmd/polyviz) is static and needs
# no X or OpenGL, so it runs on any Linux machine of the same architecture.
# DISTINCT (none, the default, rotations or all) splits a distinct count.
# ENGINE (dlx, bits or auto, the default) is the search engine of the jobs:
# auto runs the bitset engine where it applies (packings), with DLX1's
# nodes and updates on problems without multiplicities.
set -euo pipefail
puzzle=$1 jobs=$2 dir=$3
shift 3
polyviz=${POLYVIZ:-polyviz}
# a rerun goes on with the split in DIR only when it was made by the same
# arguments: another puzzle's split there would give its totals, not these
args="$puzzle --jobs $jobs --engine ${ENGINE:-auto} --distinct ${DISTINCT:-none}"
if [ -f "$dir/manifest.json" ]; then
  made=$(cat "$dir/recipe.args" 2>/dev/null || echo "an unknown split")
  [ "$made" = "$args" ] || { echo "$0: $dir holds the split of $made, not of $args: give another folder, or the same arguments to go on with it" >&2; exit 2; }
else
  "$polyviz" split "$puzzle" --jobs "$jobs" --engine "${ENGINE:-auto}" --distinct "${DISTINCT:-none}" -o "$dir"
  printf '%s\n' "$args" >"$dir/recipe.args"
fi
# the jobs with no result yet (all of them the first time), by their
# index from 0: a line of jobs.jsonl, or a job file (split --job-files)
if [ -e "$dir/jobs.index" ]; then
  n=$(($(wc -l <"$dir/jobs.index") - 1))
else
  n=$(find "$dir" -maxdepth 1 -name 'job-[0-9]*[0-9].json' | wc -l)
fi
for ((i = 1; i <= n; i++)); do
  printf -v r '%s/job-%04d.result.json' "$dir" "$i"
  [ -e "$r" ] || echo $((i - 1))
done |
  parallel --joblog "$dir/joblog" "$@" \
    "$polyviz" run-job -j 1 --checkpoint-every "${CHECKPOINT_EVERY:-1m}" --index {} "$dir" -o "$dir"
"$polyviz" merge "$dir"
