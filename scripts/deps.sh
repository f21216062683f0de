#!/usr/bin/env bash
# Installs the Debian packages polyviz needs to build (cgo + OpenGL + X11 headers
# for Fyne) and to test its window headlessly (Xvfb, xdotool, ImageMagick) and
# its desktop bundle (make, xz, desktop-file-validate) and the GNU parallel recipe of
# deploy/ (parallel), and to check its STL output (admesh).
# Safe to run again: it installs only what is missing. Uses sudo when not root.
# ca-certificates lets go fetch the modules over HTTPS (Debian's container
# images come without it).
set -euo pipefail
pkgs=(ca-certificates gcc libc6-dev pkg-config libgl1-mesa-dev libx11-dev libxcursor-dev libxrandr-dev
      libxinerama-dev libxi-dev libxxf86vm-dev libwayland-dev libxkbcommon-dev)
if [ "${1:-}" = "--test" ]; then
  pkgs+=(xvfb xauth x11-utils xdotool imagemagick make xz-utils desktop-file-utils parallel admesh)
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "polyviz: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
