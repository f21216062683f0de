#!/usr/bin/env bash
# One enumeration as a Slurm job array, one array task per polyviz job.
#   polyviz split pentacube-3x4x5 --jobs 64 -o run345
#   sbatch --array=1-64 --export=ALL,DIR=$PWD/run345 deploy/slurm-array.sh
#   polyviz merge run345          # when the array is done; names missing jobs
# polyviz (or $POLYVIZ) must be on the nodes' PATH: the headless build
# (CGO_ENABLED=0 go build -tags headless) is static and needs no X or GL.
# A task that fails or is preempted left no result (results are written
# atomically): requeue it (scontrol requeue ARRAYID_3; --requeue below lets
# Slurm requeue a task whose node failed) or resubmit just those tasks
# (sbatch --array=3,17 ...), or the whole array: a task whose job already
# has its sound result exits at once, searching nothing (run-job --force
# would run it). merge refuses damaged results. Every
# CHECKPOINT_EVERY (default 1m) run-job saves its state in
# job-NNNN.checkpoint.json beside the job, so DIR must be on a filesystem
# the nodes share: a task run again goes on from there, not from its start.
# Slurm takes array indices below its MaxArraySize (1001 unless slurm.conf
# says more): for more jobs, submit several arrays with OFFSET, e.g.
# sbatch --array=1-1000 --export=ALL,DIR=...,OFFSET=1000 runs jobs 1001-2000.
# scripts/test-slurm.sh runs this on a one-node cluster (in CI).
#SBATCH --job-name=polyviz
#SBATCH --cpus-per-task=1
#SBATCH --time=24:00:00
#SBATCH --requeue
#SBATCH --output=polyviz-%A_%a.log
set -euo pipefail
: "${DIR:?set DIR to the directory polyviz split wrote}"
# task I runs job OFFSET+I (run-job's --index counts from 0), whose
# result is job-NNNN.result.json in DIR
exec "${POLYVIZ:-polyviz}" run-job -j "${SLURM_CPUS_PER_TASK:-1}" --checkpoint-every "${CHECKPOINT_EVERY:-1m}" \
  --index $((SLURM_ARRAY_TASK_ID - 1 + ${OFFSET:-0})) "$DIR" -o "$DIR"
