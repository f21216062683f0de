#!/usr/bin/env bash
# Checks the Kubernetes recipe (deploy/k8s-indexed-job.yaml,
# deploy/k8s-volume.yaml, deploy/Containerfile) as far as a machine with no
# cluster can:
#   - kubectl (Debian's kubernetes-client, installed when missing; or
#     $KUBECTL) reads the manifests. What kubectl checks offline is little:
#     `kubectl apply --dry-run=client` needs a server even with
#     --validate=false (to map kinds to resources), and schema validation
#     needs the server's OpenAPI; so the check is `kubectl label --local`,
#     which parses every document and needs apiVersion, kind and metadata.
#   - the pods' work, for real: the binary the Containerfile builds (static,
#     headless) alone in an empty root (chroot: as FROM
#     scratch, no shell, no libc), run once per index with the manifest's
#     own args, $(JOB_COMPLETION_INDEX) expanded as Kubernetes does, on a
#     split into the manifest's number of completions; then merge gives
#     solve's figures. chroot needs root; without it the binary runs in place.
#   - a pod killed halfway (its node lost: SIGKILL once it has saved a
#     checkpoint, with the manifest's --checkpoint-every shortened) and
#     restarted with the manifest's args goes on from its checkpoint: its
#     result says how many nodes it resumed.
#   scripts/test-k8s.sh [PUZZLE]     (default pentomino-6x10; some 10 s)
set -euo pipefail
cd "$(dirname "$0")/.."
puzzle=${1:-pentomino-6x10}
kubectl=${KUBECTL:-kubectl}
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
if ! command -v "$kubectl" >/dev/null; then
  echo "test-k8s: installing kubernetes-client (kubectl)" >&2
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends kubernetes-client >/dev/null
fi
export KUBECONFIG=/dev/null # no cluster: nothing is sent anywhere
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the manifests parse, and say what the recipe needs
"$kubectl" label --local -o name -f deploy/k8s-volume.yaml -f deploy/k8s-indexed-job.yaml checked=yes >"$tmp/objects"
grep -qx 'persistentvolumeclaim/polyviz-work' "$tmp/objects" &&
  grep -qx 'pod/polyviz-files' "$tmp/objects" &&
  grep -qx 'job.batch/polyviz-run' "$tmp/objects" || { echo "FAIL: kubectl read"; cat "$tmp/objects"; exit 1; }
get() { "$kubectl" label --local -f deploy/k8s-indexed-job.yaml checked=yes -o jsonpath="$1"; }
mode=$(get '{.spec.completionMode}')
completions=$(get '{.spec.completions}')
claim=$(get '{.spec.template.spec.volumes[0].persistentVolumeClaim.claimName}')
mount=$(get '{.spec.template.spec.containers[0].volumeMounts[0].mountPath}')
args=$(get '{range .spec.template.spec.containers[0].args[*]}{@}{"\n"}{end}')
[ "$mode" = Indexed ] && [ "$claim" = polyviz-work ] && [ "$mount" = /work ] ||
  { echo "FAIL: manifest: mode '$mode', claim '$claim', mount '$mount'"; exit 1; }
echo "kubectl $("$kubectl" version --client 2>/dev/null | head -n 1): the manifests parse (an Indexed Job of $completions, volume $claim at $mount)"

# the image's content, as the Containerfile builds it
root=$tmp/root
mkdir -p "$root/work"
CGO_ENABLED=0 go build -tags headless -o "$root/polyviz" ./cmd/polyviz
"$root/polyviz" split "$puzzle" --jobs "$completions" -o "$root/work/run" 2>"$tmp/split.out"
prefix=()
if [ "$(id -u)" -eq 0 ] && command -v chroot >/dev/null; then
  prefix=("$(command -v chroot)" "$root")
  bin=/polyviz
  echo "pods: in an empty root (chroot), as FROM scratch"
else
  bin=$root/polyviz
  args=${args//\/work/$root/work}
  echo "pods: not root, so the binary runs in place (no chroot)"
fi
pod() { # pod I [ARGS]: index I's command, as the pod runs it (in a subshell, which it replaces)
  local i=$1 a
  mapfile -t a < <(printf '%s\n' "${2:-$args}" | sed "s/\$(JOB_COMPLETION_INDEX)/$i/g")
  exec env -i JOB_COMPLETION_INDEX="$i" "${prefix[@]}" "$bin" "${a[@]}" 2>>"$tmp/pods.out"
}
# a pod killed halfway, then restarted: the first one caught after its
# first checkpoint and before its result
fast=$(printf '%s\n' "$args" | sed 's/^1m$/2ms/')
grep -qx 2ms <<<"$fast" || { echo "FAIL: the manifest's args have no --checkpoint-every 1m"; exit 1; }
victim=
for ((i = 0; i < completions && ${#victim} == 0; i++)); do
  job=$root/work/run/$(printf 'job-%04d' $((i + 1)))
  (pod "$i" "$fast") &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    # a checkpoint with work in it (subtrees finished)
    if grep -qs '"nodes": [1-9]' "$job.checkpoint.json" && kill -STOP "$pid" 2>/dev/null; then
      if [ ! -e "$job.result.json" ] && kill -9 "$pid" 2>/dev/null; then victim=$i; fi
      kill -CONT "$pid" 2>/dev/null || true
      break
    fi
    sleep 0.001
  done
  wait "$pid" 2>/dev/null || true
done
[ -n "$victim" ] || { echo "FAIL: no pod was caught between its first checkpoint and its result"; exit 1; }
job=$root/work/run/$(printf 'job-%04d' $((victim + 1)))
[ ! -e "$job.result.json" ] || { echo "FAIL: the killed pod left a result"; exit 1; }
(pod "$victim") || { echo "FAIL: pod $victim restarted"; tail "$tmp/pods.out"; exit 1; }
resumed=$(grep -o '"resumed_nodes": [0-9]*' "$job.result.json" | grep -o '[0-9]*$' || true)
[ "${resumed:-0}" -gt 0 ] && [ ! -e "$job.checkpoint.json" ] ||
  { echo "FAIL: pod $victim restarted from its start, not from its checkpoint"; tail "$tmp/pods.out"; exit 1; }
echo "pod $victim: killed after a checkpoint, restarted: went on from $resumed nodes searched"
for ((i = 0; i < completions; i++)); do
  [ ! -e "$root/work/run/$(printf 'job-%04d' $((i + 1))).result.json" ] || continue
  (pod "$i") || { echo "FAIL: pod $i"; tail "$tmp/pods.out"; exit 1; }
done
summary='Altogether [0-9]* solutions\?, [0-9]* updates, [0-9]* nodes'
got=$("$root/polyviz" merge "$root/work/run" 2>&1 | grep -o "$summary") || { "$root/polyviz" merge "$root/work/run"; exit 1; }
# split searches DLX1's whole tree; a plain solve would count by symmetry
want=$("$root/polyviz" solve --engine bits -j 2 "$puzzle" 2>&1 | grep -o "$summary")
echo "merge:  $got"
echo "solve:  $want"
[ "$got" = "$want" ] || { echo "FAIL: merge differs from solve"; exit 1; }
echo "ok: Kubernetes recipe ($puzzle, $completions indexes; image $(du -h "$root/polyviz" | cut -f1))"
