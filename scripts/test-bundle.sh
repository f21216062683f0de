#!/usr/bin/env bash
# Builds the desktop bundle (scripts/package.sh) and installs it the two ways
# the README says, into a temporary folder: `make install DESTDIR=...` and
# `make user-install` with HOME there. Checks the three files each way (the
# binary, the .desktop entry, the icon), the entry's Exec line, that
# desktop-file-validate accepts the entries and that the installed binary
# runs. Usage: scripts/test-bundle.sh [BUNDLE.tar.xz]  (default: build one;
# a cold build takes a few minutes, the fyne tool rebuilds cgo)
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test-bundle: $*" >&2; exit 1; }

bundle=${1:-}
if [ -z "$bundle" ]; then
  start=$(date +%s)
  scripts/package.sh "$tmp/dist" >"$tmp/package.log" 2>&1 || { cat "$tmp/package.log"; fail "package.sh failed"; }
  echo "test-bundle: built the bundle in $(( $(date +%s) - start )) s"
  bundle=$(ls "$tmp"/dist/*.tar.xz | head -1)
fi
mkdir -p "$tmp/x"
tar -xJf "$bundle" -C "$tmp/x"
dir=$(dirname "$(ls "$tmp"/x/*/Makefile | head -1)")
app=io.github.polyviz

check_files() { # root bin desktop icon exec
  local root=$1
  [ -x "$root/$2" ] || fail "no executable $2 under $root"
  [ -f "$root/$3" ] || fail "no $3 under $root"
  [ -f "$root/$4" ] || fail "no $4 under $root"
  cmp -s "$root/$4" "$dir/usr/local/share/pixmaps/$app.png" || fail "$4 is not the bundle's icon"
  grep -qx "Exec=$5" "$root/$3" || fail "$3: Exec line is '$(grep '^Exec=' "$root/$3")', want 'Exec=$5'"
  grep -qx "Icon=$app" "$root/$3" || fail "$3: no Icon=$app line"
  desktop-file-validate "$root/$3" || fail "desktop-file-validate rejects $3"
  "$root/$2" help >/dev/null || fail "the installed $2 does not run"
}

# system install, as `sudo make install` (DESTDIR has no usr/local, so PREFIX is /usr)
make -s -C "$dir" install DESTDIR="$tmp/root" || fail "make install failed"
check_files "$tmp/root" usr/bin/polyviz usr/share/applications/$app.desktop usr/share/pixmaps/$app.png polyviz
echo "test-bundle: make install DESTDIR=... installed the binary, the .desktop entry and the icon"

# user install, as `make user-install`
mkdir -p "$tmp/home"
HOME="$tmp/home" make -s -C "$dir" user-install || fail "make user-install failed"
check_files "$tmp/home" .local/bin/polyviz .local/share/applications/$app.desktop .local/share/icons/$app.png \
  "$tmp/home/.local/bin/polyviz"
echo "test-bundle: make user-install installed the binary, the .desktop entry and the icon"

# and both uninstall cleanly
make -s -C "$dir" uninstall DESTDIR="$tmp/root" || fail "make uninstall failed"
HOME="$tmp/home" make -s -C "$dir" user-uninstall || fail "make user-uninstall failed"
left=$(find "$tmp/root" "$tmp/home" -type f | wc -l)
[ "$left" -eq 0 ] || fail "$left files left after uninstalling"
echo "test-bundle: ok"
