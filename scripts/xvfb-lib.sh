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

# xvfb_start starts Xvfb (1280x800) on a free display from :120, exports
# DISPLAY, sets $xvfb (which xvfb_cleanup ends) and waits until it answers.
xvfb_start() {
  local d=120
  while [ -e "/tmp/.X$d-lock" ] || [ -e "/tmp/.X11-unix/X$d" ]; do d=$((d + 1)); done
  export DISPLAY=:$d
  Xvfb "$DISPLAY" -screen 0 1280x800x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
  xvfb=$!
  for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
}
