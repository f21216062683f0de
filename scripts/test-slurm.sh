#!/usr/bin/env bash
# Tests the Slurm recipe (deploy/slurm-array.sh) for real on a one-node
# cluster on this machine, as a user would set one up to try it:
#   - installs Debian's slurm-wlm and munge (apt-get; sudo when not root);
#   - a munge key and munged, a minimal slurm.conf (proctrack/linuxproc,
#     task/none, no accounting), slurmctld and slurmd started directly (no
#     systemd), all under a temporary folder, on ports 16817-16818;
#   - the headless polyviz (CGO_ENABLED=0 -tags headless);
#   - polyviz split PUZZLE --jobs JOBS, then sbatch exactly as the README says;
#   - kills one running array task's run-job with SIGKILL once it has saved
#     a checkpoint with work in it (CHECKPOINT_EVERY shortened to 20ms): the
#     task fails, left no result, and merge names the job and prints no
#     total;
#   - scontrol requeue of that task: it runs again, going on from its
#     checkpoint (its result says how many nodes it resumed), and merge
#     gives the figures of polyviz solve;
#   - the whole array submitted again: every task finds its result complete
#     and searches nothing;
#   - stops the daemons it started (trap), whatever happens.
#   scripts/test-slurm.sh [PUZZLE [JOBS]]     (default pentomino-6x10, 8)
# It needs root (or sudo) for apt-get and for slurmd. The default takes
# about a minute on 2 cores once the packages are in; pentacube-3x4x5 16
# takes a few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
puzzle=${1:-pentomino-6x10}
jobs=${2:-8}
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

# the packages
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null || ! command -v sbatch >/dev/null; then
  echo "test-slurm: installing slurm-wlm and munge" >&2
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
fi

tmp=$(mktemp -d)
chmod 755 "$tmp" # munged checks the permissions of the folders on its paths
pids=()
cleanup() {
  local status=$?
  # cancel what is still queued, then stop the daemons this script started
  if [ -n "${SLURM_CONF:-}" ] && [ -n "${array:-}" ]; then scancel "$array" 2>/dev/null || true; fi
  for p in "${pids[@]}"; do $SUDO kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do
    for _ in $(seq 50); do $SUDO kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
  done
  if [ "$status" -ne 0 ]; then
    for log in "$tmp"/*.log; do [ -e "$log" ] && { echo "== $log"; tail -n 20 "$log"; }; done
  fi
  $SUDO rm -rf "$tmp"
}
trap cleanup EXIT

# munge: a key, and munged on a socket of our own
mkdir -m 700 "$tmp/munge"
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$tmp/munge/munge.key"
$SUDO munged --foreground --force --key-file="$tmp/munge/munge.key" --socket="$tmp/munge/munge.socket" \
  --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/munged.log" --seed-file="$tmp/munge/munged.seed" \
  >"$tmp/munged.out.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [ -S "$tmp/munge/munge.socket" ] && break; sleep 0.1; done
[ -S "$tmp/munge/munge.socket" ] || { echo "FAIL: munged did not start"; exit 1; }

# a one-node cluster: this machine, every core
host=$(hostname -s)
mkdir -p "$tmp/state" "$tmp/spool"
export SLURM_CONF=$tmp/slurm.conf
cat >"$SLURM_CONF" <<EOF
ClusterName=polyviz-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/munge.socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SchedulerType=sched/backfill
SchedulerParameters=bf_interval=1,sched_min_interval=100000
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
$SUDO env SLURM_CONF="$SLURM_CONF" slurmctld -D -i -f "$SLURM_CONF" >"$tmp/slurmctld.out.log" 2>&1 &
pids+=($!)
$SUDO env SLURM_CONF="$SLURM_CONF" slurmd -D -f "$SLURM_CONF" >"$tmp/slurmd.out.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do
  state=$(sinfo -h -n "$host" -o %t 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 0.2
done
[ "$state" = idle ] || { echo "FAIL: the node is not idle (state '$state')"; exit 1; }
echo "[${SECONDS}s] slurm: one node ($host, $(nproc) CPUs) up: $(sinfo -h -o '%P %a %D %t')"

# the headless binary, as on a cluster node
CGO_ENABLED=0 go build -tags headless -o "$tmp/bin/polyviz" ./cmd/polyviz
export PATH=$tmp/bin:$PATH
cd "$tmp"

# the README's steps
summary='Altogether [0-9]* solutions\?, [0-9]* updates, [0-9]* nodes'
polyviz split "$puzzle" --jobs "$jobs" -o run
array=$(sbatch --parsable --array=1-"$jobs" --export=ALL,DIR="$PWD"/run,CHECKPOINT_EVERY=20ms "$repo"/deploy/slurm-array.sh)
echo "[${SECONDS}s] sbatch: array job $array"
# kill one running task's run-job midway, once it has saved a checkpoint
# with work in it. A task may run for a tenth of a second, less than a poll
# of every checkpoint takes on a slow machine, so a run-job is caught as
# soon as it shows in /proc (no squeue round trip) and frozen with SIGSTOP,
# then let run 20 ms at a time until its checkpoint has work in it, and
# killed with SIGKILL; one that finishes meanwhile is passed over.
victim=
seen=" "
for _ in $(seq 6000); do
  pid=
  for p in $(pgrep -f "polyviz run-job .*--index [0-9]* [^ ]*/run -o" || true); do
    case "$seen" in *" $p "*) ;; *) pid=$p; break ;; esac
  done
  if [ -z "$pid" ]; then sleep 0.005; continue; fi
  seen="$seen$pid "
  kill -STOP "$pid" 2>/dev/null || continue
  index=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -o -- '--index [0-9]*' | grep -o '[0-9]*$' || true)
  if [ -n "$index" ]; then
    job=$(printf 'job-%04d' $((index + 1)))
    for _ in $(seq 500); do
      grep -qs '"nodes": [1-9]' "run/$job.checkpoint.json" && break
      kill -CONT "$pid" 2>/dev/null || break
      sleep 0.02
      kill -STOP "$pid" 2>/dev/null || break
    done
    if grep -qs '"nodes": [1-9]' "run/$job.checkpoint.json" && [ ! -e "run/$job.result.json" ] && kill -9 "$pid" 2>/dev/null; then
      victim=$((index + 1))
      break
    fi
  fi
  kill -CONT "$pid" 2>/dev/null || true
