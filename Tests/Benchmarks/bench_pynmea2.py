#!/usr/bin/env python3
"""The pynmea2 peer of `LocateBench decode`: parse every line of an NMEA file with
pynmea2.parse(line, check=True) (checksum required), count the errors, and read latitude and
longitude of RMC and GGA, as `LocateBench decode` does.

Usage: bench_pynmea2.py FILE     (prints one summary line)
"""
import sys

import pynmea2


def main(path):
    parsed = errors = 0
    total = 0.0
    with open(path, "rb") as lines:
        for raw in lines:
            try:
                message = pynmea2.parse(raw.decode("ascii"), check=True)
            except Exception:  # ParseError, ChecksumError, SentenceTypeError, UnicodeDecodeError
                errors += 1
                continue
            parsed += 1
            if message.sentence_type in ("RMC", "GGA"):
                try:
                    total += message.latitude + message.longitude
                except Exception:
                    errors += 1
    print("pynmea2 %s parsed=%d errors=%d checksum=%.3f"
          % (pynmea2.__version__, parsed, errors, total))


if __name__ == "__main__":
    main(sys.argv[1])
