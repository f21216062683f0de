#!/usr/bin/env bash
# Builds the Linux desktop bundle of polyviz with the fyne tool: a tarball with
# the binary, a .desktop entry and the icon, installable with `make install`
# inside it (or `make user-install`), so the app starts by double-click.
# The fyne tool rewrites FyneApp.toml (it bumps Build), so it runs on a copy
# of the tree and the source stays untouched.
# Usage: scripts/package.sh [OUTDIR]        (default: dist/)
# Needs the GUI build packages (scripts/deps.sh) and network access to the Go
# module proxy the first time (the fyne tool v1.7.2 and its dependencies).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out=${1:-$root/dist}
mkdir -p "$out"
out=$(cd "$out" && pwd)
scripts/deps.sh

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# the fyne tool, pinned: built once from a throw-away module into the Go cache
# folder (`go install fyne.io/tools/cmd/fyne@v1.7.2` fails on the proxy's
# deprecation lookup; a tool dependency in our go.mod would work too)
fyne_bin="$(go env GOCACHE)/polyviz-tools/fyne-v1.7.2"
if [ ! -x "$fyne_bin" ]; then
  echo "package: building the fyne tool v1.7.2"
  mkdir -p "$work/tool" "$(dirname "$fyne_bin")"
  (cd "$work/tool" && go mod init polyviz-tools >/dev/null 2>&1 &&
    go get fyne.io/tools/cmd/fyne@v1.7.2 >/dev/null &&
    go build -o "$fyne_bin" fyne.io/tools/cmd/fyne)
fi

# a copy of the tracked tree (plus uncommitted changes), for the tool to rewrite
echo "package: copying the tree"
mkdir -p "$work/src"
if git -C "$root" rev-parse >/dev/null 2>&1; then
  git -C "$root" ls-files -z --cached --others --exclude-standard |
    (cd "$root" && xargs -0 cp --parents -t "$work/src" 2>/dev/null || true)
else
  cp -r "$root/." "$work/src"
fi

# the tool reads FyneApp.toml (and the icon it names) next to the main package
main="$work/src/cmd/polyviz"
cp "$work/src/FyneApp.toml" "$main/"
mkdir -p "$main/assets" && cp "$work/src/assets/icon.png" "$main/assets/"

echo "package: fyne package -os linux --release (a cold build takes a few minutes)"
(cd "$main" && "$fyne_bin" package -os linux --release)
tarball=$(ls "$main"/*.tar.xz 2>/dev/null | head -1)
[ -n "$tarball" ] || { echo "package: no bundle was written" >&2; exit 1; }

# The Makefile the fyne tool (v1.7.2) writes names the icon without its
# .png, so `make install` and `make user-install` stop with "install: cannot
# stat 'usr/local/share/pixmaps/io.github.polyviz'" after copying the binary
# and the .desktop file. Name the file the bundle holds, and repack.
echo "package: fixing the bundle's Makefile (the icon's name lacks .png)"
mkdir -p "$work/bundle"
tar -xJf "$tarball" -C "$work/bundle"
mk=$(ls "$work"/bundle/*/Makefile | head -1)
icon=$(cd "$(dirname "$mk")" && ls usr/local/share/pixmaps/ | head -1)
case "$icon" in *.png) ;; *) echo "package: no .png icon in the bundle" >&2; exit 1 ;; esac
sed -i -e 's,pixmaps/$(Icon)$,pixmaps/$(Icon).png,' \
       -e 's,pixmaps/$(Icon) ,pixmaps/$(Icon).png ,' \
       -e 's,icons/$(Icon)$,icons/$(Icon).png,' "$mk"
grep -q 'pixmaps/$(Icon).png $(DESTDIR)' "$mk" && grep -q 'icons/$(Icon).png$' "$mk" ||
  { echo "package: the Makefile did not take the icon fix (did the fyne tool change?)" >&2; exit 1; }
(cd "$work/bundle" && tar -cJf "$tarball" --owner=0 --group=0 "$(basename "$(dirname "$mk")")")
cp "$tarball" "$out/"
echo "package: wrote $out/$(basename "$tarball")"
tar -tJf "$out/$(basename "$tarball")" | sed 's/^/  /'
