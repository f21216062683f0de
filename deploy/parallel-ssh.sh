#!/usr/bin/env bash
# One enumeration spread over several machines with GNU parallel over ssh:
#   deploy/parallel-ssh.sh PUZZLE|FILE JOBS DIR SSHLOGINFILE
# SSHLOGINFILE lists the machines, one a line, as GNU parallel's
# --sshloginfile reads them ("8/user@host" runs 8 jobs at once on host; ":"
# is this machine). polyviz must be on each machine's PATH (or set
# POLYVIZ_REMOTE to its path there). No shared filesystem is needed: the
# problem file and the jobs file (with its index) go to each machine once
# (--basefile; a split with --job-files sends each job file with its job,
# --transferfile), the result comes back (--return), and all are removed
# from the remote machine (--cleanup). Rerunning the script reruns only the
# jobs with no result yet. GNU parallel copies the files with rsync, which
# each machine needs. A job's checkpoint (every CHECKPOINT_EVERY, default
# 1m) stays on the machine that ran it, in the login folder: a rerun goes
# on from it when the job lands there again, and starts it over elsewhere.
# POLYVIZ is the binary (default: polyviz on PATH); the headless build
# (CGO_ENABLED=0 go build -tags headless ./cmd/polyviz) is static and needs
# no X or OpenGL, so it runs on any Linux machine of the same architecture.
# DISTINCT (none, the default, rotations or all) splits a distinct count.
# ENGINE (dlx, bits or auto, the default) is the search engine of the jobs:
# auto runs the bitset engine where it applies (packings), with DLX1's
# nodes and updates on problems without multiplicities.
set -euo pipefail
puzzle=$1 jobs=$2 dir=$3 logins=$4
polyviz=${POLYVIZ:-polyviz}
remote=${POLYVIZ_REMOTE:-polyviz}
case $logins in /*) ;; *) logins=$PWD/$logins ;; esac # read after cd "$dir"
[ -r "$logins" ] || { echo "$0: cannot read the login file $logins" >&2; exit 2; }
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
cd "$dir"
# the problem the jobs share, beside them on each machine (none: an older
# split, whose job files hold their own)
base=()
for f in problem.dlx problem.spec jobs.jsonl jobs.index; do [ ! -e "$f" ] || base+=(--basefile "$f"); done
# the jobs with no result yet (all of them the first time)
if [ -e jobs.jsonl ]; then
  # by index from 0, with its result's name
  n=$(($(wc -l <jobs.index) - 1))
  for ((i = 1; i <= n; i++)); do
    printf -v r 'job-%04d' "$i"
    [ -e "$r.result.json" ] || echo "$((i - 1)) $r"
  done |
    parallel --colsep ' ' --joblog joblog --sshloginfile "$logins" "${base[@]}" \
      --return {2}.result.json --cleanup \
      "$remote" run-job -j 1 --checkpoint-every "${CHECKPOINT_EVERY:-1m}" --index {1} . -o .
else
  for j in job-[0-9]*[0-9].json; do [ -e "${j%.json}.result.json" ] || echo "$j"; done |
    parallel --joblog joblog --sshloginfile "$logins" "${base[@]}" \
      --transferfile {} --return {.}.result.json --cleanup \
      "$remote" run-job -j 1 --checkpoint-every "${CHECKPOINT_EVERY:-1m}" {} -o {.}.result.json
fi
cd - >/dev/null
"$polyviz" merge "$dir"
