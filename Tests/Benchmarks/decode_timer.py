#!/usr/bin/env python3
"""Times whole processes for the decode benchmark: each peer paired with the C floor.

For every command: one uncounted warm-up (not for --slow ones), then RUNS rounds of
(command, floor) in turn; wall time from os.wait4 around GNU time, peak RSS from GNU time's
%M. Prints and writes (--markdown) a table of medians: wall seconds, MB/s, sentences/s (the
corpus's lines / wall), the paired ratio to the floor, our speed over each peer, peak RSS.
Our speed over a peer is the peer's ratio to the floor over ours: both were paired with the
floor, so a machine whose speed drifts during the run (shared, noisy) still gives a fair
figure, which a ratio of medians taken minutes apart would not.

Usage: decode_timer.py --runs N --bytes B --lines L --floor 'CMD' --markdown FILE \
         --label ours 'CMD' --label NAME 'CMD' ... [--slow NAME ...] [--note TEXT ...]
"""
import argparse
import os
import platform
import statistics
import subprocess
import tempfile
import time

GNU_TIME = "/usr/bin/time"


def run(command):
    """One run of `command` (through sh): (wall seconds, peak RSS MiB, exit status)."""
    handle, rss_file = tempfile.mkstemp(prefix="decode_timer.")
    os.close(handle)
    argv = [GNU_TIME, "-q", "-f", "%M", "-o", rss_file, "sh", "-c", command]
    with open(os.devnull, "w") as null:
        start = time.monotonic()
        child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=null, stderr=null)
        _, status, _ = os.wait4(child.pid, 0)
        wall = time.monotonic() - start
    try:
        with open(rss_file) as f:
            rss = int(f.read().split()[-1]) / 1024.0
    except (ValueError, IndexError):
        rss = float("nan")
    os.unlink(rss_file)
    return wall, rss, os.waitstatus_to_exitcode(status)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--bytes", type=float, required=True)
    parser.add_argument("--lines", type=float, required=True)
    parser.add_argument("--floor", required=True)
    parser.add_argument("--label", nargs=2, action="append", metavar=("NAME", "CMD"),
                        required=True)
    parser.add_argument("--slow", action="append", default=[])
    parser.add_argument("--note", action="append", default=[])
    parser.add_argument("--markdown")
    args = parser.parse_args()

    results = {}
    floor_walls = []
    for name, command in [("C floor (limit.c -O2)", args.floor)] + args.label:
        is_floor = command == args.floor
        if name not in args.slow:
            run(command)
        walls, rsss, ratios = [], [], []
        for _ in range(args.runs):
            wall, rss, status = run(command)
            if status != 0:
                raise SystemExit("%s exited with %d: %s" % (name, status, command))
            walls.append(wall)
            rsss.append(rss)
            if not is_floor:
                floor_wall, _, _ = run(args.floor)
                floor_walls.append(floor_wall)
                ratios.append(wall / floor_wall)
        results[name] = {
            "wall": statistics.median(walls), "rss": max(rsss),
            "ratio": statistics.median(ratios) if ratios else 1.0, "command": command,
        }
        print("%-26s median %.3f s (%s)  peak RSS %.1f MiB  x floor %.2f" % (
            name, results[name]["wall"], " ".join("%.3f" % w for w in walls),
            results[name]["rss"], results[name]["ratio"]), flush=True)

    ours = results[args.label[0][0]]
    header = ("| tool | median wall s | MB/s | sentences/s | x C floor (paired) "
              "| ours is N x faster (paired) | peak RSS MiB |")
    rows = [header, "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for name, result in results.items():
        speed = result["ratio"] / ours["ratio"]
        rows.append("| %s | %.3f | %.1f | %s | %.2f | %s | %.1f |" % (
            name, result["wall"], args.bytes / 1e6 / result["wall"],
            "{:,.0f}".format(args.lines / result["wall"]), result["ratio"],
            "-" if result is ours or name.startswith("C floor") else "%.1f" % speed,
            result["rss"]))
    table = "\n".join(rows)
    print()
    print(table)
    if args.markdown:
        uname = platform.uname()
        with open(args.markdown, "w") as out:
            out.write("# Decode benchmark\n\n")
            out.write("Written by `Tests/Benchmarks/decode.sh` (`make bench`); do not edit.\n\n")
            out.write("- Date: %s; machine: %s, %d cores, %s %s.\n" % (
                time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), uname.machine,
                os.cpu_count() or 0, uname.system, uname.release))
            out.write("- Corpus: %s bytes, %s lines. Sentences/s counts every line.\n" % (
                "{:,.0f}".format(args.bytes), "{:,.0f}".format(args.lines)))
            out.write("- Medians of %d runs of each tool, each run paired with a run of the C "
                      "floor; whole processes, input in the page cache.\n" % args.runs)
            for note in args.note:
                out.write("- %s\n" % note)
            out.write("\n%s\n\n## Commands\n\n" % table)
            for name, result in results.items():
                out.write("- %s: `%s`\n" % (name, result["command"]))


if __name__ == "__main__":
    main()
