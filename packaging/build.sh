#!/usr/bin/env bash
# Build the desktop app "Chinese Ten" for the operating system this runs on.
#
#     packaging/build.sh                 build dist/Chinese Ten/ (and more, see below)
#     packaging/build.sh --smoke-test    then check the bundle and run the frozen app
#     packaging/build.sh --print-python  say which Python would make packaging/.venv
#
# Uses the active virtual environment if there is one, else packaging/.venv (made on
# first use with $PYTHON, else py -3 or python on Windows, python3 elsewhere), installs
# the game and PyInstaller into it, rasterises the icon, runs packaging/pyinstaller.spec
# and packs the result with its SHA-256 (packaging/pack.py). Per system:
#   Linux:   share/ (a .desktop entry and icons) and install-linux.sh inside the folder;
#            dist/chinese-ten-linux-<machine>.tar.gz
#   macOS:   dist/Chinese Ten.app; dist/chinese-ten-macos-<arch>.zip (made by ditto)
#   Windows: dist/Chinese Ten/chinese-ten.exe and chinese-ten-cli.exe (run this script
#            from Git Bash); dist/chinese-ten-windows-<machine>.zip
set -euo pipefail

usage() { sed -n '2,17s/^# \{0,1\}//p' "$0"; }
smoke=0
print_python=0
for arg in "$@"; do
  case $arg in
    --smoke-test) smoke=1 ;;
    --print-python) print_python=1 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "build.sh: unknown option $arg" >&2; usage >&2; exit 2 ;;
  esac
done

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
cd "$root"
export PIP_DISABLE_PIP_VERSION_CHECK=1 PYGAME_HIDE_SUPPORT_PROMPT=1
system=$(uname -s)
say() { echo "+ $*"; }

venv_python() {  # the Python inside a virtual environment, on any system
  if [ -x "$1/bin/python" ]; then echo "$1/bin/python"; else echo "$1/Scripts/python.exe"; fi
}

# The Python that makes packaging/.venv, into the array base_python. $PYTHON wins. On
# Windows the launcher (py -3) or python come first: "python3" there is often the
# Microsoft Store's stub in ...\WindowsApps, which opens the Store instead of running.
pick_python() {
  base_python=()
  if [ -n "${PYTHON:-}" ]; then
    base_python=("$PYTHON")
    # Git Bash: C:\...\python.exe as /c/.../python.exe
    if command -v cygpath >/dev/null 2>&1; then base_python=("$(cygpath -u "$PYTHON")"); fi
    return 0
  fi
  local candidates=(python3 python)
  case $system in
    MINGW*|MSYS*|CYGWIN*|Windows_NT)
      if command -v py >/dev/null 2>&1 && py -3 -c "" >/dev/null 2>&1; then base_python=(py -3); return 0; fi
      candidates=(python python3) ;;
  esac
  local name found
  for name in "${candidates[@]}"; do
    found=$(command -v "$name" 2>/dev/null) || continue
    case $found in *WindowsApps*) continue ;; esac
    base_python=("$found"); return 0
  done
  echo "build.sh: no Python found; install Python 3.11 or newer, or name one with PYTHON=/path/to/python" >&2
  return 1
}

if [ "$print_python" = 1 ]; then
  pick_python
  echo "${base_python[*]}"
  exit 0
fi

# Linux: PyInstaller reads shared libraries with objdump (Debian's binutils).
if [ "$system" = Linux ] && ! command -v objdump >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "apt-get install binutils (PyInstaller needs objdump)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq binutils >/dev/null
  else
    echo "build.sh: PyInstaller needs objdump; install binutils (Debian: sudo apt-get install binutils)" >&2
    exit 1
  fi
fi

if [ -n "${VIRTUAL_ENV:-}" ]; then
  py=$(venv_python "$VIRTUAL_ENV")
  say "using the active virtual environment $VIRTUAL_ENV"
  # Keep an editable install of the game as it is; the spec bundles the checkout anyway.
  "$py" -c "import chinese_ten" 2>/dev/null || "$py" -m pip install --quiet .
  "$py" -m pip install --quiet "pyinstaller>=6.0"
else
  venv=packaging/.venv
  if [ ! -e "$venv" ]; then
    pick_python
    say "${base_python[*]} -m venv $venv"
    "${base_python[@]}" -m venv "$venv" || {
      rm -rf "$venv"
      echo "build.sh: could not make a virtual environment (Debian: apt-get install python3-venv)" >&2
      exit 1
    }
  fi
  py=$(venv_python "$venv")
  say "pip install .[package] into $venv"
  "$py" -m pip install --quiet ".[package]"
fi

say "make the icons"
"$py" packaging/make_icons.py

say "PyInstaller packaging/pyinstaller.spec"
"$py" -m PyInstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
  packaging/pyinstaller.spec

app="dist/Chinese Ten"
if [ "$system" = Linux ]; then
  say "desktop entry, icons and tarball"
  mkdir -p "$app/share/applications"
  cp packaging/chinese-ten.desktop "$app/share/applications/"
  for png in packaging/build/icons/chinese-ten-*.png; do
    size=${png##*-}; size=${size%.png}
    mkdir -p "$app/share/icons/hicolor/${size}x${size}/apps"
    cp "$png" "$app/share/icons/hicolor/${size}x${size}/apps/chinese-ten.png"
  done
  cp packaging/install-linux.sh "$app/"
  chmod +x "$app/install-linux.sh"
  echo "built $app/chinese-ten"
elif [ "$system" = Darwin ]; then
  echo "built dist/Chinese Ten.app (and the bare folder $app)"
else
  echo "built $app/chinese-ten.exe and $app/chinese-ten-cli.exe"
fi

if [ "$smoke" = 1 ]; then
  say "smoke test of the frozen app"
  "$py" packaging/smoke_test.py "$app"
fi

say "pack the app with its SHA-256"
"$py" packaging/pack.py --dist dist
