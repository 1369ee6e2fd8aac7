#!/usr/bin/env python3
"""Declinations from the reference implementation of the World Magnetic Model 2025.

Reads lines "LATITUDE LONGITUDE HEIGHT_M DECIMAL_YEAR" (degrees, metres above the WGS-84
ellipsoid) from the file named first and writes one declination a line (degrees east,
%.9f) to the file named second, computed by PyPI's pygeomag (its own WMM_2025.COF; `make
deps` installs it). Tests/GeodesyTests/MagneticModelTests.swift compares Geodesy's
MagneticModel against it.
"""
import sys

try:
    from pygeomag import GeoMag
except ImportError:
    sys.exit("wmm_reference.py: PyPI's pygeomag is not installed (make deps installs it)")


def main():
    model = GeoMag(coefficients_file="wmm/WMM_2025.COF")
    out = []
    with open(sys.argv[1], encoding="ascii") as f:
        for line in f:
            if not line.strip():
                continue
            lat, lon, height, year = (float(v) for v in line.split())
            result = model.calculate(lat, lon, height / 1000, year)
            out.append(f"{result.d:.9f}")
    with open(sys.argv[2], "w", encoding="ascii") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
