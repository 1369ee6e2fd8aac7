#!/bin/sh
# `make bench`: locate measured side by side with its peers, in one run, on this machine.
# Writes docs/bench/README.md (the summary table and every section) and prints the table.
#
# 1. Installs what is missing (Debian: gpsd-clients, gpsbabel, gcc, g++, valgrind, time,
#    geographiclib-tools, libproj-dev, python3-pip; PyPI: pynmea2) and builds, release, with
#    the Swift runtime linked statically (what a Raspberry Pi user would install: the peak RSS
#    is then the process's own, not 6 MiB of mapped Foundation and ICU pages), `locate` and
#    `LocateBench`, and the C floors (limit.c for decoding, serve_floor.c for serve; gcc -O2).
# 2. Generates the seeded 100 MB multi-GNSS corpus (`LocateBench corpus --seed 1`).
# 3. Whole pipeline and decoding, RUNS rounds, each tool once per round (paired_timer.py):
#      C floor     limit FILE                                  (read, memchr, XOR checksum)
#      decode      LocateBench decode FILE --quiet             (NMEADecoder only)
#      watch       locate watch --input FILE --json            (the whole program)
#      gpsdecode   gpsdecode < FILE                            (gpsd 3.22: NMEA to JSON)
#      gpsbabel    gpsbabel -i nmea -f COPY -o gpx -F /dev/null (COPY: 0x1A replaced by '?')
#      pynmea2     python3 bench_pynmea2.py FILE               (parse every line, no output)
#    and heap allocations of `LocateBench decode` on 1,000 and 10,000 epochs (valgrind).
# 4. Live path, LIVE_RUNS runs of `LocateBench live` (locate watch over a pty at 10 Hz for
#    LIVE_SECONDS s, then SILENT_SECONDS s of silence).
#    SERVE_RUNS runs of `LocateBench serve` (locate serve over a pty at 10 Hz for SERVE_SECONDS
#    s, SERVE_CLIENTS clients watching JSON: latency to each client's TPV line, serve's CPU),
#    each followed by one of `LocateBench serve-floor` (the same with serve_floor.c, a bare C
#    relay: what this machine's pty, scheduler and loopback TCP allow any program).
#    RELAY_RUNS runs of `LocateBench relay` (locate watch holding a pty at 10 Hz for
#    RELAY_SECONDS s, a second locate watch joined to it: latency to the joined one's TPV line).
#    SCREEN_RUNS runs of `LocateBench screen` (locate watch --screen reading a pty at 10 Hz for
#    SCREEN_SECONDS s and drawing on another, 80x24: its CPU, the bytes it drew).
#    As root, TIME_RUNS runs of `LocateBench timeservice` (a pty fed at 1 Hz, each epoch at the
#    second it names; gpsd 3.22 and locate serve one after the other, TIME_ROUNDS rounds of
#    TIME_SECONDS s each, writing NTP unit 0: the spread of their serial samples' offsets;
#    gpsd is told the pty is a USB port by Tests/Tools/gpsd_usb_shim.c, preloaded, or it would
#    ship no time from it).
# 5. Start-up, STARTUP_RUNS rounds: locate --version, gpsdecode -V, gpspipe -V;
#    locate current --input CAPTURE, gpsdecode < CAPTURE; the size of the static binary,
#    built and stripped (what `make install` installs).
# 6. Geodesy (geodesy.sh: accuracy against GeodSolve, speed against GeographicLib's C library
#    and GeodSolve, nearest-10), unless SKIP_GEODESY=1.
# 7. report.py: the tables, with medians and the median of the per-round ratios.
#
# Environment: RUNS (5), LIVE_RUNS (5), LIVE_SECONDS (60), SILENT_SECONDS (10), SERVE_RUNS (3),
# SERVE_SECONDS (60), SERVE_CLIENTS (10), RELAY_RUNS (3), RELAY_SECONDS (60), SCREEN_RUNS (3),
# SCREEN_SECONDS (60), TIME_RUNS (1), TIME_ROUNDS (8), TIME_SECONDS (30),
# STARTUP_RUNS (20), SEED (1), TARGET_MB (100), WORK (/tmp/locate-bench), SWIFT (swift),
# LOCATE_SHARED (../shared),
# PYTHON (python3), SKIP_GEODESY (0), OUT (docs/bench/README.md).
set -eu
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
RUNS=${RUNS:-5}
LIVE_RUNS=${LIVE_RUNS:-5}
LIVE_SECONDS=${LIVE_SECONDS:-60}
SILENT_SECONDS=${SILENT_SECONDS:-10}
SERVE_RUNS=${SERVE_RUNS:-3}
SERVE_SECONDS=${SERVE_SECONDS:-60}
SERVE_CLIENTS=${SERVE_CLIENTS:-10}
RELAY_RUNS=${RELAY_RUNS:-3}
RELAY_SECONDS=${RELAY_SECONDS:-60}
TIME_RUNS=${TIME_RUNS:-1}
TIME_ROUNDS=${TIME_ROUNDS:-8}
TIME_SECONDS=${TIME_SECONDS:-30}
SCREEN_RUNS=${SCREEN_RUNS:-3}
SCREEN_SECONDS=${SCREEN_SECONDS:-60}
STARTUP_RUNS=${STARTUP_RUNS:-20}
SEED=${SEED:-1}
TARGET_MB=${TARGET_MB:-100}
WORK=${WORK:-/tmp/locate-bench}
SWIFT=${SWIFT:-swift}
PYTHON=${PYTHON:-python3}
SKIP_GEODESY=${SKIP_GEODESY:-0}
OUT=${OUT:-docs/bench/README.md}
mkdir -p "$WORK" "$(dirname "$OUT")"
# The start-up capture: gpsd's u-blox NEO-M9N log (81,856 bytes), read in place from ../shared
# (or $LOCATE_SHARED), else as Debian's gpsd 3.22 source ships it (the same bytes; make deps
# unpacks it, and so does this script when it is missing).
CAPTURE=${LOCATE_SHARED:-../shared}/fixtures/gpsd/ublox-neo-m9n-nmea.log
if [ ! -f "$CAPTURE" ]; then
  CAPTURE=.build/gpsd-3.22/ublox-neo-m9n-nmea.log
  [ -f "$CAPTURE" ] || sh .ci/gpsd-logs.sh .build/gpsd-3.22
