#!/bin/sh
# `make budget` (part of `make check`): the speed guard that a noisy machine cannot fool.
# Counts the instructions (valgrind's callgrind: exact and repeatable for the same binary,
# input and environment) of two runs over a fixed seeded corpus of about 1 MB
# (`LocateBench corpus --seed 1 --target-mb 1`, the same bytes everywhere):
#   decode   LocateBench decode corpus.nmea --quiet               (NMEADecoder alone: only
#            the calls of its decoding functions, `locate_bench_decode` and
#            `locate_bench_decode_end`, are counted, not LocateBench's start-up)
#   watch    locate watch --input corpus.nmea --json --no-pause   (the whole program)
# and fails when either exceeds its budget in Tests/Benchmarks/instruction-budget by more than
# 3 %. It also counts the C floor (limit.c) over that corpus, for reference (`make bench` shows
# the three). A change that makes either faster lowers its budget in the same commit; raising one
# needs a line in docs/bench/profiles.md saying why.
#
# It also holds `locate watch --input … --json --no-pause` to no heap allocation per epoch: the
# allocations of the whole process (valgrind memcheck) over 1,000 and 10,000 seeded epochs
# (`LocateBench corpus --seed 1 --epochs N`) may differ by at most ALLOCATIONS_PER_EPOCH × 9,000
# (0.25: what grows with the input is per read of 256 KiB, per new degree of the declination
# cache and the epochs in flight at most, not per epoch; one allocation per epoch is 4× that).
#
# Both are release builds with the Swift runtime linked statically, as `make release` and
# `make bench` build them; each runs from the work folder, with a fixed environment and
# address-space randomisation off (`setarch -R`), so the counts do not depend on where the
# repository or the temporary folder is. UPDATE=1 writes the counts measured as the new budget.
set -eu
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
SCRATCH=${BUDGET_SCRATCH:-.build/budget}
BUDGET=Tests/Benchmarks/instruction-budget
TOLERANCE=${BUDGET_TOLERANCE:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/locate-budget.XXXXXX")
trap 'rm -rf "$work"' EXIT

command -v valgrind >/dev/null || { echo "budget: valgrind is missing (make deps)" >&2; exit 1; }
for product in locate LocateBench; do
  "$SWIFT" build -c release --product "$product" --static-swift-stdlib \
    --disable-local-rpath --scratch-path "$SCRATCH" >"$work/build.log" 2>&1 || {
    grep -E 'error:' "$work/build.log" | head -n 20 >&2
    echo "budget: the release build of $product failed" >&2
    exit 1
  }
done
bin=$("$SWIFT" build -c release --scratch-path "$SCRATCH" --show-bin-path)
# Without debug information: valgrind 3.19 cannot read the DWARF the toolchain writes.
for product in locate LocateBench; do strip --strip-debug -o "$work/$product" "$bin/$product"; done
(cd "$work" && ./LocateBench corpus --seed 1 --target-mb 1 --out corpus.nmea >/dev/null)
for epochs in 1000 10000; do
  (cd "$work" && ./LocateBench corpus --seed 1 --epochs $epochs --out epochs$epochs.nmea >/dev/null)
done

# The instructions `$@` executes (callgrind's total; with VALGRIND_OPTIONS, e.g. only inside
# some functions), run in the work folder.
count() {
  (cd "$work" && env -i PATH=/usr/bin:/bin LANG=C.UTF-8 SWIFT_DETERMINISTIC_HASHING=1 \
    setarch "$(uname -m)" -R valgrind --tool=callgrind --callgrind-out-file=callgrind.out \
    ${VALGRIND_OPTIONS:-} "$@" >/dev/null 2>callgrind.err) || {
    cat "$work/callgrind.err" >&2
    echo "budget: $* failed under valgrind" >&2
    exit 1
  }
  sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$work/callgrind.out"
}

# The heap allocations of `$@` (memcheck's count for the whole process), run as `count` runs it.
allocations() {
  (cd "$work" && env -i PATH=/usr/bin:/bin LANG=C.UTF-8 SWIFT_DETERMINISTIC_HASHING=1 \
    setarch "$(uname -m)" -R valgrind --tool=memcheck --leak-check=no "$@" >/dev/null \
    2>memcheck.err) || {
    cat "$work/memcheck.err" >&2
    echo "budget: $* failed under valgrind" >&2
    exit 1
  }
  sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' "$work/memcheck.err" | tr -d ,
}

decode=$(VALGRIND_OPTIONS="--collect-atstart=no --toggle-collect=locate_bench_decode \
  --toggle-collect=locate_bench_decode_end" count ./LocateBench decode corpus.nmea --quiet)
watch=$(count ./locate watch --input corpus.nmea --json --no-pause)
# For reference, not held to a budget: the C floor (Tests/Benchmarks/limit.c, gcc -O2: read,
# memchr, XOR checksum) over the same corpus, when gcc is here.
floor=
if command -v gcc >/dev/null; then
  gcc -O2 -o "$work/limit" Tests/Benchmarks/limit.c && floor=$(count ./limit corpus.nmea)
fi

if [ "${UPDATE:-0}" = 1 ]; then
  {
    echo "# Instructions (callgrind) over LocateBench corpus --seed 1 --target-mb 1: the budget"
    echo "# that make budget holds each to (+$TOLERANCE %). Lower it when faster; raising it needs"
    echo "# a line in docs/bench/profiles.md saying why."
    echo "decode $decode"
    echo "watch $watch"
  } >"$BUDGET"
  echo "budget: wrote $BUDGET: decode $decode, watch $watch"
  exit 0
fi

status=0
small=$(allocations ./locate watch --input epochs1000.nmea --json --no-pause)
large=$(allocations ./locate watch --input epochs10000.nmea --json --no-pause)
PER_EPOCH=${ALLOCATIONS_PER_EPOCH:-0.25}
per_epoch=$(awk -v s="$small" -v l="$large" 'BEGIN { printf "%.3f", (l - s) / 9000 }')
if awk -v p="$per_epoch" -v limit="$PER_EPOCH" 'BEGIN { exit !(p > limit) }'; then
  echo "budget: allocations: $small for 1,000 epochs, $large for 10,000: $per_epoch per epoch, more than $PER_EPOCH: something allocates per epoch again (valgrind --xtree-memory=full shows where)" >&2
  status=1
else
  echo "budget: allocations: $small for 1,000 epochs, $large for 10,000: $per_epoch per epoch (at most $PER_EPOCH)"
fi
for name in decode watch; do
  measured=$(eval echo "\$$name")
  allowed=$(sed -n "s/^$name \([0-9]*\)$/\1/p" "$BUDGET")
  [ -n "$allowed" ] || { echo "budget: $BUDGET has no line for $name" >&2; exit 1; }
  ceiling=$((allowed + allowed * TOLERANCE / 100))
  ratio=$(awk -v m="$measured" -v a="$allowed" 'BEGIN { printf "%+.2f %%", (m / a - 1) * 100 }')
  if [ "$measured" -gt "$ceiling" ]; then
    echo "budget: $name: $measured instructions, $ratio over its budget of $allowed (more than $TOLERANCE %): find what got slower (docs/bench/profiles.md), or raise the budget there with the reason" >&2
    status=1
  else
    echo "budget: $name: $measured instructions ($ratio against the budget of $allowed)"
  fi
done
if [ -n "$floor" ]; then
  awk -v f="$floor" -v d="$decode" -v w="$watch" 'BEGIN {
    printf "budget: floor: %d instructions (the C floor, for reference: decode %.2f×, watch %.2f×)\n", f, d / f, w / f }'
fi
exit $status
