#!/usr/bin/env bash
# Smoke test of the real window: builds polyviz, starts it under Xvfb with a
# throw-away HOME and XDG folders, waits for its window, takes a screenshot and
# checks it is not blank, solves the Soma cube from the keyboard-free UI (a
# click on Solve), then quits with Ctrl+Q and checks the app exits with 0.
# Needs: xvfb, xauth, x11-utils, xdotool, imagemagick (scripts/deps.sh --test).
# Usage: scripts/smoke-xvfb.sh [SCREENSHOT_DIR]   (default: a temporary folder)
# With SMOKE_ULIMIT_V=KIB the app runs under ulimit -v KIB (scripts/test.sh
# gives it the least the window says it needs: windowAddressSpace).
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
shots=${1:-$work/shots} # removed at the end unless given
mkdir -p "$shots"
echo "smoke: building"
go build -o "$work/polyviz" ./cmd/polyviz # before HOME moves, so Go's caches stay put

. scripts/xvfb-lib.sh
xvfb_sandbox "$work"

fail() {
  echo "smoke: FAIL: $*" >&2
  [ -f "$work/app.log" ] && sed 's/^/  app: /' "$work/app.log" >&2
  xvfb_report
  exit 1
}

# polyviz is started and its window awaited on a fresh Xvfb each attempt.
# The first attempt runs as a user would (GLFW picks the platform). A GLFW
# that cannot reach the server ("PlatformUnavailable", seen on CI machines
# whose xdpyinfo answered) is retried on a new Xvfb, at most twice, and said
# so, with FYNE_PLATFORM=x11: GLFW then skips its Wayland probe and names
# X11's own reason if it fails again. Any other early exit fails. The window
# is found by an ASCII pattern: xdotool's regular expressions follow the
# locale, and a CI shell may have none (no UTF-8 for the title's dash).
win=
d=99
for attempt in 1 2 3; do
  xvfb_start "$d" || fail "Xvfb did not start"
  echo "smoke: starting polyviz on $DISPLAY"
  if [ "$attempt" -gt 1 ]; then
    export FYNE_PLATFORM=x11
  fi
  (
    if [ -n "${SMOKE_ULIMIT_V:-}" ]; then
      ulimit -v "$SMOKE_ULIMIT_V"
    fi
    exec "$work/polyviz"
  ) >"$work/app.log" 2>&1 &
  app=$!
  for _ in $(seq 300); do
    win=$(xdotool search --name '^polyviz .* soma$' 2>/dev/null | head -1 || true)
    [ -n "$win" ] && break
    kill -0 "$app" 2>/dev/null || break
    sleep 0.1
  done
  [ -n "$win" ] && break
  kill -0 "$app" 2>/dev/null && break # still running without a window: reported below
  if [ "$attempt" -lt 3 ] && grep -qE "PlatformUnavailable|Failed to open display" "$work/app.log"; then
    echo "smoke: GLFW could not reach $DISPLAY; retrying on a new Xvfb. What it said:"
    sed 's/^/  app: /' "$work/app.log"
    xvfb_report 2>&1
    wait "$app" 2>/dev/null || true
    kill "$xvfb" 2>/dev/null || true
    wait "$xvfb" 2>/dev/null || true
    app= xvfb=
    d=$((xvfb_display + 1))
    continue
  fi
  fail "polyviz exited before opening its window"
done
[ -n "$win" ] || fail "no window titled 'polyviz — soma' within 30 s"

# distinct colours in a screenshot; a blank or black window has a handful
colours() { convert "$1" -format %k info:; }

# the first frames: a loaded machine may take seconds to draw them, so the
# screenshot is taken again until the scene is there (at most 30 s)
for _ in $(seq 60); do
  sleep 0.5
  import -window root "$shots/smoke-open.png"
  n=$(colours "$shots/smoke-open.png")
  [ "$n" -ge 64 ] && break
done
echo "smoke: window open, screenshot has $n colours"
[ "$n" -ge 64 ] || fail "the window looks blank ($n colours)"

# Solve: the button sits at the top of the right-hand panel; find it by
# geometry relative to the window rather than by a fixed screen position.
eval "$(xdotool getwindowgeometry --shell "$win")"
xdotool mousemove --window "$win" $((WIDTH - 198)) 88 click 1
sleep 4
import -window root "$shots/smoke-solved.png"
if compare -metric AE "$shots/smoke-open.png" "$shots/smoke-solved.png" null: 2>"$work/diff"; then
  fail "nothing changed on screen after clicking Solve"
fi
echo "smoke: after Solve $(cat "$work/diff") pixels changed"

echo "smoke: quitting with Ctrl+Q"
xdotool windowactivate --sync "$win" 2>/dev/null || xdotool windowfocus "$win" 2>/dev/null || true
# The app may quit between the key press and its release, and xdotool then
# fails with BadWindow on the release: what counts is the exit checked below.
xdotool key --window "$win" ctrl+q 2>/dev/null || true
for _ in $(seq 100); do kill -0 "$app" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$app" 2>/dev/null; then
  fail "polyviz still running 10 s after Ctrl+Q"
fi
status=0
wait "$app" || status=$?
app=
[ "$status" -eq 0 ] || fail "polyviz exited with status $status"
if grep -q "Error in Fyne call thread" "$work/app.log"; then
  fail "widgets touched off the UI goroutine"
fi
echo "smoke: OK (exit status 0)"
