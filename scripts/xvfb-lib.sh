# Shared by the scripts that run the real window under Xvfb (smoke-xvfb.sh,
# measure-fps.sh, measure-solve-window.sh); sourced, not run. xvfb_sandbox WORK gives the app a
# throw-away HOME and XDG folders under WORK (after any go build, so that Go's
# caches stay put) and, at exit, ends $app and $xvfb and removes WORK.
xvfb_sandbox() {
  work=$1
  export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_CACHE_HOME=$work/home/.cache \
         XDG_DATA_HOME=$work/home/.local/share XDG_RUNTIME_DIR=$work/home/rt
  mkdir -p "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
  chmod 700 "$XDG_RUNTIME_DIR"
  xvfb= app=
  trap xvfb_cleanup EXIT
}

xvfb_cleanup() {
  [ -n "$app" ] && kill "$app" 2>/dev/null || true
  [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
  return 0
}

# measure_build WORK puts in WORK/polyviz the binary the measuring scripts
# (measure-fps.sh, measure-solve-window.sh) time: built as scripts/run.sh
# builds it (GOAMD64=v3 where the CPU has AVX2 and BMI2), or POLYVIZ_BIN's.
measure_build() {
  local goamd64=${GOAMD64:-}
  if [ -z "$goamd64" ] && grep -qw avx2 /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo; then goamd64=v3; fi
  if [ -n "${POLYVIZ_BIN:-}" ]; then
    cp "$POLYVIZ_BIN" "$1/polyviz"
  else
    GOAMD64=${goamd64:-v1} go build -o "$1/polyviz" ./cmd/polyviz
  fi
}

# xvfb_start [FIRST] starts Xvfb (1280x800) on a free display from :FIRST
# (default 120), exports DISPLAY, sets $xvfb (which xvfb_cleanup ends) and
# waits until it answers. -noreset keeps the server from resetting when the
# probe (xdpyinfo) disconnects, so the app never connects into a reset. A
# display whose Xvfb died at once (another server holds the number, say in
# the abstract socket namespace, which lock files do not show) is skipped.
# Returns 1 when no Xvfb answered on five numbers in a row.
xvfb_start() {
  local d=${1:-120} tries
  for tries in 1 2 3 4 5; do
    while [ -e "/tmp/.X$d-lock" ] || [ -e "/tmp/.X11-unix/X$d" ]; do d=$((d + 1)); done
    export DISPLAY=:$d
    Xvfb "$DISPLAY" -screen 0 1280x800x24 -nolisten tcp -noreset >"$work/xvfb.log" 2>&1 &
    xvfb=$!
    for _ in $(seq 50); do
      kill -0 "$xvfb" 2>/dev/null || break
      xdpyinfo >/dev/null 2>&1 && break
      sleep 0.1
    done
    if kill -0 "$xvfb" 2>/dev/null && xdpyinfo >/dev/null 2>&1; then
      xvfb_display=$d
      return 0
    fi
    echo "xvfb: no Xvfb of ours answers on $DISPLAY; trying the next number" >&2
    sed 's/^/  xvfb: /' "$work/xvfb.log" >&2
    kill "$xvfb" 2>/dev/null || true
    wait "$xvfb" 2>/dev/null || true
    xvfb=
    d=$((d + 1))
  done
  return 1
}

# xvfb_report prints what a failed start of the window needs for a diagnosis:
# the server's log, whether it still runs and answers, the sockets and locks.
xvfb_report() {
  {
    echo "diagnosis: DISPLAY=$DISPLAY, Xvfb pid ${xvfb:-none}: $(kill -0 "${xvfb:-0}" 2>/dev/null && echo running || echo gone)"
    xdpyinfo 2>&1 | sed -n '1,2p;/^vendor string/p;/^number of extensions/p;/GLX/p' | sed 's/^/  xdpyinfo: /'
    ls -la /tmp/.X11-unix 2>&1 | sed 's/^/  sockets: /'
    ls /tmp/.X*-lock 2>&1 | sed 's/^/  locks: /'
    [ -f "$work/xvfb.log" ] && sed 's/^/  xvfb.log: /' "$work/xvfb.log"
    env | grep -E '^(XDG_SESSION_TYPE|WAYLAND_DISPLAY|XAUTHORITY|FYNE_PLATFORM|LANG|LC_ALL)=' | sed 's/^/  env: /'
  } >&2 || true
}
