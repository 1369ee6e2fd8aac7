#!/bin/bash
# Runs the built test suite as shards, each a test runner process of its own, JOBS at a time,
# each under watchdog.sh's deadline. Usage:
#   run_tests.sh NAME SECONDS JOBS SHARD... -- COMMAND [ARGUMENT...]
# A SHARD is a --filter regular expression; the shard "rest" is what no other shard takes
# (--skip each of them), so that a new test target is never left out; "!EXPRESSION" is not run
# at all (rest skips it too). Shard N's output is in
# $BUILD_DIR/NAME-N.log (BUILD_DIR defaults to .build); a line a shard as each ends, then its
# failures again, and one line for all.
#
# Why shards: Swift Testing runs every test of a process on the concurrency runtime's pool,
# one thread a core (two here). A synchronous test that waits for a child process or a device
# holds one of them for its whole wait, and every async test of that process waits behind it:
# the whole suite in one process took 609 s on 2026-12-04, OpenCoreLocationTests' async tests
# waiting up to 537 s in it, against 16 s for that target alone.
set -u
name=$1 seconds=$2 jobs=$3
shift 3
shards=() excluded=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  case $1 in
  !*) excluded+=("${1#!}") ;;
  *) shards+=("$1") ;;
  esac
  shift
done
[ $# -gt 1 ] || { echo "run_tests.sh: no command after --" >&2; exit 64; }
shift
command=("$@")
here=$(cd "$(dirname "$0")" && pwd)
logs=${BUILD_DIR:-.build}
mkdir -p "$logs"

# The arguments that select shard N.
selection() {
  local shard=${shards[$1]} other
  if [ "$shard" = rest ]; then
    for other in "${shards[@]}" "${excluded[@]}"; do
      [ "$other" = rest ] || printf '%s\n' --skip "$other"
    done
  else
    printf '%s\n' --filter "$shard"
  fi
}

declare -A pids=()
start() {
  local n=$1 log="$logs/$name-$(($1 + 1)).log" arguments
  mapfile -t arguments < <(selection "$n")
  sh "$here/watchdog.sh" "$seconds" "$log" "${command[@]}" "${arguments[@]}" \
    >/dev/null 2>"$log.watchdog" &
  pids[$n]=$!
  echo "$name: shard $((n + 1)) of ${#shards[@]} (${shards[$n]}) started"
}

statuses=()
next=0
while [ $next -lt ${#shards[@]} ] || [ ${#pids[@]} -gt 0 ]; do
  while [ $next -lt ${#shards[@]} ] && [ ${#pids[@]} -lt "$jobs" ]; do
    start $next
    next=$((next + 1))
  done
  wait -n "${pids[@]}" 2>/dev/null
  for n in "${!pids[@]}"; do
    if ! kill -0 "${pids[$n]}" 2>/dev/null; then
      wait "${pids[$n]}"
      statuses[$n]=$?
      unset "pids[$n]"
      echo "$name: shard $((n + 1)) (${shards[$n]}), status ${statuses[$n]}:" \
        "$(grep -E '^(✔|✘) Test run with' "$logs/$name-$((n + 1)).log" | tail -n 1)"
    fi
  done
done

failed=0 tests=0 suites=0
for n in "${!shards[@]}"; do
  log="$logs/$name-$((n + 1)).log"
  line=$(grep -E '^(✔|✘) Test run with [0-9]+ tests? in [0-9]+ suites?' "$log" | tail -n 1)
  if [ "${statuses[$n]}" != 0 ] || [ -z "$line" ]; then
    failed=$((failed + 1))
    echo "## $name shard $((n + 1)) (${shards[$n]}) failed, status ${statuses[$n]}; from $log:"
    grep -E '^✘' "$log" | cut -c1-1200 | tail -n 60
    if grep -q '^watchdog:' "$log.watchdog"; then
      # The hung threads' frames in our tests, then the tests that never ended.
      grep -E ' in .*(Tests|Sources)/' "$log" | cut -c1-200 | head -n 40
      cat "$log.watchdog"
    elif [ -z "$line" ]; then
      tail -n 20 "$log"
    fi
  fi
  [[ $line =~ with\ ([0-9]+)\ tests?\ in\ ([0-9]+)\ suites? ]] &&
    tests=$((tests + BASH_REMATCH[1])) suites=$((suites + BASH_REMATCH[2]))
done
if [ $failed -eq 0 ]; then
  echo "✔ $name: $tests tests in $suites suites passed, in ${#shards[@]} shards"
else
  echo "✘ $name: $failed of ${#shards[@]} shards failed ($tests tests in $suites suites ended)"
  exit 1
fi
