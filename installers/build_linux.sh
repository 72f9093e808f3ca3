#!/usr/bin/env bash
# Builds the Linux installers of tsumego_gui from this checkout:
#   installers/dist/tsumego_gui/                          the one-dir bundle (PyInstaller)
#   installers/dist/tsumego_gui-VERSION-linux-ARCH.tar.gz  that folder, packed
#   installers/dist/tsumego-gui_VERSION_ARCH.deb           /opt/tsumego_gui, `tsumego-gui` and
#                                                         `tsumego` in /usr/bin, desktop entry, icon
#   installers/dist/tsumego_gui-VERSION-ARCH.AppImage      only when `appimagetool` is on PATH
#
#   bash installers/build_linux.sh            (PYTHON=path/to/python to pick the interpreter)
#
# The interpreter (default: .venv/bin/python, else python3) must have the app installed
# (`pip install -e .` with torch==2.13.0, the CPU build); PyInstaller is installed into it
# from installers/requirements-build.txt when missing.  The Qt xcb libraries must be on the
# build machine to be bundled: when missing they are installed with apt-get (as root).
# The version comes from pyproject.toml.  Prints each step's time and the sizes.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
START=$(date +%s)
step_start=$START
step() {  # step NAME: prints the time the previous step took, then NAME
    local now; now=$(date +%s)
    [ -n "${STEP:-}" ] && echo "== $STEP: $((now - step_start)) s"
    STEP=$1; step_start=$now
    [ -n "$STEP" ] && echo "== $STEP ..."
    return 0
}

if [ -z "${PYTHON:-}" ]; then
    if [ -x .venv/bin/python ]; then PYTHON=.venv/bin/python; else PYTHON=python3; fi
fi
VERSION=$("$PYTHON" -c 'import tomllib; print(tomllib.load(open("pyproject.toml","rb"))["project"]["version"])')
ARCH=$(dpkg --print-architecture 2>/dev/null || uname -m)
MARCH=$(uname -m)
DIST=installers/dist
BUNDLE=$DIST/tsumego_gui
echo "tsumego_gui $VERSION for linux/$ARCH with $PYTHON"

step "build requirements"
"$PYTHON" -c "import engine_cy.board, tsumego_gui.qt.app, torch" || {
    echo "build_linux.sh: install the app into $PYTHON first (README: pip install -e . with torch==2.13.0)" >&2
    exit 1; }
"$PYTHON" -c "import PyInstaller" 2>/dev/null || "$PYTHON" -m pip install -q -r installers/requirements-build.txt
# The xcb platform plugin's libraries: bundled from this machine, and declared in the .deb.
XCB_PACKAGES="libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0
 libxcb-shape0 libxcb-randr0 libxcb-xfixes0 libxcb-xkb1 libxcb-sync1 libxcb-shm0 libxcb-render0
 libxcb-util1 libxcb1 libx11-6 libx11-xcb1 libxkbcommon0 libxkbcommon-x11-0 libegl1 libgl1
 libfontconfig1 libfreetype6 libdbus-1-3"
missing=""
known=$(/sbin/ldconfig -p)      # once: `ldconfig -p | grep -q` dies of SIGPIPE under pipefail
for lib in libxcb-cursor.so.0 libxcb-icccm.so.4 libxcb-keysyms.so.1 libxcb-image.so.0 \
           libxcb-render-util.so.0 libxcb-shape.so.0 libxkbcommon-x11.so.0 libEGL.so.1; do
    case "$known" in *"$lib"*) ;; *) missing="$missing $lib" ;; esac
done
if [ -n "$missing" ]; then
    echo "missing on the build machine:$missing"
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $XCB_PACKAGES
    else
        echo "build_linux.sh: install them first: sudo apt-get install $XCB_PACKAGES" | tr '\n' ' ' >&2
        exit 1
    fi
fi

step "icon"
"$PYTHON" installers/make_icon.py installers/build/icon

step "PyInstaller (one-dir)"
PYTHONWARNINGS=ignore::DeprecationWarning \
    "$PYTHON" -m PyInstaller --noconfirm --log-level WARN --distpath "$DIST" \
    --workpath installers/build installers/tsumego_gui.spec
ln -sfn tsumego-gui "$BUNDLE/tsumego"       # the command line: same executable, other name

