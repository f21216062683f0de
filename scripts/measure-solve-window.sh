#!/usr/bin/env bash
# Times the window's search against the command line's (the target "the
# window at the command line's speed"): builds polyviz as scripts/run.sh
# does, then RUNS times, alternating, (1) opens Bedlam under Xvfb with
# POLYVIZ_FRAMESTATS, chooses "Up to rotation", waits for the estimate,
# presses Solve (Find: All, Workers: all cores) with the view standing still
# and reads the "solve done" line the window logs at the end (the time its
# status line shows), and (2) runs `polyviz solve --distinct rotations
# bedlam` with as many workers and reads its time (the search's own, "N s,
# W workers", and the whole command's wall clock). It prints each pair and
# the means, and the window's mean against the command line's.
# Needs what scripts/smoke-xvfb.sh needs (scripts/deps.sh --test).
# Usage: scripts/measure-solve-window.sh [RUNS]   (default 5)
# The clicks are at the default window size (1200x760): the solutions'
# mode at (1020,488), "Up to rotation" at (903,561), Solve at (934,88).
# POLYVIZ_BIN=FILE measures that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
workers=$(nproc)

work=$(mktemp -d)
. scripts/xvfb-lib.sh
measure_build "$work"
xvfb_sandbox "$work"
xvfb_start

# window_run prints the window's time for one solve
window_run() {
  local log=$work/frames.log
  rm -rf "$log" "$XDG_CONFIG_HOME"/fyne
  POLYVIZ_FRAMESTATS=$log "$work/polyviz" bedlam >"$work/app.log" 2>&1 &
  app=$!
  local win=
  for _ in $(seq 300); do
    win=$(xdotool search --name "^polyviz" 2>/dev/null | head -1 || true)
    [ -n "$win" ] && break
    sleep 0.1
  done
  [ -n "$win" ] || { echo "measure-solve-window: no window" >&2; cat "$work/app.log" >&2; exit 1; }
  sleep 3
  xdotool mousemove --window "$win" 1020 488 click 1 # the solutions' mode
  sleep 1
  xdotool mousemove --window "$win" 903 561 click 1  # Up to rotation
  sleep 8                                              # the estimate runs, then settles
  xdotool mousemove --window "$win" 934 88 click 1   # Solve
  # wait for the line with one process that sleeps on inotify: a polling
  # loop of grep and sleep takes CPU from the window's workers that the
  # command line's run does not lose
  timeout 120 tail -n +1 -F "$log" 2>/dev/null | grep -q -m1 '^solve done' || true
  kill "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  app=
  local line
  line=$(grep '^solve done' "$log" || true)
  case $line in
  *" 19186 solutions "*) echo "$line" | awk '{ sub(/s$/, "", $3); print $3 }' ;;
  *) echo "measure-solve-window: the window's solve said: ${line:-nothing}" >&2; exit 1 ;;
  esac
}

# cli_run prints the command line's search time and wall clock
cli_run() {
  local start end out
  start=$(date +%s.%N)
  out=$("$work/polyviz" solve -j "$workers" --distinct rotations bedlam 2>&1)
  end=$(date +%s.%N)
  echo "$out" | grep -q '^Altogether 19186 distinct' || { echo "measure-solve-window: $out" >&2; exit 1; }
  echo "$(echo "$out" | sed -n 's/.* \([0-9.]*\) s, [0-9]* workers\..*/\1/p') $(echo "$end - $start" | bc)"
}

printf '%-4s %10s %12s %12s\n' run window cli-search cli-wall
for i in $(seq "$runs"); do
  w=$(window_run)
  read -r cs cw < <(cli_run)
  printf '%-4s %9.2fs %11.2fs %11.2fs\n' "$i" "$w" "$cs" "$cw"
done | tee "$work/table"
awk '{ gsub(/s/, ""); w += $2; cs += $3; cw += $4; n++ }
  END { printf "mean %9.2fs %11.2fs %11.2fs\nthe window %.2fx the command line'"'"'s search, %.2fx its wall clock (%d runs, %d workers)\n", w / n, cs / n, cw / n, w / cs, w / cw, n, '"$workers"' }' "$work/table"
