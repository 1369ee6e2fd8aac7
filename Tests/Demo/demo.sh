#!/bin/sh
# `make demo`: the real serial path with no GPS attached. Starts the built-in virtual receiver
# (`locate simulate`, a synthetic drive through Munich) on a pseudo-terminal, then reads it like
# a USB receiver: a short watch, one current fix, and the distances to a few airports.
# Usage: Tests/Demo/demo.sh [PATH-TO-LOCATE]
set -eu
LOCATE=${1:-.build/release/locate}
dir=$(mktemp -d "${TMPDIR:-/tmp}/locate-demo.XXXXXX")
sim=
# Every way out ends the simulator and removes the folder: the end of the script, an error
# (set -e), and Ctrl-C or a kill. SIGTERM, not SIGINT: a non-interactive sh starts background
# jobs with SIGINT ignored, and locate keeps a signal that was ignored when it started (as
# `nohup` users expect), so SIGINT would not reach it. SIGKILL after 5 s, should it hang.
cleanup() {
  if [ -n "$sim" ]; then
    kill -TERM "$sim" 2>/dev/null || true
    tries=0
    while kill -0 "$sim" 2>/dev/null && [ "$tries" -lt 100 ]; do
      tries=$((tries + 1))
      sleep 0.05
    done
    kill -KILL "$sim" 2>/dev/null || true
    wait "$sim" 2>/dev/null || true
  fi
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

"$LOCATE" simulate --link "$dir/gps" --rate 1 >"$dir/simulator.out" 2>"$dir/simulator.err" &
sim=$!
tries=0
until [ -s "$dir/simulator.out" ]; do
  tries=$((tries + 1))
  if [ "$tries" -gt 200 ] || ! kill -0 "$sim" 2>/dev/null; then
    echo "demo: the virtual receiver did not start:" >&2
    cat "$dir/simulator.err" >&2
    exit 1
  fi
  sleep 0.05
done
device=$(head -n 1 "$dir/simulator.out")

step() {
  printf '\n$ locate %s\n' "$*"
  "$LOCATE" "$@"
}

printf '$ locate simulate --link %s --rate 1 &\n' "$device"
printf '%s  (a virtual receiver on %s)\n' "$device" "$(readlink "$device" || echo "$device")"
step watch --device "$device" --count 5 --no-pause
step current --device "$device"
step distance --device "$device" EDDM=48.3538,11.7861 EDMO=48.0814,11.2831 \
  LOWS=47.7933,13.0043 LOWW=48.1103,16.5697 LSZH=47.4647,8.5492
printf '\n(no GPS attached: all of this came through a pseudo-terminal, as from a USB receiver)\n'