step "tar.gz"
TARGZ=$DIST/tsumego_gui-$VERSION-linux-$MARCH.tar.gz
tar -C "$DIST" -cf - tsumego_gui | gzip -6 > "$TARGZ"

step "deb"
DEB=$DIST/tsumego-gui_${VERSION}_$ARCH.deb
R=installers/build/debroot
rm -rf "$R"
mkdir -p "$R/DEBIAN" "$R/opt" "$R/usr/bin" "$R/usr/share/applications" \
         "$R/usr/share/icons/hicolor/256x256/apps" "$R/usr/share/doc/tsumego-gui"
cp -al "$ROOT/$BUNDLE" "$R/opt/tsumego_gui" 2>/dev/null || cp -a "$BUNDLE" "$R/opt/tsumego_gui"
ln -s /opt/tsumego_gui/tsumego-gui "$R/usr/bin/tsumego-gui"
ln -s /opt/tsumego_gui/tsumego "$R/usr/bin/tsumego"
cp installers/linux/tsumego-gui.desktop "$R/usr/share/applications/"
cp installers/build/icon/tsumego-gui.png "$R/usr/share/icons/hicolor/256x256/apps/"
cp LICENSE "$R/usr/share/doc/tsumego-gui/copyright" 2>/dev/null || true
# glibc floor: the newest GLIBC_x.y any bundled binary asks for
GLIBC=$(find "$BUNDLE" -type f \( -name '*.so*' -o -perm -u+x \) -print0 \
        | xargs -0 objdump -T 2>/dev/null | grep -o 'GLIBC_[0-9][0-9.]*' \
        | sed 's/GLIBC_//' | sort -uV | tail -1)
DEPENDS="libc6 (>= ${GLIBC:-2.34}), $(echo $XCB_PACKAGES | sed 's/ /, /g'), libglib2.0-0 | libglib2.0-0t64"
cat > "$R/DEBIAN/control" <<EOF
Package: tsumego-gui
Version: $VERSION
Architecture: $ARCH
Maintainer: tsumego_gui developers <tsumego-gui@users.noreply.github.com>
Installed-Size: $(du -sk "$R" | cut -f1)
Depends: $DEPENDS
Recommends: fonts-dejavu-core
Section: games
Priority: optional
Homepage: https://github.com/tsumego-gui/tsumego_gui
Description: proves Go life-and-death problems and shows the proof
 Load an SGF or set up a position, mark the stones that must live, and the
 solver answers lives or dies with every winning first move and a complete,
 independently verified proof tree, browsable with its relevance zones.
 Includes the desktop app (tsumego-gui) and the command line (tsumego).
EOF
command -v desktop-file-validate >/dev/null && desktop-file-validate "$R/usr/share/applications/tsumego-gui.desktop"
dpkg-deb -Zzstd --root-owner-group --build "$R" "$DEB" >/dev/null
rm -rf "$R"

step "AppImage"
if command -v appimagetool >/dev/null; then
    A=installers/build/AppDir
    rm -rf "$A" && mkdir -p "$A/usr/lib"
    cp -a "$BUNDLE" "$A/usr/lib/tsumego_gui"
    cp installers/linux/tsumego-gui.desktop installers/build/icon/tsumego-gui.png "$A/"
    cat > "$A/AppRun" <<'EOF'
#!/bin/sh
HERE=$(dirname "$(readlink -f "$0")")
case "$(basename "${ARGV0:-$0}")" in
    tsumego|tsumego-*.AppImage-cli) exec "$HERE/usr/lib/tsumego_gui/tsumego" "$@" ;;
esac
exec "$HERE/usr/lib/tsumego_gui/tsumego-gui" "$@"
EOF
    chmod +x "$A/AppRun"
    ARCH=$MARCH APPIMAGE_EXTRACT_AND_RUN=1 appimagetool --no-appstream "$A" \
        "$DIST/tsumego_gui-$VERSION-$MARCH.AppImage"
    rm -rf "$A"
else
    echo "AppImage: skipped, appimagetool is not on PATH (not in Debian, PyPI or npm;"
    echo "          the GitHub workflow downloads it)"
fi

step ""
echo "== sizes"
du -sh "$BUNDLE" "$TARGZ" "$DEB" $(ls "$DIST"/*.AppImage 2>/dev/null) | sed 's/^/   /'
echo "== build time: $(( $(date +%s) - START )) s"