fi

echo "== peers"
SUDO=
[ "$(id -u)" = 0 ] || SUDO=sudo
missing=
[ -x /usr/bin/time ] || missing="$missing time"
for tool in gpsdecode:gpsd-clients gpspipe:gpsd-clients gpsbabel:gpsbabel gcc:gcc g++:g++ \
  valgrind:valgrind GeodSolve:geographiclib-tools; do
  command -v "${tool%%:*}" >/dev/null 2>&1 || missing="$missing ${tool#*:}"
done
[ -f /usr/include/geodesic.h ] || missing="$missing libproj-dev"
"$PYTHON" -m pip --version >/dev/null 2>&1 || missing="$missing python3-pip"
if [ -n "$missing" ]; then
  echo "installing:$missing"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing \
    >/dev/null
fi
# The package starts a system gpsd; nothing here needs it.
$SUDO systemctl stop gpsd.socket gpsd >/dev/null 2>&1 || true
if ! "$PYTHON" -c 'import pynmea2' 2>/dev/null; then
  echo "installing pynmea2"
  "$PYTHON" -m pip install --quiet pynmea2 2>/dev/null \
    || "$PYTHON" -m pip install --quiet --break-system-packages pynmea2
fi

echo "== building (release, static Swift runtime)"
SCRATCH="--scratch-path $ROOT/.build/bench"
for product in locate LocateBench; do
  $SWIFT build -c release --product $product --static-swift-stdlib --disable-local-rpath $SCRATCH >/dev/null
done
BIN=$($SWIFT build -c release --static-swift-stdlib --disable-local-rpath $SCRATCH --show-bin-path)
LOCATE=$BIN/locate
BENCH=$BIN/LocateBench
gcc -O2 -o "$WORK/limit" Tests/Benchmarks/limit.c
gcc -O2 -o "$WORK/serve_floor" Tests/Benchmarks/serve_floor.c
gcc -O2 -shared -fPIC -o "$WORK/gpsd_usb_shim.so" Tests/Tools/gpsd_usb_shim.c -ldl

echo "== inputs"
CORPUS=$WORK/nmea_corpus_seed${SEED}_${TARGET_MB}mb.nmea
if [ ! -s "$CORPUS" ]; then
  "$BENCH" corpus --seed "$SEED" --target-mb "$TARGET_MB" --out "$CORPUS" >/dev/null
