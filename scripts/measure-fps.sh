#!/usr/bin/env bash
# Measures the 3D view's frame rate while the window solves (the target
# "no frame below 45 fps while solving"): builds polyviz as scripts/run.sh
# does, opens PUZZLE under Xvfb with POLYVIZ_FRAMESTATS, ticks Spin, waits
# for the estimate to settle, presses Solve (Find: All, Workers: all cores)
# and prints the frames of every second drawn while the search ran, then
# their least, mean and how many seconds fell below 45.
# Needs what scripts/smoke-xvfb.sh needs (scripts/deps.sh --test).
# Usage: scripts/measure-fps.sh [PUZZLE [SECONDS]]   (default: bedlam 20)
# The clicks are at the default window size (1200x760): Spin at (404,738),
# Solve at (934,88). POLYVIZ_FPS_SHOT=FILE keeps a screenshot taken while
# solving, POLYVIZ_FPS_LOG=FILE the frame log (each second: frames, draw
# and interval means, the 95th percentile and the longest interval);
# POLYVIZ_BIN=FILE measures that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
puzzle=${1:-bedlam}
secs=${2:-20}

work=$(mktemp -d)
. scripts/xvfb-lib.sh
measure_build "$work"
xvfb_sandbox "$work"
xvfb_start

log=$work/frames.log
POLYVIZ_FRAMESTATS=$log "$work/polyviz" "$puzzle" >"$work/app.log" 2>&1 &
app=$!
win=
for _ in $(seq 300); do
  win=$(xdotool search --name "^polyviz" 2>/dev/null | head -1 || true)
  [ -n "$win" ] && break
  sleep 0.1
done
[ -n "$win" ] || { echo "measure-fps: no window" >&2; cat "$work/app.log" >&2; exit 1; }
sleep 2
xdotool mousemove --window "$win" 404 738 click 1 # Spin
sleep 9                                              # the estimate runs, then settles
xdotool mousemove --window "$win" 934 88 click 1  # Solve
sleep "$secs"
[ -n "${POLYVIZ_FPS_SHOT:-}" ] && import -window root "$POLYVIZ_FPS_SHOT"
awk '!/ solving$/ { n++; if (n > 2) { m++; sum += $2 } }
  END { if (m > 0) printf "spinning before the solve: %.1f frames a second (mean of %d seconds)\n", sum / m, m }' "$log"
[ -n "${POLYVIZ_FPS_LOG:-}" ] && cp "$log" "$POLYVIZ_FPS_LOG"
grep ' solving$' "$log" | awk '
  { n++; f = $2; sum += f; if (min == "" || f < min) min = f; if (f < 45) below++; printf "%s ", f }
  END {
    if (n == 0) { print "measure-fps: no second drawn while solving"; exit 1 }
    printf "\n%d seconds while solving: least %d, mean %.1f frames a second, %d below 45\n", n, min, sum / n, below
  }'
