#!/bin/sh
# Unpacks the regression logs that gpsd 3.22 ships (its test/daemon/NAME.log and NAME.log.chk)
# from Debian's gpsd source package into DEST (default .build/gpsd-3.22), for the tests to use
# where ../shared/fixtures/gpsd is absent. Nothing is committed: DEST is under .build.
#
# DEST gets the layout of ../shared/fixtures/gpsd:
#   NAME.log                      the capture as Debian's gpsd 3.22 ships it
#   expected-full-322/NAME.out    gpsd 3.22's own regression output (NAME.log.chk, unchanged)
#   expected-tpv/NAME.jsonl       its TPV lines: grep '^{"class":"TPV"' NAME.log.chk
#                                 (in ../shared, expected-tpv is exactly that for all 57 logs)
#
# apt reads the machine's own sources (deb822 *.sources, or a classic sources.list), with each
# "deb" entry turned into "deb-src", in a private apt state under a temporary folder: the
# machine's apt configuration and lists are not changed. apt checks the package's hashes
# against Debian's signed indexes. Run by `make deps`; does nothing when DEST is complete.
set -eu
dest=${1:-.build/gpsd-3.22}
version=3.22
[ -f "$dest/.complete" ] && exit 0

work=$(mktemp -d "${TMPDIR:-/tmp}/locate-gpsd-src.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$work/parts" "$work/lists/partial" "$work/cache/archives/partial" "$work/src"
: > "$work/empty.list"

# deb-src entries derived from the machine's apt sources.
for file in /etc/apt/sources.list.d/*.sources; do
  [ -f "$file" ] || continue
  # A stanza's Types line becomes deb-src when it names deb; stanzas that name only deb-src
  # are dropped, so that no entry is listed twice.
  awk 'BEGIN { RS = ""; ORS = "\n\n" }
    {
      keep = 0; out = ""
      n = split($0, lines, "\n")
      for (i = 1; i <= n; i++) {
        if (lines[i] ~ /^Types:/) {
          if (lines[i] ~ /[: ]deb( |$)/) { keep = 1; lines[i] = "Types: deb-src" }
        }
        out = out lines[i] "\n"
      }
      if (keep) printf "%s\n", out
    }' "$file" > "$work/parts/$(basename "$file")"
done
for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
  [ -f "$file" ] || continue
  sed -n 's/^[[:space:]]*deb[[:space:]]/deb-src /p' "$file" > "$work/parts/$(basename "$file").list"
done

apt() {
  apt-get -q -o Dir::Etc::SourceList="$work/empty.list" -o Dir::Etc::SourceParts="$work/parts" \
    -o Dir::State::Lists="$work/lists" -o Dir::Cache="$work/cache" "$@"
}
if ! apt update -qq >"$work/update.log" 2>&1; then
  cat "$work/update.log" >&2
  echo "gpsd-logs: apt-get update of the deb-src indexes failed: gpsd's logs are not unpacked" >&2
  exit 1
fi
(cd "$work/src" && apt source --download-only gpsd >"$work/source.log" 2>&1) || {
  cat "$work/source.log" >&2
  echo "gpsd-logs: apt-get source gpsd failed: gpsd's logs are not unpacked" >&2
  exit 1
}
dsc=$(ls "$work/src"/gpsd_*.dsc)
found=$(sed -n 's/^Version: //p' "$dsc")
case "$found" in
  "$version"-*) ;;
  *)
    echo "gpsd-logs: Debian's gpsd source here is $found, not $version: its logs are not" \
      "gpsd $version's, so none are unpacked (the tests that need them say so and skip)" >&2
    exit 0
    ;;
esac
# The package's files were checked by apt against Debian's signed indexes; dpkg-source checks
# them against the .dsc again (its own signature check needs a keyring that is not installed).
dpkg-source -x "$dsc" "$work/src/gpsd" >"$work/unpack.log" 2>&1 || {
  cat "$work/unpack.log" >&2
  echo "gpsd-logs: dpkg-source could not unpack $dsc" >&2
  exit 1
}

rm -rf "$dest"
mkdir -p "$dest/expected-full-322" "$dest/expected-tpv"
count=0
for chk in "$work/src/gpsd/test/daemon"/*.log.chk; do
  log=${chk%.chk}
  [ -f "$log" ] || continue
  name=$(basename "$log" .log)
  cp "$log" "$dest/$name.log"
  cp "$chk" "$dest/expected-full-322/$name.out"
  grep -a '^{"class":"TPV"' "$chk" > "$dest/expected-tpv/$name.jsonl" || true
  count=$((count + 1))
done
echo "Debian gpsd $found: $count regression logs" > "$dest/.complete"
echo "gpsd-logs: $count logs of Debian's gpsd $found in $dest"