fi
[ -s "$CORPUS.noctrlz" ] || tr '\032' '?' < "$CORPUS" > "$CORPUS.noctrlz"
FACTS=$WORK/facts.txt
{
  echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "nproc=$(nproc)"
  echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  echo "kernel=$(uname -r)"
  echo "swift=$($SWIFT --version 2>&1 | head -1)"
  echo "bytes=$(stat -c %s "$CORPUS")"
  echo "sha256=$(sha256sum "$CORPUS" | cut -d' ' -f1)"
  echo "limit=$("$WORK/limit" "$CORPUS")"
  echo "decode=$("$BENCH" decode "$CORPUS" --quiet)"
  echo "watch_tpv=$("$LOCATE" watch --input "$CORPUS" --json | grep -c '"class":"TPV"')"
  echo "gpsdecode_tpv=$(gpsdecode < "$CORPUS" 2>/dev/null | grep -c '"class":"TPV"')"
  echo "gpsbabel_points=$(gpsbabel -i nmea -f "$CORPUS.noctrlz" -o gpx -F - 2>/dev/null | grep -c '<trkpt')"
  echo "pynmea2=$("$PYTHON" Tests/Benchmarks/bench_pynmea2.py "$CORPUS")"
  echo "gpsd_version=$(gpsdecode -V 2>&1 | sed 's/.*revision //')"
  echo "gpsbabel_version=$(gpsbabel -V 2>/dev/null | sed -n 's/.*Version \([0-9.]*\).*/\1/p')"
  echo "python=$("$PYTHON" --version 2>&1)"
} > "$FACTS"
cat "$FACTS"

echo "== instructions (make budget, callgrind over the seeded 1 MB corpus)"
BUDGET_SCRATCH="$ROOT/.build/bench" sh Tests/Benchmarks/instruction_budget.sh 2>&1 \
  | tee "$WORK/budget.txt"

echo "== heap allocations (valgrind)"
# valgrind 3.19 cannot read the DWARF 5 debug information Swift 6 writes: a stripped copy.
strip --strip-debug -o "$WORK/LocateBench.nodebug" "$BENCH"
"$BENCH" corpus --seed "$SEED" --epochs 1000 --out "$WORK/alloc_small.nmea" >/dev/null
"$BENCH" corpus --seed "$SEED" --epochs 10000 --out "$WORK/alloc_large.nmea" >/dev/null
for size in small large; do
  sentences=$("$BENCH" decode "$WORK/alloc_$size.nmea" --quiet | sed 's/.*sentences=\([0-9]*\).*/\1/')
  allocs=$(valgrind --tool=memcheck --leak-check=no "$WORK/LocateBench.nodebug" decode "$WORK/alloc_$size.nmea" --quiet 2>&1 \
    | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,)
  printf 'alloc_%s=%s\nsentences_%s=%s\n' "$size" "$allocs" "$size" "$sentences" | tee -a "$FACTS"
done
# The whole of `locate watch --input --json` over the same two corpora (1,000 and 10,000 epochs).
strip --strip-debug -o "$WORK/locate.nodebug" "$LOCATE"
for size in small large; do
  allocs=$(valgrind --tool=memcheck --leak-check=no "$WORK/locate.nodebug" watch --input "$WORK/alloc_$size.nmea" --json --no-pause 2>&1 >/dev/null \
    | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,)
  printf 'watch_alloc_%s=%s\n' "$size" "$allocs" | tee -a "$FACTS"
done

echo "== whole pipeline and decoding: $RUNS rounds"
"$PYTHON" Tests/Benchmarks/paired_timer.py --runs "$RUNS" --out "$WORK/nmea.json" \
  --slow gpsdecode --slow gpsbabel --slow pynmea2 \
  --tool floor "$WORK/limit $CORPUS" \
  --tool decode "$BENCH decode $CORPUS --quiet" \
  --tool watch "$LOCATE watch --input $CORPUS --json" \
  --tool gpsdecode "gpsdecode <$CORPUS" \
  --tool gpsbabel "gpsbabel -i nmea -f $CORPUS.noctrlz -o gpx -F /dev/null" \
  --tool pynmea2 "$PYTHON $ROOT/Tests/Benchmarks/bench_pynmea2.py $CORPUS"

