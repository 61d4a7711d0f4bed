#!/usr/bin/env bash
# The test suite on a busy machine: clones this repository fresh into a temporary folder, installs it as
# the README says (a virtual environment with the "test" extra), starts two busy processes that hold both
# cores (each bounded in time, and ended by this script however it ends), then runs the suite three times
# and prints each run's result and time. Exits non-zero if any run failed.
#
#   tools/ci_under_load.sh                      # the whole suite, three times
#   tools/ci_under_load.sh tests/test_cards.py  # a selection: anything after the options goes to pytest
#
# Options (environment): RUNS (3), BUSY (2, the busy processes), BUSY_SECONDS (the most each may run:
# 3600), REF (the commit to clone: HEAD), PYTHON (python3), PIP_OPTIONS (extra options for pip, such as
# --no-index --find-links DIR on a machine without a network).
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
runs="${RUNS:-3}"
busy="${BUSY:-2}"
busy_seconds="${BUSY_SECONDS:-3600}"
ref="${REF:-HEAD}"
python="${PYTHON:-python3}"
selection=("$@")

work="$(mktemp -d "${TMPDIR:-/tmp}/chinese-ten-under-load.XXXXXX")"
busy_pids=()
pytest_pid=""

cleanup() {
  local pid
  if [ -n "$pytest_pid" ]; then
    kill "$pytest_pid" 2>/dev/null || true
    wait "$pytest_pid" 2>/dev/null || true
  fi
  for pid in ${busy_pids[@]+"${busy_pids[@]}"}; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in ${busy_pids[@]+"${busy_pids[@]}"}; do
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "+ git clone $here ($ref) into $work/repo"
git clone -q --no-hardlinks "$here" "$work/repo"
git -C "$work/repo" checkout -q --detach "$(git -C "$here" rev-parse "$ref")"
cd "$work/repo"

echo "+ $python -m venv .venv && .venv/bin/pip install -e .[test]"
"$python" -m venv .venv
# shellcheck disable=SC2086
.venv/bin/pip install -q --disable-pip-version-check ${PIP_OPTIONS:-} -e ".[test]"

export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
export CHINESE_TEN_SETTINGS_DIR="$work/settings" CHINESE_TEN_LOG_DIR="$work/logs" CHINESE_TEN_DATA_DIR="$work/data"

echo "+ $busy busy processes, each for at most $busy_seconds s"
for _ in $(seq "$busy"); do
  timeout "$busy_seconds" "$python" -c 'while True: pass' &
  busy_pids+=("$!")
done

failed=0
for run in $(seq "$runs"); do
  began=$(date +%s)
  # In the background, waited for, so that an interrupt ends it (and the busy processes) at once.
  .venv/bin/python -m pytest -p no:cacheprovider ${selection[@]+"${selection[@]}"} > "$work/run-$run.log" 2>&1 &
  pytest_pid=$!
  set +e
  wait "$pytest_pid"
  status=$?
  set -e
  pytest_pid=""
  took=$(( $(date +%s) - began ))
  summary="$(grep -E '(passed|failed|error|no tests ran)' "$work/run-$run.log" | tail -n 1 || true)"
  load="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || true)"
  echo "run $run: exit $status in ${took} s (load average $load): $summary"
  if [ "$status" -ne 0 ]; then
    failed=1
    # what failed and why (the log goes with the temporary folder)
    sed -n '/^=* FAILURES =*$/,/^=* short test summary/p' "$work/run-$run.log" | tail -n 120 || true
    grep -E '^(FAILED|ERROR) ' "$work/run-$run.log" || tail -n 30 "$work/run-$run.log" || true
  fi
done

if [ "$failed" -ne 0 ]; then
  echo "under load: at least one run failed"
  exit 1
fi
echo "under load: all $runs runs passed"
