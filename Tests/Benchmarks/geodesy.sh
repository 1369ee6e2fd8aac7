#!/bin/sh
# Geodesy benchmark for `make bench`; writes docs/bench/geodesy.md. From a clean clone it needs
# Swift, a C compiler, GeodSolve (geographiclib-tools) and PROJ's geodesic.h (libproj-dev):
# `make deps` installs the Debian packages.
#
# 1. Builds LocateBench (release) and our C harness over PROJ's geod_inverse (geodesy_c.c).
# 2. Generates seeded pairs (1,000,000 by default, every hard case) and 100,000 direct cases.
# 3. Accuracy: our inverse against `GeodSolve -i -p 12` on every pair, our direct against
#    `GeodSolve -p 12`; fails if any distance is off by more than 1 µm or azimuth by 1e-9°.
# 4. Speed, in one run, RUNS rounds alternating the three tools on the same pairs file: our
#    inverse (LocateBench geodesy), GeographicLib's C library, GeodSolve. Reports medians of
#    compute-only and whole-process pairs/s and the per-round ratios' medians.
# 5. Nearest-10 among 1,000,000 seeded points, RUNS runs: time per query, brute force, ratio.
# 6. Places (`LocateBench places`), RUNS runs: loading the gazetteer, reverse geocoding by scan
#    and by the k-d tree (target: a lookup in 10 µs or less), forward lookups by name, and one
#    WMM2025 declination.
#
# Environment: PAIRS (default 1000000), RUNS (default 5), WORK (default .build/bench-geodesy),
# OUT (default docs/bench/geodesy.md), BENCH (a LocateBench already built; default: build one),
# SUMMARY (a file to write the key figures to as key=value lines, for bench.sh's report).
set -eu
cd "$(dirname "$0")/../.."
PAIRS=${PAIRS:-1000000}
RUNS=${RUNS:-5}
WORK=${WORK:-.build/bench-geodesy}
OUT=${OUT:-docs/bench/geodesy.md}
mkdir -p "$WORK" "$(dirname "$OUT")"

for tool in swift cc GeodSolve; do
  command -v "$tool" >/dev/null || { echo "geodesy.sh: $tool not found (run make deps)" >&2; exit 69; }
done
[ -f /usr/include/geodesic.h ] || { echo "geodesy.sh: geodesic.h missing (libproj-dev; run make deps)" >&2; exit 69; }

echo "== building"
if [ -z "${BENCH:-}" ]; then
  swift build -c release --product LocateBench >&2
  BENCH="$(swift build -c release --show-bin-path)/LocateBench"
fi
cc -O2 -o "$WORK/geodesy_c" Tests/Benchmarks/geodesy_c.c -lproj -lm

echo "== generating $PAIRS pairs and 100000 direct cases"
P="$WORK/pairs.txt"
D="$WORK/direct.txt"
"$BENCH" geodesy --make-pairs "$PAIRS" --seed 1 --out "$P"
"$BENCH" geodesy --make-direct 100000 --seed 2 --out "$D"
SHA=$(sha256sum "$P" | cut -c1-16)

echo "== accuracy against GeodSolve"
GeodSolve -i -p 12 < "$P" > "$WORK/inverse.ref"
GeodSolve -p 12 < "$D" > "$WORK/direct.ref"
status=0
INVERSE_CHECK=$("$BENCH" geodesy "$P" --check "$WORK/inverse.ref") || status=1
DIRECT_CHECK=$("$BENCH" geodesy "$D" --direct --check "$WORK/direct.ref") || status=1
echo "$INVERSE_CHECK"
echo "$DIRECT_CHECK"