echo "== live path: $LIVE_RUNS runs of ${LIVE_SECONDS} s at 10 Hz, then ${SILENT_SECONDS} s silent"
: > "$WORK/live.txt"
for run in $(seq 1 "$LIVE_RUNS"); do
  "$BENCH" live "$LOCATE" --rate 10 --seconds "$LIVE_SECONDS" --silent "$SILENT_SECONDS" \
    | tee -a "$WORK/live.txt"
done

echo "== serve: $SERVE_RUNS runs of ${SERVE_SECONDS} s at 10 Hz with $SERVE_CLIENTS clients"
: > "$WORK/serve.txt"
: > "$WORK/serve-floor.txt"
for run in $(seq 1 "$SERVE_RUNS"); do
  "$BENCH" serve "$LOCATE" --rate 10 --seconds "$SERVE_SECONDS" --clients "$SERVE_CLIENTS" \
    | tee -a "$WORK/serve.txt"
  "$BENCH" serve-floor "$WORK/serve_floor" --rate 10 --seconds "$SERVE_SECONDS" \
    --clients "$SERVE_CLIENTS" | tee -a "$WORK/serve-floor.txt"
done

echo "== relay: $RELAY_RUNS runs of ${RELAY_SECONDS} s at 10 Hz, a watch joined to another"
: > "$WORK/relay.txt"
for run in $(seq 1 "$RELAY_RUNS"); do
  "$BENCH" relay "$LOCATE" --rate 10 --seconds "$RELAY_SECONDS" | tee -a "$WORK/relay.txt"
done

echo "== time service: $TIME_RUNS runs of $TIME_ROUNDS rounds of ${TIME_SECONDS} s, gpsd and locate serve"
: > "$WORK/timeservice.txt"
if [ "$(id -u)" = 0 ]; then
  for run in $(seq 1 "$TIME_RUNS"); do
    "$BENCH" timeservice "$LOCATE" --shim "$WORK/gpsd_usb_shim.so" --rounds "$TIME_ROUNDS" \
      --seconds "$TIME_SECONDS" \
      | tee -a "$WORK/timeservice.txt"
  done
else
  echo "skipped: gpsd writes NTP unit 0, root's"
fi

echo "== screen: $SCREEN_RUNS runs of ${SCREEN_SECONDS} s at 10 Hz, watch --screen on an 80x24 pty"
: > "$WORK/screen.txt"
for run in $(seq 1 "$SCREEN_RUNS"); do
  "$BENCH" screen "$LOCATE" --rate 10 --seconds "$SCREEN_SECONDS" | tee -a "$WORK/screen.txt"
done

echo "== start-up: $STARTUP_RUNS rounds"
"$PYTHON" Tests/Benchmarks/paired_timer.py --runs "$STARTUP_RUNS" --out "$WORK/startup.json" \
  --tool version "$LOCATE --version" \
  --tool gpsdecode_version "gpsdecode -V" \
  --tool gpspipe_version "gpspipe -V" \
  --tool current "$LOCATE current --input $CAPTURE" \
  --tool gpsdecode_capture "gpsdecode <$CAPTURE"
echo "capture=$CAPTURE" >> "$FACTS"
echo "capture_bytes=$(stat -c %s "$CAPTURE")" >> "$FACTS"
# The binary a user installs: static Swift runtime, stripped as `make install` strips it.
strip -o "$WORK/locate.stripped" "$LOCATE"
echo "binary_bytes=$(stat -c %s "$LOCATE")" >> "$FACTS"
echo "binary_stripped_bytes=$(stat -c %s "$WORK/locate.stripped")" >> "$FACTS"
# What the gazetteer's table (issue 25's budget: 4 MB) takes of it: its symbol's size.
gazetteer=$(nm -S "$LOCATE" | awk '$4 == "gazetteer" { print $2 }')
echo "gazetteer_bytes=$((0x${gazetteer:-0}))" >> "$FACTS"

if [ "$SKIP_GEODESY" != 1 ]; then
  echo "== geodesy"
  BENCH="$BENCH" RUNS="$RUNS" SUMMARY="$WORK/geodesy.txt" WORK="$WORK/geodesy" \
    sh Tests/Benchmarks/geodesy.sh
fi

echo "== report"
"$PYTHON" Tests/Benchmarks/report.py --work "$WORK" --out "$OUT"
