#!/bin/sh
# Decode throughput of the NMEA module against its peers, in one run (`make bench`).
#
# Builds LocateBench (release), generates the seeded 100 MB multi-GNSS corpus into /tmp,
# installs the peers when missing (gpsbabel, gcc, GNU time, valgrind from Debian; pynmea2
# from PyPI), then times, medians of RUNS paired runs each against the C floor:
#   ours        LocateBench decode FILE          (NMEADecoder, strict checksums)
#   pynmea2     python3 bench_pynmea2.py FILE   (pynmea2.parse(line, check=True) per line)
#   gpsbabel    gpsbabel -i nmea -f COPY -o gpx -F /dev/null
#               (COPY has 0x1A replaced by '?': gpsbabel stops at a line starting with ^Z)
#   C floor     limit.c -O2: read(), memchr, XOR checksum per line, count valid
# and counts heap allocations with valgrind on a small and a ten times larger corpus.
# Writes the table to docs/bench/decode.md.
#
# Environment: RUNS (default 5), SEED (1), TARGET_MB (100), WORK (/tmp/locate-bench),
#              SWIFT (swift), PYTHON (python3).
set -eu
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
RUNS=${RUNS:-5}
SEED=${SEED:-1}
TARGET_MB=${TARGET_MB:-100}
WORK=${WORK:-/tmp/locate-bench}
SWIFT=${SWIFT:-swift}
PYTHON=${PYTHON:-python3}
CORPUS=$WORK/nmea_corpus_seed${SEED}_${TARGET_MB}mb.nmea
mkdir -p "$WORK" docs/bench

SUDO=
[ "$(id -u)" = 0 ] || SUDO=sudo
missing=
command -v gpsbabel >/dev/null 2>&1 || missing="$missing gpsbabel"
command -v gcc >/dev/null 2>&1 || missing="$missing gcc"
command -v valgrind >/dev/null 2>&1 || missing="$missing valgrind"
[ -x /usr/bin/time ] || missing="$missing time"
if [ -n "$missing" ]; then
  echo "installing:$missing"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
if ! "$PYTHON" -c 'import pynmea2' 2>/dev/null; then
  echo "installing pynmea2"
  "$PYTHON" -m pip install --quiet pynmea2 2>/dev/null \
    || "$PYTHON" -m pip install --quiet --break-system-packages pynmea2
fi

# Statically linked, in its own build folder: the peak RSS measured is then the process's own,
# not the pages of Foundation's and ICU's shared libraries (19 MiB for a dynamic build).
echo "building LocateBench (release, static Swift runtime)"
SCRATCH="--scratch-path $ROOT/.build/bench"
$SWIFT build -c release --product LocateBench --static-swift-stdlib $SCRATCH >/dev/null
BENCH=$($SWIFT build -c release --product LocateBench --static-swift-stdlib $SCRATCH --show-bin-path)/LocateBench
gcc -O2 -o "$WORK/limit" Tests/Benchmarks/limit.c

if [ ! -s "$CORPUS" ]; then
  echo "generating $CORPUS"
  "$BENCH" corpus --seed "$SEED" --target-mb "$TARGET_MB" --out "$CORPUS" >/dev/null
fi
SHA=$(sha256sum "$CORPUS" | cut -d' ' -f1)
BYTES=$(stat -c %s "$CORPUS")
LINES=$("$WORK/limit" "$CORPUS" | sed 's/.*lines=\([0-9]*\).*/\1/')
VALID=$("$WORK/limit" "$CORPUS" | sed 's/.*valid=\([0-9]*\).*/\1/')
tr '\032' '?' < "$CORPUS" > "$CORPUS.noctrlz"
echo "corpus: $BYTES bytes, $LINES lines ($VALID pass a line-based checksum), sha256 $SHA"

# What each tool found (one run each), for the notes.
OURS_FOUND=$("$BENCH" decode "$CORPUS" --quiet | sed 's/ seconds=.*//')
PYNMEA2_FOUND=$("$PYTHON" Tests/Benchmarks/bench_pynmea2.py "$CORPUS")

# Heap allocations do not grow with the number of sentences (release build, valgrind).
"$BENCH" corpus --seed "$SEED" --epochs 1000 --out "$WORK/alloc_small.nmea" >/dev/null
"$BENCH" corpus --seed "$SEED" --epochs 10000 --out "$WORK/alloc_large.nmea" >/dev/null
allocs() {
  valgrind --tool=memcheck --leak-check=no "$BENCH" decode "$1" --quiet 2>&1 \
    | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p'
}
sentences() { "$BENCH" decode "$1" --quiet | sed 's/.*sentences=\([0-9]*\).*/\1/'; }
ALLOC_SMALL=$(allocs "$WORK/alloc_small.nmea")
ALLOC_LARGE=$(allocs "$WORK/alloc_large.nmea")
ALLOC_NOTE="Heap allocations (valgrind, whole process): $ALLOC_SMALL for $(sentences "$WORK/alloc_small.nmea") sentences, $ALLOC_LARGE for $(sentences "$WORK/alloc_large.nmea") sentences"
echo "$ALLOC_NOTE"

"$PYTHON" Tests/Benchmarks/decode_timer.py --runs "$RUNS" --bytes "$BYTES" --lines "$LINES" \
  --floor "$WORK/limit $CORPUS" \
  --label "ours (LocateBench decode)" "$BENCH decode $CORPUS --quiet" \
  --label "pynmea2 $("$PYTHON" -c 'import pynmea2; print(pynmea2.__version__)')" \
    "$PYTHON $ROOT/Tests/Benchmarks/bench_pynmea2.py $CORPUS" \
  --label "gpsbabel $(gpsbabel -V 2>/dev/null | sed -n 's/.*Version \([0-9.]*\).*/\1/p') -o gpx" \
    "gpsbabel -i nmea -f $CORPUS.noctrlz -o gpx -F /dev/null" \
  --slow "pynmea2 $("$PYTHON" -c 'import pynmea2; print(pynmea2.__version__)')" \
  --note "Corpus: \`LocateBench corpus --seed $SEED --target-mb $TARGET_MB\`, sha256 \`$SHA\`; $VALID lines pass a line-based checksum." \
  --note "Ours found: $OURS_FOUND." \
  --note "pynmea2 found: $PYNMEA2_FOUND." \
  --note "gpsbabel reads a copy with 0x1A replaced by '?' (it stops at a line starting with 0x1A); it ignores GSV, GST and TXT and writes GPX." \
  --note "$ALLOC_NOTE: none per sentence." \
  --note "LocateBench is built with \`--static-swift-stdlib\` (a dynamically linked build's peak RSS is about 19 MiB, most of it the mapped Foundation and ICU libraries)." \
  --markdown docs/bench/decode.md
echo "wrote docs/bench/decode.md"