# field NAME LINE: the value of NAME=value in LINE.
field() { echo "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
# median FILE: the median of the numbers in FILE (one per line).
median() { sort -g "$1" | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# timed FILE CMD...: runs CMD with stdout to FILE.out, appends "wall_s peak_kib" to FILE.time.
timed() {
  f=$1
  shift
  /usr/bin/time -f "%e %M" -o "$f.t" "$@" > "$f.out"
  cat "$f.t" >> "$f.time"
}

echo "== speed: $RUNS rounds of ours, GeographicLib C, GeodSolve on $PAIRS pairs"
S="$WORK/speed"
rm -f "$S".*
for round in $(seq 1 "$RUNS"); do
  timed "$S.ours" "$BENCH" geodesy "$P"
  timed "$S.c" "$WORK/geodesy_c" "$P"
  timed "$S.geodsolve" sh -c "GeodSolve -i < '$P' > /dev/null"
  ours=$(field compute_pairs_per_s "$(cat "$S.ours.out")")
  c=$(field compute_pairs_per_s "$(cat "$S.c.out")")
  ow=$(tail -1 "$S.ours.time" | cut -d' ' -f1)
  cw=$(tail -1 "$S.c.time" | cut -d' ' -f1)
  gw=$(tail -1 "$S.geodsolve.time" | cut -d' ' -f1)
  echo "$ours" >> "$S.ours.rate"
  echo "$c" >> "$S.c.rate"
  echo "$ours $c" | awk '{ print $1 / $2 }' >> "$S.ratio.compute"
  echo "$cw $ow" | awk '{ print $1 / $2 }' >> "$S.ratio.whole_c"
  echo "$gw $ow" | awk '{ print $1 / $2 }' >> "$S.ratio.whole_geodsolve"
  echo "round $round: ours $ours/s ($ow s), C $c/s ($cw s), GeodSolve ($gw s)"
done
for t in ours c geodsolve; do
  cut -d' ' -f1 "$S.$t.time" > "$S.$t.wall"
  cut -d' ' -f2 "$S.$t.time" > "$S.$t.rss"
done
rate() { awk -v n="$PAIRS" -v s="$1" 'BEGIN { printf "%.0f", n / s }'; }
OURS_RATE=$(median "$S.ours.rate"); C_RATE=$(median "$S.c.rate")
OURS_WALL=$(median "$S.ours.wall"); C_WALL=$(median "$S.c.wall"); G_WALL=$(median "$S.geodsolve.wall")
OURS_RSS=$(median "$S.ours.rss"); C_RSS=$(median "$S.c.rss"); G_RSS=$(median "$S.geodsolve.rss")
R_COMPUTE=$(median "$S.ratio.compute"); R_WHOLE_C=$(median "$S.ratio.whole_c")
R_WHOLE_G=$(median "$S.ratio.whole_geodsolve")

echo "== nearest-10 among 1000000 points, $RUNS runs"
N="$WORK/nearest"
rm -f "$N".*
for round in $(seq 1 "$RUNS"); do
  line=$("$BENCH" nearest --points 1000000 --queries 2000 --k 10 --brute 3 --seed "$round") || status=1
  echo "$line"
  field query_us "$line" >> "$N.query"
  field brute_ms "$line" >> "$N.brute"
  field ratio "$line" >> "$N.ratio"
  field build_s "$line" >> "$N.build"
  field identical "$line" >> "$N.identical"
done
IDENTICAL=$(awk -F/ '{ a += $1; b += $2 } END { print a "/" b }' "$N.identical")

echo "== places: reverse and forward geocoding, WMM2025, $RUNS runs"
G="$WORK/places"
rm -f "$G".*
for round in $(seq 1 "$RUNS"); do
  line=$("$BENCH" places --queries 100000 --seed "$round") || status=1
  echo "$line"
  for key in load_ms scan_us index_ms lookup_us lookup_cpu_us tree_cpu_us forward_us wmm_us; do
    field "$key" "$line" >> "$G.$key"
  done
  field scan_agrees "$line" >> "$G.agrees"
  PLACES_COUNT=$(field places "$line")
done
AGREES=$(awk -F/ '{ a += $1; b += $2 } END { print a "/" b }' "$G.agrees")

# fmt X: X rounded to a whole number with thousands separators.
fmt() { awk -v x="$1" 'BEGIN { printf "%.0f", x }' | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta'; }
{
  echo "# Geodesy benchmark"
  echo
  echo "Generated by \`Tests/Benchmarks/geodesy.sh\` (\`make bench\`) on $(date -u '+%Y-%m-%d %H:%M UTC'):"
  echo "$(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), load average"
  echo "$(cut -d' ' -f1-3 /proc/loadavg) at the end; shared machine, so quote medians and ratios."
  echo "$(swift --version 2>&1 | head -1); GeodSolve $(GeodSolve --version 2>&1 | sed 's/.*version //');"
  echo "PROJ $(dpkg-query -W -f='${Version}' libproj-dev 2>/dev/null || echo '?') (geodesic.h); cc -O2."
  echo
  echo "Input: \`LocateBench geodesy --make-pairs $PAIRS --seed 1\` ($(fmt "$PAIRS") pairs, sha256 $SHA…):"
  echo "38 % global, 25 % local (0.1 m to 100 km), 15 % near-antipodal (some exact), 10 % polar (some"
  echo "exactly at a pole), 5 % equatorial (some nearly 180° apart), 5 % meridional (some coincident),"
  echo "2 % with longitudes beyond ±180°; 12 decimals."
  echo
  echo "## Accuracy against GeographicLib (GeodSolve -p 12)"
  echo
  echo "| problem | cases | max distance error | max azimuth error | limits | result |"
  echo "| --- | ---: | ---: | ---: | --- | --- |"
  for line in "$INVERSE_CHECK" "$DIRECT_CHECK"; do
    echo "$line" | awk '{ split($2, c, "="); split($3, d, "="); for (i = 1; i <= NF; i++) if ($i ~ /^max_azimuth_error=/) { split($i, a, "=") } ;
      printf "| %s | %s | %s m | %s° | 1e-6 m, 1e-9° | %s |\n", $1, c[2], d[2], a[2], ($0 ~ /PASS/ ? "pass" : "FAIL") }'
  done
  echo
  echo "The direct problem's distance error is the distance from our end point to GeodSolve's."
  echo "GeodSolve prints distances to 1e-10 m and azimuths to 1e-15°, so errors at that level are"
  echo "its print resolution. Azimuths are compared modulo 360° (we write −180 as 180)."
  echo
  echo "## Inverse problem: pairs per second, one core, same file, $RUNS alternating rounds"
  echo
  echo "| tool | compute-only pairs/s (median) | whole process, median wall s | whole process pairs/s | peak RSS KiB |"
  echo "| --- | ---: | ---: | ---: | ---: |"
  echo "| locate (Swift, \`LocateBench geodesy\`) | $(fmt "$OURS_RATE") | $OURS_WALL | $(fmt "$(rate "$OURS_WALL")") | $OURS_RSS |"
  echo "| GeographicLib C (PROJ \`geod_inverse\`, \`geodesy_c.c\`) | $(fmt "$C_RATE") | $C_WALL | $(fmt "$(rate "$C_WALL")") | $C_RSS |"
  echo "| GeodSolve -i (GeographicLib C++ tool), output to /dev/null | - | $G_WALL | $(fmt "$(rate "$G_WALL")") | $G_RSS |"
  echo
  echo "Median of the per-round ratios: compute-only locate / C = **$(printf '%.2f' "$R_COMPUTE")×**;"
  echo "whole process locate vs C = **$(printf '%.2f' "$R_WHOLE_C")×**, vs GeodSolve = **$(printf '%.1f' "$R_WHOLE_G")×**"
  echo "(> 1 means locate is faster). Both compute loops do the inverse with distance and both"
  echo "azimuths on every pair; whole-process times include reading and parsing the text file."
  echo "Absolute rates depend on the mix and on the other load on the machine (the C library ran"
  echo "at about 790 k pairs/s on make_pairs.py's mix in ../shared/bench); the ratios are the figure."
  echo
  echo "## Nearest-10 among 1,000,000 points"
  echo
  echo "\`LocateBench nearest --points 1000000 --queries 2000 --k 10 --brute 3 --seed N\`, N = 1…$RUNS:"
  echo "points uniform on the globe; the exact geodesic (this inverse) decides, the chord k-d tree"
  echo "only prunes (Sources/Geodesy/ChordBound.swift explains why the bound is safe)."
  echo
  echo "| build s | per query µs | brute force per query ms | brute / index | results identical to brute force |"
  echo "| ---: | ---: | ---: | ---: | ---: |"
  echo "| $(median "$N.build") | $(median "$N.query") | $(median "$N.brute") | $(fmt "$(median "$N.ratio")")× | $IDENTICAL queries |"
  echo
  echo "## Places: offline geocoding, and the magnetic variation"
  echo
  echo "\`LocateBench places --queries 100000 --seed N\`, N = 1…$RUNS: the gazetteer's $(fmt "$PLACES_COUNT")"
  echo "places (GeoNames, Sources/CGazetteer/gazetteer.bin); 100,000 points within 20 km of random"
  echo "places. Reverse: the nearest place by exact geodesic distance, with its distance and the"
  echo "bearing from it: the first lookups of a process scan the table (\`NearestScan\`), then"
  echo "\`Places.nearest\` builds a k-d tree once (index) and answers from it. Forward: every place of"
  echo "a random place's name, most populous first (the first builds the name index, in index)."
  echo "WMM: one \`MagneticModel.declination\` (the spherical harmonics to degree 12, evaluated)."
  echo
  echo "| load ms | scan lookup µs | index ms | reverse lookup µs (CPU µs; the tree search alone) | forward lookup µs | WMM declination µs | scan and tree agree |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  echo "| $(median "$G.load_ms") | $(median "$G.scan_us") | $(median "$G.index_ms") | $(median "$G.lookup_us") ($(median "$G.lookup_cpu_us"); $(median "$G.tree_cpu_us")) | $(median "$G.forward_us") | $(median "$G.wmm_us") | $AGREES |"
} > "$OUT"
echo "== wrote $OUT"
if [ -n "${SUMMARY:-}" ]; then
  {
    echo "pairs=$PAIRS"
    echo "inverse_check=$INVERSE_CHECK"
    echo "direct_check=$DIRECT_CHECK"
    echo "ours_compute_pairs_s=$OURS_RATE"
    echo "c_compute_pairs_s=$C_RATE"
    echo "ours_wall_s=$OURS_WALL"
    echo "c_wall_s=$C_WALL"
    echo "geodsolve_wall_s=$G_WALL"
    echo "ours_rss_kib=$OURS_RSS"
    echo "ratio_compute_vs_c=$R_COMPUTE"
    echo "ratio_whole_vs_c=$R_WHOLE_C"
    echo "ratio_whole_vs_geodsolve=$R_WHOLE_G"
    echo "nearest_query_us=$(median "$N.query")"
    echo "nearest_ratio=$(median "$N.ratio")"
    echo "nearest_identical=$IDENTICAL"
    echo "places_lookup_us=$(median "$G.lookup_us")"
    echo "places_lookup_cpu_us=$(median "$G.lookup_cpu_us")"
    echo "places_scan_us=$(median "$G.scan_us")"
    echo "places_load_ms=$(median "$G.load_ms")"
    echo "places_index_ms=$(median "$G.index_ms")"
    echo "places_forward_us=$(median "$G.forward_us")"
    echo "wmm_us=$(median "$G.wmm_us")"
    echo "status=$status"
  } > "$SUMMARY"
fi
cat "$OUT"
exit $status
