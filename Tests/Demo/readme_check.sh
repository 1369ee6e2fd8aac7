#!/bin/sh
# `make check`'s guard of README's set-up promises. From a clean clone of the commit (HEAD; a
# working tree's uncommitted changes are not in it), it:
# - reads the two set-up commands from README's "Set-up on a fresh machine" block, and checks
#   that .ci/run runs exactly the test command (the second);
# - runs every other set-up command (`make demo`) exactly as written, under a deadline
#   (README_CHECK_SECONDS, default 1200), and fails if it hangs, fails, leaves a process
#   running or its temporary folder (`locate-demo.*` in TMPDIR) behind, or prints other lines
#   than README's transcript shows (numbers, times and the demo's folder aside);
# - builds the whole package with `swift build -c release`, as a Swift user types first.
# The test command itself is what runs this (`make check`), from .ci/run.
set -eu
repo=$(cd "$(dirname "$0")/../.." && pwd)
deadline=${README_CHECK_SECONDS:-1200}
work=$(mktemp -d "${TMPDIR:-/tmp}/locate-readme-check.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() {
  echo "readme-check: $*" >&2
  exit 1
}

# The set-up block: its command lines, comments stripped.
awk '/^## Set-up on a fresh machine/ { section = 1 }
  section && /^```sh/ { inside = 1; next }
  inside && /^```/ { exit }
  inside { sub(/#.*/, ""); sub(/[ \t]+$/, ""); if ($0 != "") print }' \
  "$repo/README.md" >"$work/commands"
[ "$(wc -l <"$work/commands")" -eq 2 ] || fail "README's set-up block should hold two commands: $(cat "$work/commands")"
test_command=$(sed -n 2p "$work/commands")
grep -qx "exec $test_command" "$repo/.ci/run" ||
  fail ".ci/run does not run README's test command ($test_command) exactly"

git clone -q "$repo" "$work/clone"
echo "readme-check: a clean clone of $(git -C "$work/clone" rev-parse --short HEAD)"
tmp=${TMPDIR:-/tmp}
demo_folders() { ls -d "$tmp"/locate-demo.* 2>/dev/null | sort || true; }

# What still runs from the clone: a process whose executable or working directory is in it.
leftovers() {
  for proc in /proc/[0-9]*; do
    for link in exe cwd; do
      target=$(readlink "$proc/$link" 2>/dev/null) || continue
      case "$target" in "$work"/*) echo "${proc#/proc/} $target" && break ;; esac
    done
  done
}

while IFS= read -r command; do
  [ "$command" = "$test_command" ] && continue
  echo "readme-check: \$ $command   (deadline $deadline s)"
  demo_folders >"$work/before"
  status=0
  # As from a user's shell: not a sub-make of the `make check` that runs this (MAKELEVEL would
  # make it print "Entering/Leaving directory" lines a user never sees).
  (cd "$work/clone" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES \
    timeout -k 10 "$deadline" sh -c "$command") \
    >"$work/output" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    tail -n 40 "$work/output" >&2
    [ "$status" -eq 124 ] && fail "'$command' did not end within $deadline s"
    fail "'$command' failed with status $status"
  fi
  sleep 1
  left=$(leftovers)
  if [ -n "$left" ]; then
    echo "$left" | while read -r pid _; do kill -KILL "$pid" 2>/dev/null || true; done
    fail "'$command' left processes running: $left"
  fi
  demo_folders >"$work/after"
  left=$(comm -13 "$work/before" "$work/after")
  [ -z "$left" ] || fail "'$command' left its folder behind: $left"
done <"$work/commands"

# The demo's transcript against README's, numbers, times and its folder aside.
normalize() {
  sed -E -e 's#[^ ]*/locate-demo\.[A-Za-z0-9]{6}#DIR#g' -e 's#/dev/pts/[0-9]+#PTS#g' \
    -e 's/[0-9]+/9/g' -e 's/[[:space:]]+/ /g' -e 's/ $//'
}
awk '/A run, after the build lines:$/ { found = 1; next }
  found && /^```/ { if (inside) exit; inside = 1; next }
  inside { print }' "$repo/README.md" | normalize >"$work/readme-transcript"
sed -n '/^\$ locate simulate/,$p' "$work/output" | normalize >"$work/demo-transcript"
[ -s "$work/readme-transcript" ] || fail "README has no demo transcript after 'A run, after the build lines:'"
if ! diff -u "$work/readme-transcript" "$work/demo-transcript" >"$work/diff"; then
  cat "$work/diff" >&2
  fail "make demo printed other lines than README's transcript (- README, + make demo)"
fi
echo "readme-check: make demo printed what README shows, ended, and left nothing behind"

echo "readme-check: \$ swift build -c release   (the whole package)"
(cd "$work/clone" && swift build -c release) >"$work/release" 2>&1 || {
  grep -E 'error:' "$work/release" | head -n 20 >&2
  fail "swift build -c release failed"
}
echo "readme-check: swift build -c release built the whole package"
