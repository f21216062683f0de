# Shared by the scripts that run the real window under Xvfb (smoke-xvfb.sh,
# measure-fps.sh); sourced, not run. xvfb_sandbox WORK gives the app a
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
