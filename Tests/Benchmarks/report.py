#!/usr/bin/env python3
"""Writes docs/bench/README.md from what bench.sh measured in WORK: facts.txt, nmea.json and
startup.json (paired_timer.py), live.txt (LocateBench live), geodesy.txt (geodesy.sh).

Every time is the median of the runs; every ratio is the median of the per-round ratios (the
two runs of a round were made one after the other). Prints the summary table.

Usage: report.py --work DIR --out FILE
"""
import argparse
import json
import os
import re
import statistics


def key_values(path):
    """`key=value` lines (the first `=` splits)."""
    values = {}
    if not os.path.exists(path):
        return values
    with open(path) as lines:
        for line in lines:
            if "=" in line:
                key, value = line.rstrip("\n").split("=", 1)
                values[key.strip()] = value
    return values


def fields(text):
    """`a=1 b=2` words of a line."""
    return dict(word.split("=", 1) for word in text.split() if "=" in word)


def median(values):
    return statistics.median(values) if values else float("nan")


def fmt(value, places=0):
    if value != value:  # NaN
        return "-"
    return "{:,.{}f}".format(value, places)


class Timings:
    """paired_timer.py's output."""

    def __init__(self, path):
        with open(path) as data:
            self.data = json.load(data)
        self.tools = self.data["tools"]

    def wall(self, name):
        return median(self.tools[name]["wall"])

    def cpu(self, name):
        return median(self.tools[name]["cpu"])

    def rss_mib(self, name):
        return max(self.tools[name]["rss_kib"]) / 1024

    def ratio(self, slower, faster):
        """Median over rounds of wall(slower) / wall(faster)."""
        pairs = zip(self.tools[slower]["wall"], self.tools[faster]["wall"])
        return median([a / b for a, b in pairs])


def check(met):
    return "yes" if met else "**no**"


def relative(command):
    """A command as run from the repository root, so the report reads the same on any machine."""
    root = os.getcwd().rstrip("/") + "/"
    return command.replace(root, "./")


def bench_runs(work, name):
    """The `NAME: key=value …` lines `LocateBench NAME` wrote to WORK/NAME.txt, as numbers
    (none when the file is missing)."""
    runs = []
    path = os.path.join(work, name + ".txt")
    if os.path.exists(path):
        with open(path) as lines:
            for line in lines:
                if line.startswith(name + ":"):
                    runs.append({k: float(v) for k, v in fields(line).items()})
    return runs


def latency_columns(run):
    """Median, p95, p99 and max latency cells of a serve or relay run."""
    return " | ".join(fmt(run[key]) for key in (
        "latency_median_us", "latency_p95_us", "latency_p99_us", "latency_max_us"))


def process_columns(run):
    """CPU, memory and machine-load cells of a run."""
    return "%s | %.1f | %.1f | %s, %s" % (
        fmt(run["cpu_percent"], 2), run["vmhwm_kib"] / 1024, run["rss_anon_kib"] / 1024,
        fmt(run.get("load1", float("nan")), 2),
        fmt(run.get("cpu_pressure_avg60", float("nan")), 1))



def time_summary_row(time_runs):
    """The summary row of `LocateBench timeservice`: the spread of locate's serial samples'
    offsets against gpsd's (medians over the runs; the ratio the median of per-run ratios)."""
    def timed(key):
        return median([run[key] for run in time_runs]) if time_runs else float("nan")

    ratio = median([r["locate_offset_sd_us"] / r["gpsd_offset_sd_us"] for r in time_runs]) \
        if time_runs else float("nan")
    return (
        "| time service: spread of the serial samples' offsets (SD; p25–p75), pty at 1 Hz, "
        "NTP unit 0 | %s µs; %s–%s µs | gpsd 3.22, same feed and unit: %s µs; %s–%s µs "
        "| SD %s× gpsd's | ≤ 1× | %s |" % (
            fmt(timed("locate_offset_sd_us")), fmt(timed("locate_offset_p25_us")),
            fmt(timed("locate_offset_p75_us")), fmt(timed("gpsd_offset_sd_us")),
            fmt(timed("gpsd_offset_p25_us")), fmt(timed("gpsd_offset_p75_us")),
            fmt(ratio, 2), check(ratio <= 1) if time_runs else "-"))


