#!/usr/bin/env python3
"""Times whole processes in rounds: every tool once per round, so that each pair of tools
can be compared run by run (a shared, noisy machine drifts during a long run; a ratio of two
runs made seconds apart does not).

For each run: wall time (time.monotonic around the spawn and os.wait4) and CPU time (the
child's user + system time from wait4). Peak RSS comes from one more run of each tool under
GNU time (`%M`): wait4's own ru_maxrss would count the pages of this Python process, which the
child shares between fork and exec. Standard output goes to /dev/null; a command word `<FILE`
makes FILE the standard input. One uncounted warm-up run per tool first, except for those
named with --slow.

Usage: paired_timer.py --runs N --out FILE.json [--slow NAME ...] --tool NAME 'COMMAND' ...
Writes {"runs": N, "order": [...], "tools": {NAME: {"command", "wall", "cpu", "rss_kib"}}}.
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time


def peak_rss(command):
    """Peak RSS of one run of `command` in KiB, from GNU time."""
    words = shlex.split(command)
    stdin = subprocess.DEVNULL
    if words and words[-1].startswith("<"):
        stdin = open(words.pop()[1:], "rb")
    handle, path = tempfile.mkstemp(prefix="paired_timer.")
    os.close(handle)
    with open(os.devnull, "w") as null:
        subprocess.run(["/usr/bin/time", "-q", "-f", "%M", "-o", path] + words, stdin=stdin,
                       stdout=null, stderr=null, check=False)
    if stdin is not subprocess.DEVNULL:
        stdin.close()
    try:
        with open(path) as text:
            return int(text.read().split()[-1])
    except (ValueError, IndexError):
        return -1
    finally:
        os.unlink(path)


def run(command):
    """One run: (wall s, cpu s, exit status)."""
    words = shlex.split(command)
    stdin = subprocess.DEVNULL
    if words and words[-1].startswith("<"):
        stdin = open(words.pop()[1:], "rb")
    with open(os.devnull, "w") as null:
        start = time.monotonic()
        child = subprocess.Popen(words, stdin=stdin, stdout=null, stderr=null)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.monotonic() - start
    if stdin is not subprocess.DEVNULL:
        stdin.close()
    return wall, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", required=True)
    parser.add_argument("--slow", action="append", default=[])
    parser.add_argument("--tool", nargs=2, action="append", metavar=("NAME", "COMMAND"),
                        required=True)
    args = parser.parse_args()

    tools = {name: {"command": command, "wall": [], "cpu": [], "rss_kib": []}
             for name, command in args.tool}
    for name, command in args.tool:
        if name not in args.slow:
            run(command)
    for round_number in range(1, args.runs + 1):
        for name, command in args.tool:
            wall, cpu, status = run(command)
            if status != 0:
                sys.exit("%s exited with %d: %s" % (name, status, command))
            tools[name]["wall"].append(wall)
            tools[name]["cpu"].append(cpu)
        print("round %d/%d: %s" % (round_number, args.runs, "  ".join(
            "%s %.3f s" % (name, tools[name]["wall"][-1]) for name, _ in args.tool)),
            flush=True)
    for name, command in args.tool:
        tools[name]["rss_kib"].append(peak_rss(command))
    with open(args.out, "w") as out:
        json.dump({"runs": args.runs, "order": [name for name, _ in args.tool],
                   "tools": tools}, out, indent=1)


if __name__ == "__main__":
    main()
