#!/usr/bin/env python3
"""Writes LocateFuzz's seed corpus from the receiver captures: each capture split into pieces
of at most ~2 KB at line ends, raw (a replay with the default options) and, for every other
piece, with a header choosing other options (live, lenient, filters, a one-shot request) and
control records spliced between lines (time passing, unplug and reconnect, silence, a wall-clock
jump); plus lines longer than the framer's limit, which mutation alone rarely builds. See
Sources/LocateFuzz/FuzzScript.swift for the format.

Usage: fuzz-corpus.py OUTPUT_DIR CAPTURE...
"""
import hashlib
import os
import sys

LIMIT = 2000
HEADERS = [
    bytes([0xFE, 0x01, 0x00, 0x00, 0x11]),  # live, defaults
    bytes([0xFE, 0x07, 0x21, 0x14, 0x22]),  # live, lenient, pause, automotive, maxage 1
    bytes([0xFE, 0x50, 0x00, 0x1A, 0x33]),  # replay, one-shot, distance filter 13 m
    bytes([0xFE, 0xA1, 0x60, 0x28, 0x44]),  # live, startingNow, desired accuracy 10 m, maxage 30
    bytes([0xFE, 0x19, 0x80, 0x0F, 0x55]),  # live, no sky, one-shot, maxage 0
]
CONTROLS = [
    bytes([0xFF, 0x08 * 19]),        # advance 1 s
    bytes([0xFF, 0x02, 0xFF, 0x1B]),  # unplugged, connected at 9600
    bytes([0xFF, 0x01 | 0x08]),       # advance 16 s
    bytes([0xFF, 0x04 | 0x18]),       # silent 3 s
    bytes([0xFF, 0x06 | 0x28]),       # one-shot, timeout 10 s
    bytes([0xFF, 0x07 | 0x88]),       # wall clock +3 h
]


def pieces(data):
    lines = data.splitlines(keepends=True)
    piece = b""
    for line in lines:
        if line.startswith(b"#"):
            continue
        if piece and len(piece) + len(line) > LIMIT:
            yield piece
            piece = b""
        piece += line[: LIMIT * 2]
    if piece:
        yield piece


def spliced(piece, number):
    lines = piece.splitlines(keepends=True)
    out = b""
    for index, line in enumerate(lines):
        out += line
        if index % 7 == 6:
            out += CONTROLS[(number + index) % len(CONTROLS)]
    return out


def over_long(pieces_of_captures):
    """Lines longer than the framer's limit (1024 bytes), alone, between sentences and split
    by control records, so the over-long and skipping paths are reached."""
    sentence = pieces_of_captures[0][:400] if pieces_of_captures else b"$GPTXT,01,01,02,x*00\r\n"
    long_line = b"$GPGGA," + b"1234567890," * 110
    yield long_line + b"\r\n" + sentence
    yield sentence + long_line + sentence
    yield sentence + b"$" + b"A" * 1500 + b"!" + sentence
    yield long_line[:600] + bytes([0xFF, 0x98]) + long_line[600:] + b"\n" + sentence
    yield HEADERS[0] + sentence + b"x" * 2000 + sentence
    yield b"$" + b"B" * 3000


def main():
    output = sys.argv[1]
    os.makedirs(output, exist_ok=True)
    count = 0
    first = []
    if len(sys.argv) > 2:
        with open(sys.argv[2], "rb") as capture:
            first = list(pieces(capture.read()))
    for seed in over_long(first):
        with open(os.path.join(output, hashlib.sha1(seed).hexdigest()), "wb") as out:
            out.write(seed)
        count += 1
    for path in sys.argv[2:]:
        with open(path, "rb") as capture:
            data = capture.read()
        for number, piece in enumerate(pieces(data)):
            seeds = [piece]
            if number % 2 == 0:
                header = HEADERS[(number // 2) % len(HEADERS)]
                seeds.append(header + spliced(piece, number))
            for seed in seeds:
                name = hashlib.sha1(seed).hexdigest()
                with open(os.path.join(output, name), "wb") as out:
                    out.write(seed)
                count += 1
    print(f"fuzz-corpus: {count} seeds in {output}")


if __name__ == "__main__":
    main()
