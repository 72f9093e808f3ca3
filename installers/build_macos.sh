#!/usr/bin/env bash
# Builds the macOS installer of tsumego_gui from this checkout (run on macOS, arm64):
#   installers/dist/tsumego_gui.app                       the app (PyInstaller one-dir BUNDLE)
#   installers/dist/tsumego_gui-VERSION-macos-ARCH.dmg     the app in a disk image
#
#   bash installers/build_macos.sh            (PYTHON=path/to/python to pick the interpreter)
#
# Signing: with MACOS_SIGN_IDENTITY set ("Developer ID Application: ..."), every binary is
# signed with the hardened runtime and installers/macos/entitlements.plist; otherwise the
# app is signed ad hoc (users then confirm "Open" once).  Notarization runs when
# APPLE_ID, APPLE_TEAM_ID and APPLE_APP_PASSWORD are set as well.
set -euo pipefail
cd "$(dirname "$0")/.."
START=$(date +%s)
PYTHON=${PYTHON:-python3}
VERSION=$("$PYTHON" -c 'import tomllib; print(tomllib.load(open("pyproject.toml","rb"))["project"]["version"])')
ARCH=$(uname -m)
DIST=installers/dist
APP=$DIST/tsumego_gui.app
DMG=$DIST/tsumego_gui-$VERSION-macos-$ARCH.dmg
t=$START
step() { local now; now=$(date +%s); echo "== $1: $((now - t)) s"; t=$now; }
echo "tsumego_gui $VERSION for macOS/$ARCH with $PYTHON"

"$PYTHON" -c "import engine_cy.board, tsumego_gui.qt.app, torch" || {
    echo "build_macos.sh: install the app first (pip install -e . with torch==2.13.0)" >&2; exit 1; }
"$PYTHON" -m pip install -q -r installers/requirements-build.txt
step "build requirements"
"$PYTHON" installers/make_icon.py installers/build/icon
step "icon"
"$PYTHON" -m PyInstaller --noconfirm --log-level WARN --distpath "$DIST" \
    --workpath installers/build installers/tsumego_gui.spec
ln -sfn tsumego-gui "$APP/Contents/MacOS/tsumego"     # the command line, same executable
step "PyInstaller (.app)"

if [ -n "${MACOS_SIGN_IDENTITY:-}" ]; then
    # inside out: every Mach-O file, then the app
    find "$APP/Contents" -type f \( -name '*.so' -o -name '*.dylib' -o -perm -u+x \) -print0 |
        xargs -0 codesign --force --timestamp --options runtime \
            --entitlements installers/macos/entitlements.plist --sign "$MACOS_SIGN_IDENTITY"
    codesign --force --timestamp --options runtime \
        --entitlements installers/macos/entitlements.plist --sign "$MACOS_SIGN_IDENTITY" "$APP"
else
    codesign --force --deep --sign - "$APP"
fi
codesign --verify --deep --strict "$APP"
step "codesign (${MACOS_SIGN_IDENTITY:-ad hoc})"

STAGE=installers/build/dmg
rm -rf "$STAGE" "$DMG" && mkdir -p "$STAGE"
cp -R "$APP" "$STAGE/"
ln -s /Applications "$STAGE/Applications"
hdiutil create -volname "tsumego_gui $VERSION" -srcfolder "$STAGE" -ov -format UDZO "$DMG"
rm -rf "$STAGE"
step "dmg"

if [ -n "${MACOS_SIGN_IDENTITY:-}" ] && [ -n "${APPLE_ID:-}" ] && [ -n "${APPLE_TEAM_ID:-}" ] \
        && [ -n "${APPLE_APP_PASSWORD:-}" ]; then
    codesign --force --timestamp --sign "$MACOS_SIGN_IDENTITY" "$DMG"
    xcrun notarytool submit "$DMG" --apple-id "$APPLE_ID" --team-id "$APPLE_TEAM_ID" \
        --password "$APPLE_APP_PASSWORD" --wait
    xcrun stapler staple "$DMG"
    step "notarization"
else
    echo "notarization: skipped (needs MACOS_SIGN_IDENTITY, APPLE_ID, APPLE_TEAM_ID, APPLE_APP_PASSWORD)"
fi
echo "== sizes"
du -sh "$APP" "$DMG" | sed 's/^/   /'
echo "== build time: $(( $(date +%s) - START )) s"
