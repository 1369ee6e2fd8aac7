#!/bin/sh
# Runs a test command under a deadline, so that a test that hangs fails the run within SECONDS
# instead of holding CI until its own limit. Usage: watchdog.sh SECONDS LOG COMMAND [ARG...]
#
# The command's output goes to standard output and to LOG, line by line (stdbuf), so LOG holds
# every line the test runner wrote up to the deadline; the watchdog's own lines go to standard
# error. At the deadline it prints which tests started and never ended (Swift Testing's
# "◇ Test X started." without a "✔/✘/➜ Test X" line), asks each test runner still running
# for every thread's backtrace (SIGQUIT; the runner inherits SWIFT_BACKTRACE with
# threads=all), then kills the command and every process it
# started (its process group, and any process that carries this run's LOCATE_WATCHDOG mark in
# its environment, for children that left the group), and exits 124. A command that ends but
# leaves processes holding its output is not waited for past 10 s: they are killed, and the
# command's own status is the watchdog's.
set -u
seconds=$1
log=$2
shift 2
mkdir -p "$(dirname "$log")"
state=$(mktemp -d "${TMPDIR:-/tmp}/locate-watchdog.XXXXXX")
trap 'rm -rf "$state"' EXIT
LOCATE_WATCHDOG=$$
SWIFT_BACKTRACE=enable=yes,interactive=no,threads=all,color=no
export LOCATE_WATCHDOG SWIFT_BACKTRACE

# setsid: the command leads a process group of its own, whose ID it writes first.
{
  setsid sh -c 'echo $$ >"$0/group"; exec stdbuf -oL -eL "$@" 2>&1' "$state" "$@"
  echo $? >"$state/status"
} | tee "$log" &
pipeline=$!

# The processes that carry this run's mark (the command's, tee's, and any that left the group).
marked() {
  for proc in /proc/[0-9]*; do
    { tr '\0' '\n' <"$proc/environ"; } 2>/dev/null | grep -qx "LOCATE_WATCHDOG=$LOCATE_WATCHDOG" &&
      echo "${proc#/proc/}"
  done
}

# Whether the command is still running, polled each second up to the deadline.
waited=0
while kill -0 "$pipeline" 2>/dev/null && [ ! -s "$state/status" ] && [ "$waited" -lt "$seconds" ]; do
  sleep 1
  waited=$((waited + 1))
done
if [ -s "$state/status" ]; then
  # The command ended. tee ends when nothing holds its pipe any more: a process the command
  # left behind with its output would hold it, and the run would wait for the deadline.
  grace=0
  while kill -0 "$pipeline" 2>/dev/null && [ "$grace" -lt 10 ]; do
    sleep 1
    grace=$((grace + 1))
  done
  if kill -0 "$pipeline" 2>/dev/null; then
    echo "watchdog: '$*' ended, but processes it left behind still held its output: killed" >&2
    group=$(cat "$state/group" 2>/dev/null || true)
    [ -n "$group" ] && kill -KILL -- "-$group" 2>/dev/null
    for pid in $(marked); do kill -KILL "$pid" 2>/dev/null; done
  fi
  wait "$pipeline" 2>/dev/null
  exit "$(cat "$state/status")"
fi
if ! kill -0 "$pipeline" 2>/dev/null; then
  wait "$pipeline"
  exit "$(cat "$state/status" 2>/dev/null || echo 1)"
fi

echo "watchdog: '$*' did not end within $seconds s; tests started that never ended:" >&2
sed -n 's/^◇ Test \(.*\) started\.$/\1/p' "$log" | grep -v '^case passing' | sort -u >"$state/started"
sed -n 's/^[✔✘➜] Test \(.*\) \(passed\|failed\|skipped\).*/\1/p' "$log" | sort -u >"$state/ended"
comm -23 "$state/started" "$state/ended" | sed 's/^/  /' >&2
quit=0
for pid in $(marked); do
  case "$(readlink "/proc/$pid/exe" 2>/dev/null)" in
  *.xctest)
    echo "watchdog: each thread's backtrace in the test runner, pid $pid, is in $log" >&2
    kill -QUIT "$pid" 2>/dev/null && quit=$((quit + 1))
    ;;
  esac
done
# The backtracer symbolicates every thread of a debug build: up to a minute.
if [ "$quit" -gt 0 ]; then
  waited=0
  while [ "$waited" -lt 60 ] && [ -n "$(marked | while read -r pid; do
    case "$(readlink "/proc/$pid/exe" 2>/dev/null)" in *.xctest) echo "$pid" ;; esac
  done)" ]; do
    sleep 1
    waited=$((waited + 1))
  done
fi
group=$(cat "$state/group" 2>/dev/null || true)
[ -n "$group" ] && kill -KILL -- "-$group" 2>/dev/null
for pid in $(marked); do kill -KILL "$pid" 2>/dev/null; done
wait "$pipeline" 2>/dev/null
exit 124
