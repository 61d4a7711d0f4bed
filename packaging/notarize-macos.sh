#!/usr/bin/env bash
# Notarise the signed macOS app with Apple, staple the ticket to it, and pack it again.
#
#     packaging/notarize-macos.sh        after: MACOS_CODESIGN_IDENTITY=... packaging/build.sh
#
# Needs the app signed with a Developer ID identity (build.sh does it when
# MACOS_CODESIGN_IDENTITY names one) and, in the environment, an App Store Connect
# login for notarytool: APPLE_ID, APPLE_TEAM_ID and APPLE_APP_PASSWORD (an
# app-specific password). A notarised and stapled app opens on a double-click,
# even offline; an unsigned one needs Privacy & Security -> Open Anyway (see README).
set -euo pipefail
cd "$(dirname "$0")/.."

app="dist/Chinese Ten.app"
for name in APPLE_ID APPLE_TEAM_ID APPLE_APP_PASSWORD; do
  if [ -z "${!name:-}" ]; then echo "notarize-macos.sh: $name is not set" >&2; exit 2; fi
done
[ -d "$app" ] || { echo "notarize-macos.sh: no $app; build first: packaging/build.sh" >&2; exit 1; }
if codesign -dv "$app" 2>&1 | grep -q "Signature=adhoc"; then
  echo "notarize-macos.sh: $app is signed ad hoc; Apple notarises only Developer ID signatures" >&2
  exit 1
fi

upload=$(mktemp -d)/chinese-ten-notarize.zip
echo "+ ditto -c -k --keepParent $app $upload"
ditto -c -k --sequesterRsrc --keepParent "$app" "$upload"
echo "+ xcrun notarytool submit (waits for Apple's answer)"
xcrun notarytool submit "$upload" --apple-id "$APPLE_ID" --team-id "$APPLE_TEAM_ID" \
  --password "$APPLE_APP_PASSWORD" --wait
echo "+ xcrun stapler staple $app"
xcrun stapler staple "$app"
xcrun stapler validate "$app"
spctl --assess --type execute --verbose=2 "$app"
codesign --verify --deep --strict --verbose=2 "$app"

python=${PYTHON:-python3}
[ -x packaging/.venv/bin/python ] && python=packaging/.venv/bin/python
"$python" packaging/pack.py --dist dist
