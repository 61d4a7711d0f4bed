#!/bin/sh
# Add Chinese Ten to this account's application menu: run from the unpacked folder.
#     ./install-linux.sh            add the menu entry and icons (~/.local/share)
#     ./install-linux.sh --remove   take them away again
# The game itself stays where it is; move the folder first if you want it elsewhere.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
entry="$data/applications/chinese-ten.desktop"

if [ "${1:-}" = "--remove" ]; then
  rm -f "$entry"
  for png in "$here"/share/icons/hicolor/*/apps/chinese-ten.png; do
    size=$(basename "$(dirname "$(dirname "$png")")")
    rm -f "$data/icons/hicolor/$size/apps/chinese-ten.png"
  done
  echo "Removed Chinese Ten from the application menu."
  exit 0
fi

for png in "$here"/share/icons/hicolor/*/apps/chinese-ten.png; do
  size=$(basename "$(dirname "$(dirname "$png")")")
  mkdir -p "$data/icons/hicolor/$size/apps"
  cp "$png" "$data/icons/hicolor/$size/apps/chinese-ten.png"
done
mkdir -p "$data/applications"
# Point the entry at this folder's executable, quoted (the path may hold spaces).
exe=$(printf '%s' "$here/chinese-ten" | sed 's/[\\&|]/\\&/g')
sed "s|^Exec=.*|Exec=\"$exe\" %u|" "$here/share/applications/chinese-ten.desktop" > "$entry"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$data/applications" || true
# chinese-ten:// links (a table's invitation) open the game.
command -v xdg-mime >/dev/null 2>&1 && xdg-mime default chinese-ten.desktop x-scheme-handler/chinese-ten || true
echo "Added Chinese Ten to the application menu ($entry)."
