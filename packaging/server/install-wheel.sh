#!/bin/sh
# Install the table server from the one chinese_ten wheel in a folder, without pygame (the
# server draws nothing), into the Python environment of the given interpreter:
#
#     sh install-wheel.sh /opt/chinese-ten/bin/python packaging/server/dist
#
# The wheel is made by `python3 -m pip wheel --no-deps -w packaging/server/dist .` in a
# checkout of the game. The Containerfile runs this too.
set -eu

if [ "$#" -ne 2 ]; then
	echo "usage: sh install-wheel.sh PYTHON FOLDER (the interpreter to install for, the folder holding the wheel)" >&2
	exit 2
fi
python=$1
folder=$2
set -- "$folder"/chinese_ten-*.whl
if [ ! -f "$1" ]; then
	echo "install-wheel.sh: no chinese_ten-*.whl in $folder; build it with: python3 -m pip wheel --no-deps -w $folder ." >&2
	exit 1
fi
if [ "$#" -ne 1 ]; then
	echo "install-wheel.sh: $# chinese_ten wheels in $folder ($*); remove all but the one to install" >&2
	exit 1
fi
wheel=$1

"$python" -m pip install --no-cache-dir --no-deps "$wheel"
# The wheel's own requirements, but for its extras and pygame-ce: the window's, not the server's.
needs=$("$python" - <<'PYTHON'
from importlib.metadata import requires

for line in requires("chinese-ten") or []:
    if "extra ==" not in line and not line.lower().startswith("pygame"):
        print(line.split(";")[0].strip())
PYTHON
)
# shellcheck disable=SC2086 # one requirement a word, none with a space
"$python" -m pip install --no-cache-dir $needs
