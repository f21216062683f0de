#!/usr/bin/env bash
# Tests the headless build: CGO_ENABLED=0 go build -tags headless gives a
# static binary (no X, no OpenGL, no libc) whose commands print exactly what
# the desktop build's print (times taken out), including a split, run-job
# and merge, and whose window says how to get one (exit 2). Then the cli
# package's tests run without cgo and with the tag. About a minute.
#   scripts/test-headless.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CGO_ENABLED=0 go build -tags headless -o "$tmp/headless" ./cmd/polyviz
go build -o "$tmp/desktop" ./cmd/polyviz
info=$(file "$tmp/headless" 2>/dev/null || true)
case $info in
*"statically linked"* | "") ;;
*) echo "FAIL: the headless binary is not static: $info"; exit 1 ;;
esac
if command -v ldd >/dev/null && ldd "$tmp/headless" 2>&1 | grep -q '=>'; then
  echo "FAIL: the headless binary links shared libraries"; ldd "$tmp/headless"; exit 1
fi
echo "headless: $(du -h "$tmp/headless" | cut -f1) static; desktop: $(du -h "$tmp/desktop" | cut -f1)"

# the same commands through both: identical output, the times taken out
untime() { sed -E 's/[0-9.]+ (s|ms|µs),/T,/g; s/[0-9.]+ s\b/T/g; s/[0-9.]+[kMG]? (updates|nodes)\/s/R/g; s/[0-9]+ workers?/W/g'; }
fails=0
check() { # check NAME ARGS...: run both binaries in their own folder
  local name=$1
  shift
  for b in headless desktop; do
    mkdir -p "$tmp/$b.$name"
    (cd "$tmp/$b.$name" && "$tmp/$b" "$@" >stdout 2>stderr; echo "exit $?" >>stderr) || true
    for f in stdout stderr; do untime <"$tmp/$b.$name/$f" >"$tmp/$b.$name/$f.cmp"; done
  done
  for f in stdout stderr; do
    if ! cmp -s "$tmp/headless.$name/$f.cmp" "$tmp/desktop.$name/$f.cmp"; then
      echo "FAIL: $name: the $f differs"; diff "$tmp/headless.$name/$f.cmp" "$tmp/desktop.$name/$f.cmp" | head -n 20
      fails=$((fails + 1))
    fi
  done
  echo "same: polyviz $*"
}
check help help
check list list
check solve solve -j 2 pentomino-6x10
check print solve -j 1 --print pentomino-3x20
check distinct solve -j 2 --distinct all soma
check dlx polycube-dlx soma
check render render soma -o soma.png
check stl stl soma -o pieces
check unknown polyiamond-dlxx
check split split pentomino-5x12 --job-files --jobs 4 -o run
for b in headless desktop; do
  for j in "$tmp/$b.split"/run/job-*.json; do "$tmp/$b" run-job -j 1 "$j" -o "${j%.json}.result.json" 2>/dev/null; done
done
check merge merge ../headless.split/run
# the outputs of files: byte for byte
for f in soma.png; do
  cmp "$tmp/headless.render/$f" "$tmp/desktop.render/$f" || { echo "FAIL: $f differs"; fails=$((fails + 1)); }
done
diff -r "$tmp/headless.stl/pieces" "$tmp/desktop.stl/pieces" >/dev/null || { echo "FAIL: the STL files differ"; fails=$((fails + 1)); }
# the window: refused with the way to get it
code=0
"$tmp/headless" soma 2>"$tmp/window.err" || code=$?
[ "$code" -eq 2 ] && grep -q "without -tags headless" "$tmp/window.err" || { echo "FAIL: the headless window: exit $code"; cat "$tmp/window.err"; fails=$((fails + 1)); }
[ "$fails" -eq 0 ] || exit 1
echo "== go test -short -tags headless ./cli/ ./internal/hugeheap/... (CGO_ENABLED=0)"
CGO_ENABLED=0 go test -short -count=1 -tags headless ./cli/ ./internal/hugeheap/...
echo "ok: headless build"