done
[ -n "$victim" ] || { echo "FAIL: no array task's run-job was seen running"; exit 1; }
echo "[${SECONDS}s] killed the run-job of array task $victim ($job), which had saved a checkpoint, with SIGKILL"
wait_array() { # until no task of the array is pending or running
  for _ in $(seq 1200); do
    [ -z "$(squeue -h -j "$array" -o %i 2>/dev/null)" ] && return 0
    sleep 0.25
  done
  echo "FAIL: the array did not finish"; squeue; return 1
}
wait_array
[ ! -e "run/$job.result.json" ] || { echo "FAIL: the killed task left a result"; exit 1; }
if polyviz merge run >merge1.out 2>&1; then echo "FAIL: merge with a task killed succeeded"; cat merge1.out; exit 1; fi
grep -q "missing: job $victim\$" merge1.out || { echo "FAIL: merge did not name job $victim"; cat merge1.out; exit 1; }
! grep -q Altogether merge1.out || { echo "FAIL: merge printed a total"; exit 1; }
echo "[${SECONDS}s] merge names job $victim and prints no total"

# requeue the task that failed
scontrol requeue "${array}_${victim}"
# Slurm holds a requeued job for two minutes (its EligibleTime); a user in
# a hurry starts it now
scontrol update JobId="${array}_${victim}" StartTime=now
echo "[${SECONDS}s] scontrol requeue ${array}_${victim}"
wait_array
polyviz merge --profile run >merge2.out 2>&1 || { echo "FAIL: merge after the requeue"; cat merge2.out; exit 1; }
resumed=$(grep -o '"resumed_nodes": [0-9]*' "run/$job.result.json" | grep -o '[0-9]*$' || true)
[ "${resumed:-0}" -gt 0 ] || { echo "FAIL: the requeued task started from its beginning, not from its checkpoint"; exit 1; }
echo "[${SECONDS}s] the requeued task went on from its checkpoint ($resumed nodes searched)"
got=$(grep -o "$summary" merge2.out | tail -n 1)
# split searches DLX1's whole tree; a plain solve would count by symmetry
want=$(polyviz solve --engine bits -j "$(nproc)" "$puzzle" 2>&1 | grep -o "$summary" | tail -n 1)
echo "[${SECONDS}s] merge:  $got"
echo "[${SECONDS}s] solve:  $want"
[ -n "$want" ] && [ "$got" = "$want" ] || { echo "FAIL: merge differs from solve"; cat merge2.out; exit 1; }
grep -A2 '^Jobs:' merge2.out

# the whole array submitted again (as after some tasks failed): every task
# finds its job's complete result, searches nothing, and leaves it as it is
before=$(cat run/*.result.json | cksum)
array=$(sbatch --parsable --array=1-"$jobs" --export=ALL,DIR="$PWD"/run "$repo"/deploy/slurm-array.sh)
wait_array
done_again=$(cat polyviz-"$array"_*.log | grep -c 'result already complete in .*; nothing to do' || true)
[ "$done_again" -eq "$jobs" ] && ! cat polyviz-"$array"_*.log | grep -q Altogether ||
  { echo "FAIL: the array again: $done_again of $jobs tasks found their result complete"; cat polyviz-"$array"_*.log; exit 1; }
[ "$(cat run/*.result.json | cksum)" = "$before" ] || { echo "FAIL: the array again rewrote a result"; exit 1; }
echo "[${SECONDS}s] the array again ($array): $jobs of $jobs tasks found their result complete and searched nothing"
echo "ok: Slurm recipe ($puzzle, $jobs array tasks, task $victim killed and requeued, resumed from its checkpoint)"