def time_section(time_runs):
    """The section of `LocateBench timeservice`: how it measures, and a row per program and run."""
    def timed(key):
        return median([run[key] for run in time_runs]) if time_runs else float("nan")

    table = [
        "| run | program | samples | offset median µs | offset SD µs | p25–p75 µs | p1–p99 µs "
        "| latency after the write: median µs | SD µs | p99 µs |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for number, run in enumerate(time_runs, 1):
        for name in ("gpsd", "locate"):
            table.append("| %d | %s | %d | %s | %s | %s–%s | %s–%s | %s | %s | %s |" % (
                number, name, run[name + "_samples"], fmt(run[name + "_offset_median_us"]),
                fmt(run[name + "_offset_sd_us"]), fmt(run[name + "_offset_p25_us"]),
                fmt(run[name + "_offset_p75_us"]),
                fmt(run[name + "_offset_p1_us"]), fmt(run[name + "_offset_p99_us"]),
                fmt(run[name + "_latency_median_us"]), fmt(run[name + "_latency_sd_us"]),
                fmt(run[name + "_latency_p99_us"])))
    return [
        "## The time service: serial samples beside gpsd's",
        "",
        "`LocateBench timeservice LOCATE --shim gpsd_usb_shim.so --rounds R --seconds S`: a "
        "synthetic drive written into a pty at 1 Hz, each epoch at the whole second of the "
        "system clock it names (a receiver without output delay; the writer runs SCHED_FIFO, "
        "as a receiver's epochs leave on time whatever the machine does). gpsd 3.22 (`gpsd -N "
        "-n -b -S PORT LINK`; gpsd ships no time from a pseudo-terminal, so "
        "`Tests/Tools/gpsd_usb_shim.c`, preloaded, makes its stat(2) of the link say USB: "
        "nothing else changes) and `locate serve --device LINK --shm 0` read it one after the "
        "other, %s rounds of %s s each (gpsd first in odd rounds, locate in even ones, so that "
        "the machine's load falls on both alike), writing NTP shared-memory unit 0, which this "
        "process reads as ntpd does every 2 ms. Offset: a sample's system clock minus its "
        "receiver time, after each window's 5 s warm-up; latency: the sample's system clock "
        "minus when the epoch's write returned (a reader may see the bytes before the writer's "
        "write returns: below 0). locate stamps the arrival of the read holding the epoch's "
        "first byte; gpsd 3.22 reads the clock the moment it handles the epoch's first timed "
        "sentence (its `ntp_latch`). The standard deviation is the load's: a few samples "
        "milliseconds late; the quartiles are the programs'." % (
            fmt(timed("rounds"), 0), fmt(timed("seconds"), 0)),
        "",
    ] + (table if time_runs else ["(not run: it needs root)"])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--work", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    work = args.work
    facts = key_values(os.path.join(work, "facts.txt"))
    nmea = Timings(os.path.join(work, "nmea.json"))
    startup = Timings(os.path.join(work, "startup.json"))
    geodesy = key_values(os.path.join(work, "geodesy.txt"))
    live_runs = []
    with open(os.path.join(work, "live.txt")) as lines:
        for line in lines:
            if line.startswith("live:"):
                live_runs.append({k: float(v) for k, v in fields(line).items()})
    serve_runs = bench_runs(work, "serve")
    screen_runs = bench_runs(work, "screen")
    floor_runs = bench_runs(work, "serve-floor")
    relay_runs = bench_runs(work, "relay")
    time_runs = bench_runs(work, "timeservice")

    total_bytes = float(facts["bytes"])
    megabytes = total_bytes / 1e6
    limit = fields(facts["limit"])
    lines = float(limit["lines"])
    decode = fields(facts["decode"])
    sentences = float(decode["sentences"])
    watch_fixes = float(facts["watch_tpv"])
    gpsdecode_fixes = float(facts["gpsdecode_tpv"])
    gpsbabel_points = float(facts["gpsbabel_points"])

    # Whole pipeline and decoding.
    rows = [
        ("C floor (limit.c, gcc -O2): framing and checksum only", "floor", lines, "lines"),
        ("locate: `LocateBench decode` (NMEADecoder only)", "decode", sentences, "sentences"),
        ("**locate: `locate watch --input FILE --json`**", "watch", watch_fixes, "fixes"),
        ("gpsd %s `gpsdecode < FILE` (NMEA to JSON)" % facts.get("gpsd_version", ""),
         "gpsdecode", gpsdecode_fixes, "fixes"),
        ("gpsbabel %s `-i nmea -o gpx`" % facts.get("gpsbabel_version", ""), "gpsbabel",
         gpsbabel_points, "track points"),
        ("pynmea2 (%s): parse every line, no output" % facts.get("python", "python"),
         "pynmea2", lines, "lines"),
    ]
    pipeline_table = [
        "| tool | median wall s | median CPU s | MB/s | items/s (items) | peak RSS MiB "
        "| locate watch is N× faster (paired) |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for label, name, items, what in rows:
        wall = nmea.wall(name)
        faster = "-" if name in ("watch", "floor", "decode") else fmt(nmea.ratio(name, "watch"), 1)
        pipeline_table.append("| %s | %.3f | %.3f | %s | %s (%s %s) | %.1f | %s |" % (
            label, wall, nmea.cpu(name), fmt(megabytes / wall, 1), fmt(items / wall),
            fmt(items), what, nmea.rss_mib(name), faster))

    # Instruction counts (make budget's lines), over the seeded 1 MB corpus.
    budget = {}
    budget_path = os.path.join(work, "budget.txt")
    if os.path.exists(budget_path):
        with open(budget_path) as budget_lines:
            for line in budget_lines:
                found = re.match(r"budget: (\w+): (\d+) instructions(?: \(([-+]\d+\.\d+) % "
                                 r"against the budget of (\d+)\))?", line)
                if found:
                    budget[found.group(1)] = found.groups()[1:]

    def budget_cell(name):
        if name not in budget:
            return "not measured"
        measured, change, allowed = budget[name]
        if allowed is None:
            return "%s" % fmt(float(measured))
        return "%s (budget %s, %s %%)" % (fmt(float(measured)), fmt(float(allowed)), change)

    def within_budget(name):
        if name not in budget or budget[name][2] is None:
            return False
        return float(budget[name][0]) <= float(budget[name][2]) * 1.03

    watch_vs = {peer: nmea.ratio(peer, "watch") for peer in ("gpsdecode", "gpsbabel", "pynmea2")}
    decode_vs_pynmea2 = nmea.ratio("pynmea2", "decode")
    decode_vs_floor = nmea.ratio("decode", "floor")
    watch_vs_floor = nmea.ratio("watch", "floor")

    # Live path.
    def live(key, pick=median):
        return pick([run[key] for run in live_runs]) if live_runs else float("nan")

    live_p99_worst = live("latency_p99_us", max)
    live_summary = {
        "median": live("latency_median_us"), "p99": live("latency_p99_us"),
        "max": live("latency_max_us", max), "cpu": live("cpu_percent"),
        "wakeups": live("silent_wakeups_per_s"), "hwm": live("vmhwm_kib", max) / 1024,
        "anon": live("rss_anon_kib", max) / 1024,
    }
    live_table = [
        "| run | epochs | fixes | latency median µs | p99 µs | max µs | first fixes (warm-up) max ms "
        "| CPU % of a core | context switches/s while silent | VmHWM MiB | RssAnon MiB "
        "| machine: load (1 min), CPU pressure % (60 s) |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for number, run in enumerate(live_runs, 1):
        live_table.append("| %d | %d | %d | %s | %s | %s | %s | %s | %s | %.1f | %.1f | %s, %s |" % (
            number, run["epochs"], run["fixes"], fmt(run["latency_median_us"]),
            fmt(run["latency_p99_us"]), fmt(run["latency_max_us"]), fmt(run["warmup_max_ms"], 1),
            fmt(run["cpu_percent"], 2), fmt(run["silent_wakeups_per_s"], 1),
            run["vmhwm_kib"] / 1024, run["rss_anon_kib"] / 1024,
            fmt(run.get("load1", float("nan")), 2),
            fmt(run.get("cpu_pressure_avg60", float("nan")), 1)))

    # locate serve.
    def served(key, pick=median):
        return pick([run[key] for run in serve_runs]) if serve_runs else float("nan")

    serve_clients = int(served("clients")) if serve_runs else 0
    serve_table = [
        "| run | clients | epochs | TPV lines | latency median µs | p95 µs | p99 µs | max µs "
        "| CPU % of a core | VmHWM MiB | RssAnon MiB | machine: load (1 min), CPU pressure % (60 s) |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for number, run in enumerate(serve_runs, 1):
        serve_table.append("| %d | %d | %d | %d | %s | %s |" % (
            number, run["clients"], run["epochs"], run["tpvs"], latency_columns(run),
            process_columns(run)))
        if number <= len(floor_runs):
            floor = floor_runs[number - 1]
            serve_table.append("| %d: floor | %d | %d | %d | %s | %s |" % (
                number, floor["clients"], floor["epochs"], floor["tpvs"], latency_columns(floor),
                process_columns(floor)))

    # The floor (serve_floor.c), run right after each serve run: what the machine allowed.
    def floored(key, pick=median):
        return pick([run[key] for run in floor_runs]) if floor_runs else float("nan")

    pairs = list(zip(serve_runs, floor_runs))
    serve_vs_floor = median([s["latency_p99_us"] / f["latency_p99_us"] for s, f in pairs]) \
        if pairs else float("nan")
    serve_over_floor = median([s["latency_median_us"] - f["latency_median_us"] for s, f in pairs]) \
        if pairs else float("nan")

    # A locate joined to another that holds the device.
    def relayed(key, pick=median):
        return pick([run[key] for run in relay_runs]) if relay_runs else float("nan")

    relay_table = [
        "| run | epochs | TPV lines | latency median µs | p95 µs | p99 µs | max µs "
        "| holder median µs | holder p99 µs | CPU % of a core | VmHWM MiB | RssAnon MiB "
        "| machine: load (1 min), CPU pressure % (60 s) |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for number, run in enumerate(relay_runs, 1):
        relay_table.append("| %d | %d | %d | %s | %s | %s | %s |" % (
            number, run["epochs"], run["fixes"], latency_columns(run),
            fmt(run["holder_median_us"]), fmt(run["holder_p99_us"]), process_columns(run)))

    # watch --screen.
    def screened(key, pick=median):
        return pick([run[key] for run in screen_runs]) if screen_runs else float("nan")

    screen_table = [
        "| run | terminal | epochs | CPU % of a core | bytes drawn a second | bytes an epoch "
        "| VmHWM MiB | RssAnon MiB | machine: load (1 min), CPU pressure % (60 s) |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for number, run in enumerate(screen_runs, 1):
        screen_table.append("| %d | %dx%d | %d | %s | %s | %s | %.1f | %.1f | %s, %s |" % (
            number, run["columns"], run["rows"], run["epochs"], fmt(run["cpu_percent"], 2),
            fmt(run["bytes_per_s"]), fmt(run["bytes_per_epoch"]), run["vmhwm_kib"] / 1024,
            run["rss_anon_kib"] / 1024, fmt(run.get("load1", float("nan")), 2),
            fmt(run.get("cpu_pressure_avg60", float("nan")), 1)))

    # Start-up.
    startup_table = [
        "| command | median wall ms | median CPU ms | peak RSS MiB | locate is N× faster (paired) |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for label, name, versus in [
        ("`locate --version`", "version", None),
        ("`gpsdecode -V`", "gpsdecode_version", "version"),
        ("`gpspipe -V`", "gpspipe_version", "version"),
        ("`locate current --input %s`" % facts.get("capture", "CAPTURE"), "current", None),
        ("`gpsdecode < %s`" % facts.get("capture", "CAPTURE"), "gpsdecode_capture", "current"),
    ]:
        startup_table.append("| %s | %.1f | %.1f | %.1f | %s |" % (
            label, startup.wall(name) * 1000, startup.cpu(name) * 1000, startup.rss_mib(name),
            fmt(startup.ratio(name, versus), 2) if versus else "-"))
    version_vs = startup.ratio("gpsdecode_version", "version")
    current_vs = startup.ratio("gpsdecode_capture", "current")
    binary = float(facts.get("binary_bytes", "nan"))
    stripped = float(facts.get("binary_stripped_bytes", "nan"))
    gazetteer = float(facts.get("gazetteer_bytes", "nan"))

    # The summary.
    decode_rss = nmea.rss_mib("decode")
    try:
        watch_allocs_per_epoch = fmt(
            (int(facts["watch_alloc_large"]) - int(facts["watch_alloc_small"])) / 9000, 3)
    except (KeyError, ValueError):
        watch_allocs_per_epoch = "?"
    summary = [
        "| measure | locate | peer | ratio (median of per-round ratios) | target | met |",
        "| --- | ---: | --- | ---: | --- | --- |",
        "| whole pipeline, %s MB: `locate watch --input FILE --json` | %s MB/s, %s fixes/s "
        "| gpsdecode: %s MB/s | **%s×** | ≥ 30× | %s |" % (
            fmt(megabytes),
            fmt(megabytes / nmea.wall("watch"), 1), fmt(watch_fixes / nmea.wall("watch")),
            fmt(megabytes / nmea.wall("gpsdecode"), 1), fmt(watch_vs["gpsdecode"], 1),
            check(watch_vs["gpsdecode"] >= 30)),
        "| | | gpsbabel -o gpx: %s MB/s | **%s×** | ≥ 15× | %s |" % (
            fmt(megabytes / nmea.wall("gpsbabel"), 1), fmt(watch_vs["gpsbabel"], 1),
            check(watch_vs["gpsbabel"] >= 15)),
        "| | | C floor (limit.c -O2): %s MB/s | %s× the floor's time | ≤ 3.5× | %s |" % (
            fmt(megabytes / nmea.wall("floor"), 1), fmt(watch_vs_floor, 2),
            check(watch_vs_floor <= 3.5)),
        "| | | pynmea2 (decoding only): %s MB/s | **%s×** | > 1× | %s |" % (
            fmt(megabytes / nmea.wall("pynmea2"), 1), fmt(watch_vs["pynmea2"], 1),
            check(watch_vs["pynmea2"] > 1)),
        "| decoding only: `LocateBench decode` | %s sentences/s, %s MB/s | pynmea2: %s lines/s "
        "| **%s×** | ≥ 60× | %s |" % (
            fmt(sentences / nmea.wall("decode")), fmt(megabytes / nmea.wall("decode"), 1),
            fmt(lines / nmea.wall("pynmea2")), fmt(decode_vs_pynmea2, 1),
            check(decode_vs_pynmea2 >= 60)),
        "| | | C floor (limit.c -O2): %s MB/s | %s× the floor's time | ≤ 1.5× | %s |" % (
            fmt(megabytes / nmea.wall("floor"), 1), fmt(decode_vs_floor, 2),
            check(decode_vs_floor <= 1.5)),
        "| | peak RSS %.1f MiB | | | < 20 MiB | %s |" % (decode_rss, check(decode_rss < 20)),
        "| instructions, seeded 1 MB corpus (`make budget`, callgrind): `LocateBench decode` "
        "| %s | C floor, whole process: %s | %s× the floor's | ≤ budget + 3 %% | %s |" % (
            budget_cell("decode"), budget_cell("floor"),
            fmt(float(budget["decode"][0]) / float(budget["floor"][0]), 2)
            if "decode" in budget and "floor" in budget else "-", check(within_budget("decode"))),
        "| instructions: `locate watch --input FILE --json --no-pause` | %s | | %s× the floor's "
        "| ≤ budget + 3 %% | %s |" % (
            budget_cell("watch"),
            fmt(float(budget["watch"][0]) / float(budget["floor"][0]), 2)
            if "watch" in budget and "floor" in budget else "-", check(within_budget("watch"))),
        "| heap allocations per epoch: `locate watch --input FILE --json --no-pause`, 10,000 "
        "against 1,000 seeded epochs (memcheck) | %s | | | none per epoch (`make budget`: "
        "≤ 0.25) | %s |" % (
            watch_allocs_per_epoch,
            check(watch_allocs_per_epoch != "?" and float(watch_allocs_per_epoch) <= 0.25)),
        "| live: pty at 10 Hz, last byte of an epoch to its TPV line on stdout | median %s µs, "
        "p99 %s µs (worst run %s µs) | | | p99 < 1 ms | %s |" % (
            fmt(live_summary["median"]), fmt(live_summary["p99"]), fmt(live_p99_worst),
            check(live_summary["p99"] < 1000)),
        "| live: CPU of `locate watch` | %s %% of a core | | | < 1 %% | %s |" % (
            fmt(live_summary["cpu"], 2), check(live_summary["cpu"] < 1)),
        "| live: context switches while the receiver is silent | %s /s | | | policy timers only "
        "| see below |" % fmt(live_summary["wakeups"], 1),
        "| live: peak memory (VmHWM) | %.1f MiB (private: %.1f MiB) | | | < 16 MiB | %s |" % (
            live_summary["hwm"], live_summary["anon"], check(live_summary["hwm"] < 16)),
        "| serve: pty at 10 Hz, last byte of an epoch to a client's TPV line (%d clients) "
        "| median %s µs, p99 %s µs (worst run %s µs) | | | p99 < 1 ms | %s |" % (
            serve_clients, fmt(served("latency_median_us")), fmt(served("latency_p99_us")),
            fmt(served("latency_p99_us", max)), check(served("latency_p99_us") < 1000)),
        "| | locate's own part: median %s µs over the floor's | C floor (serve_floor.c, run "
        "after each): median %s µs, p99 %s µs (worst run %s µs) | p99 %s× the floor's | - | - |" % (
            fmt(serve_over_floor), fmt(floored("latency_median_us")),
            fmt(floored("latency_p99_us")), fmt(floored("latency_p99_us", max)),
            fmt(serve_vs_floor, 2)),
        "| serve: CPU of `locate serve` with %d clients at 10 Hz | %s %% of a core | | | < 2 %% "
        "| %s |" % (serve_clients, fmt(served("cpu_percent"), 2), check(served("cpu_percent") < 2)),
        "| relay: pty at 10 Hz, last byte of an epoch to a joined `watch`'s TPV line "
        "| median %s µs, p99 %s µs (worst run %s µs; the holder's p99 %s µs) | | | - | - |" % (
            fmt(relayed("latency_median_us")), fmt(relayed("latency_p99_us")),
            fmt(relayed("latency_p99_us", max)), fmt(relayed("holder_p99_us"))),
        "| screen: CPU of `locate watch --screen` at 10 Hz, 80×24 | %s %% of a core (%s bytes "
        "drawn a second) | | | < 1 %% | %s |" % (
            fmt(screened("cpu_percent"), 2), fmt(screened("bytes_per_s")),
            check(screened("cpu_percent") < 1)),
        time_summary_row(time_runs),
        "| start-up: `locate --version` | %.1f ms | gpsdecode -V: %.1f ms | %s× | - | - |" % (
            startup.wall("version") * 1000, startup.wall("gpsdecode_version") * 1000,
            fmt(version_vs, 2)),
        "| start-up: `locate current --input CAPTURE` | %.1f ms | gpsdecode < CAPTURE: %.1f ms "
        "| %s× | - | - |" % (
            startup.wall("current") * 1000, startup.wall("gpsdecode_capture") * 1000,
            fmt(current_vs, 2)),
        "| binary: static `locate`, stripped (`make install`) | %s bytes (%s built) | the "
        "gazetteer's table in it (issue 25; its `gazetteer` symbol): %s bytes; the whole binary "
        "before the gazetteer and WMM2025: 10,170,928 bytes stripped | table ≤ 4,000,000 of "
        "the binary | ≤ 25,000,000; table ≤ 4,000,000 | %s |" % (
            fmt(stripped), fmt(binary), fmt(gazetteer),
            check(stripped <= 25_000_000 and gazetteer <= 4_000_000)),
    ]
    if geodesy:
        summary += [
            "| geodesic inverse, 1,000,000 pairs: compute only | %s pairs/s | GeographicLib C: %s "
            "pairs/s | %s× | ≥ 500 k pairs/s | %s |" % (
                fmt(float(geodesy["ours_compute_pairs_s"])),
                fmt(float(geodesy["c_compute_pairs_s"])),
                fmt(float(geodesy["ratio_compute_vs_c"]), 2),
                check(float(geodesy["ours_compute_pairs_s"]) >= 500_000)),
            "| geodesic inverse: whole process from text | %s s | GeodSolve: %s s | %s× | "
            "> 300 k pairs/s | %s |" % (
                geodesy["ours_wall_s"], geodesy["geodsolve_wall_s"],
                fmt(float(geodesy["ratio_whole_vs_geodsolve"]), 1),
                check(float(geodesy["pairs"]) / float(geodesy["ours_wall_s"]) > 300_000)),
            "| geodesic accuracy against GeodSolve | %s | | | 1 µm | %s |" % (
                " ".join(w for w in geodesy["inverse_check"].split() if "distance" in w),
                check("PASS" in geodesy["inverse_check"])),
        ]
        if "places_lookup_us" in geodesy:
            summary += [
                "| reverse geocoding: nearest of 170,354 places (k-d tree) | %s µs a lookup, %s µs "
                "of CPU (the first ones, by scan: %s µs; loading %s ms, index %s ms) | | | ≤ 10 µs "
                "| %s |" % (
                    geodesy["places_lookup_us"], geodesy.get("places_lookup_cpu_us", "?"),
                    geodesy["places_scan_us"],
                    geodesy["places_load_ms"], geodesy["places_index_ms"],
                    check(float(geodesy["places_lookup_us"]) <= 10)),
                "| forward geocoding: places by name | %s µs a lookup | | | - | - |" % (
                    geodesy["places_forward_us"]),
                "| magnetic variation: one WMM2025 declination | %s µs | | | - | - |" % (
                    geodesy["wmm_us"]),
            ]

    allocs = "%s heap allocations for %s sentences, %s for %s" % (
        facts.get("alloc_small", "?"), facts.get("sentences_small", "?"),
        facts.get("alloc_large", "?"), facts.get("sentences_large", "?"))
    text = [
        "# Benchmarks",
        "",
        "Written by `make bench` (`Tests/Benchmarks/bench.sh`); do not edit. %s on %s: "
        "`nproc` = %s (%s), Linux %s, %s. A shared machine: every time is the median of the "
        "runs, every ratio the median of the per-round ratios (the two runs of a round were made "
        "one after the other; %d rounds for throughput, %d for start-up, %d live runs, %d serve "
        "runs, %d relay runs, %d screen runs)." % (
            facts.get("date"), "this machine", facts.get("nproc"), facts.get("cpu"),
            facts.get("kernel"), facts.get("swift"), nmea.data["runs"], startup.data["runs"],
            len(live_runs), len(serve_runs), len(relay_runs), len(screen_runs)),
        "",
        "What the profiles showed, and what was changed because of it, with before and after "
        "figures: [profiles.md](profiles.md).",
        "",
        "## Summary",
        "",
    ] + summary + [
        "",
        "## Whole pipeline and decoding: the seeded %s MB corpus" % fmt(megabytes),
        "",
        "Input: `LocateBench corpus --seed 1 --target-mb %s`:" % fmt(megabytes) + " %s bytes, %s lines (a u-blox M9 "
        "style multi-GNSS receiver at 1 Hz with 0.5 %% damaged lines), sha256 `%s`; in the page "
        "cache. Every tool reads the same file in the same round; gpsbabel a copy with 0x1A "
        "replaced by `?` (it stops at a line starting with ^Z). Items: locate watch's and "
        "gpsdecode's TPV objects, gpsbabel's track points, lines for the decoders." % (
            fmt(total_bytes), fmt(lines), facts.get("sha256")),
        "",
    ] + pipeline_table + [
        "",
        "- locate watch against the C floor: %s× its time (decoding alone: %s×)." % (
            fmt(watch_vs_floor, 2), fmt(decode_vs_floor, 2)),
        "- What each found: floor %s; `LocateBench decode` %s; pynmea2 %s." % (
            facts.get("limit"), facts.get("decode"), facts.get("pynmea2")),
        "- %s (valgrind, whole process): none per sentence." % allocs,
        "- `locate watch --input --json` over the same 1,000 and 10,000 epochs: %s and %s heap "
        "allocations (whole process), %s per epoch: none per epoch (what grows is per 256 KiB "
        "read and per new degree of the magnetic model's cache; `make budget` holds it to 0.25)."
        % (facts.get("watch_alloc_small", "?"), facts.get("watch_alloc_large", "?"),
           watch_allocs_per_epoch),
        "- Built with `--static-swift-stdlib`: a dynamically linked `locate` maps about 6 MiB "
        "more of Foundation and ICU pages (peak RSS about 20 MiB instead of 14).",
        "",
        "## Live path: `locate watch` over a pseudo-terminal at 10 Hz",
        "",
        "`LocateBench live LOCATE`: a synthetic drive (`DriveGenerator`, what `locate simulate` "
        "speaks: RMC VTG GGA 4×GSA GLL each epoch, GSV once a second) written to a pty, one "
        "`write(2)` per epoch at its due time; `locate watch --device PTY --baud 115200 --json "
        "--no-pause` reads it. Latency: from `CLOCK_MONOTONIC` when the epoch's `write` returned "
        "to when its TPV line was read from the child's stdout (a pipe, polled), both in the "
        "bench process; the first 2 s (the cycle ender being learned, fixes reported 50 ms "
        "after the line went quiet) are shown apart. CPU: the child's utime + stime over the "
        "feed. Then the line stays silent: context switches of every thread of the child "
        "(/proc/PID/task/*/status) over that time. Memory: VmHWM and RssAnon at the end.",
        "",
    ] + live_table + [
        "",
        "While the receiver is silent the process wakes only for: the reader thread's poll "
        "timeout once a second (it checks that the device node still exists: some adapters "
        "vanish without a hang-up), libdispatch's worker-pool monitor (once a second while it "
        "has threads), the staleness check (once, when the last fix turns stale after 5 s), and "
        "after that the once-a-second progress a waiting client hears (the status line).",
        "",
        "## `locate serve`: gpsd's clients over TCP, the receiver on a pseudo-terminal at 10 Hz",
        "",
        "`LocateBench serve LOCATE`: the same drive and pty as the live path; `locate serve "
        "--device PTY --baud 115200 --listen 127.0.0.1:0` reads it and %d clients in the bench "
        "process watch it (`?WATCH={\"enable\":true,\"json\":true}`). Latency: from "
        "`CLOCK_MONOTONIC` when the epoch's `write` returned to when `poll(2)` said a client's "
        "socket held its TPV line, for every client and every epoch after the first 2 s. CPU: "
        "serve's utime + stime over the feed. Memory: VmHWM and RssAnon at the end." % (
            serve_clients),
        "",
        "Each run is followed by one of `LocateBench serve-floor` (rows \"floor\"): the same "
        "feed, clients and clock, with `locate serve` replaced by `Tests/Benchmarks/"
        "serve_floor.c` (gcc -O2), one `poll(2)` loop that sends each read's RMC time to the "
        "clients as a TPV line, with no checksum, fix assembly or policies. Its latency is the "
        "pty's wake-up, the scheduler, loopback TCP and the bench's own wake-up: what this "
        "machine allows any relay. The difference of the medians is locate's own part; the "
        "tail beyond it is the machine's (in a virtual machine, a vCPU woken from idle can "
        "take milliseconds to run, for the floor as for locate).",
        "",
    ] + serve_table + [
        "",
        "## Sharing: a `locate watch` joined to another that holds the pseudo-terminal",
        "",
        "`LocateBench relay LOCATE`: the same drive and pty as the live path; `locate watch "
        "--device PTY --baud 115200 --json --no-pause` holds it, and a second one, started "
        "after, joins it (the holder relays each read with its arrival time over a Unix "
        "socket). Latency: from `CLOCK_MONOTONIC` when the epoch's `write` returned to when the "
        "joined watch's TPV line was read from its stdout, after the first 2 s; the holder's "
        "own latency in the same run beside it. CPU and memory: the joined watch's.",
        "",
    ] + relay_table + [
        "",
        "## Full screen: `locate watch --screen` at 10 Hz",
        "",
        "`LocateBench screen LOCATE`: the same drive and pty as the live path; `locate watch "
        "--screen --device PTY --baud 115200 --no-pause --to EDDM=… --region depot=…` reads it "
        "and draws on a second pty of 80×24 cells (`TERM=xterm-256color`: colours on), which "
        "the bench reads as a terminal would. CPU: the child's utime + stime over the feed "
        "(decoding, fix assembly, the model, each frame rendered and diffed, the changed cells "
        "written). Bytes: what it drew, a second and an epoch (only the cells that changed "
        "since the last frame are written).",
        "",
    ] + screen_table + [
        "",
    ] + time_section(time_runs) + [
        "",
        "## Start-up",
        "",
        "%d rounds; the capture is `%s` (%s bytes, a u-blox NEO-M9N); `locate current` replays "
        "it and prints the first fix, gpsdecode decodes all of it to JSON (the nearest "
        "equivalent: gpspipe needs a running gpsd)." % (
            startup.data["runs"], facts.get("capture"), fmt(float(facts.get("capture_bytes", "nan")))),
        "",
    ] + startup_table + [
        "",
        "The binary timed: the static `locate` (Swift runtime linked in, `--static-swift-stdlib`), "
        "%s bytes as built, %s bytes stripped as `make install` installs it. It links "
        "FoundationEssentials but not Foundation (no ICU): only the Core Location facade, "
        "which the command line does not use, brings Foundation." % (fmt(binary), fmt(stripped)),
        "",
        "## Geodesy",
        "",
        "See [geodesy.md](geodesy.md) (accuracy against GeodSolve on every pair, speed against "
        "GeographicLib's C library and GeodSolve, nearest-10 among 1,000,000 points).",
        "",
        "## Commands",
        "",
    ] + ["- %s: `%s`" % (name, relative(tool["command"])) for name, tool in nmea.tools.items()] + [
        "- live: `LocateBench live LOCATE --rate 10 --seconds S --silent S`",
        "- serve: `LocateBench serve LOCATE --rate 10 --seconds S --clients N`",
        "- serve floor: `LocateBench serve-floor serve_floor --rate 10 --seconds S --clients N` "
        "(`gcc -O2 -o serve_floor Tests/Benchmarks/serve_floor.c`)",
        "- relay: `LocateBench relay LOCATE --rate 10 --seconds S`",
        "- screen: `LocateBench screen LOCATE --rate 10 --seconds S` (80×24)",
        "- time service: `LocateBench timeservice LOCATE --shim gpsd_usb_shim.so --rounds R "
        "--seconds S` "
        "(`gcc -O2 -shared -fPIC -o gpsd_usb_shim.so Tests/Tools/gpsd_usb_shim.c -ldl`)",
    ] + ["- %s: `%s`" % (name, relative(tool["command"])) for name, tool in startup.tools.items()]
    text += [""]
    with open(args.out, "w") as out:
        out.write("\n".join(text))
    print("\n".join(summary))
    print("wrote %s" % args.out)


if __name__ == "__main__":
    main()
