// `LocateBench timeservice`: the serial time samples of gpsd and of `locate serve`, one after
// the other, on the same pseudo-terminal feed and the same NTP shared-memory unit.
import Foundation
import Platform
import TimeService

/// `LocateBench timeservice LOCATE --shim SHIM [--rounds R] [--seconds S] [--warmup S]
/// [--unit U] [--port P]`: a synthetic drive written into a pty at 1 Hz, each epoch at the
/// whole second of `CLOCK_REALTIME` it names (a receiver without output delay), read by gpsd
/// 3.22 (`gpsd -N -n -b -S P LINK`, with Tests/Tools/gpsd_usb_shim.c preloaded: gpsd ships
/// no time from a pty, and the shim tells it the pty is a USB port) and by `LOCATE serve
/// --device LINK --shm U`, one after the other, R rounds of S seconds each (gpsd first in odd
/// rounds, locate first in even ones: the machine's load falls on both alike), the segment of
/// unit U (0: the one gpsd, as root, takes for its first device) read as ntpd does every
/// 2 ms. The writer runs at SCHED_FIFO priority (a receiver is hardware: the machine's load
/// delays the readers, not the epochs). Prints one line: for each program, all its samples
/// taken after each window's warm-up, their offsets (system clock − receiver time, µs):
/// median, standard deviation, 1st, 25th, 75th and 99th percentile; and the same of their
/// latency after the epoch's write.
func timeBench(_ arguments: [String]) -> Int32 {
  guard let locate = arguments.first, !locate.hasPrefix("-") else {
    printError(
      "usage: LocateBench timeservice LOCATE --shim SHIM [--rounds R] [--seconds S]"
        + " [--warmup S] [--unit U] [--port P]")
    return 64
  }
  var rest = Array(arguments.dropFirst())
  guard let shimIndex = rest.firstIndex(of: "--shim"), shimIndex + 1 < rest.count else {
    printError("LocateBench timeservice: --shim SHIM (gpsd_usb_shim.so) is required")
    return 64
  }
  let shim = rest[shimIndex + 1]
  rest.removeSubrange(shimIndex...(shimIndex + 1))
  guard
    let values = LiveFeed.numericOptions(
      rest[...], allowed: ["rounds", "seconds", "warmup", "unit", "port"], bench: "timeservice")
  else { return 64 }
  let settings = TimeSettings(
    seconds: values["seconds"] ?? 30, warmup: values["warmup"] ?? 5,
    unit: values["unit"].map { Int($0) } ?? 0, port: values["port"].map { Int($0) } ?? 29_470)
  let rounds = values["rounds"].map { Int($0) } ?? 6
  guard rounds >= 1, settings.seconds >= 5 else {
    printError("LocateBench timeservice: rounds ≥ 1, seconds ≥ 5")
    return 64
  }
  guard getuid() == 0 else {
    printError("LocateBench timeservice: needs root (gpsd and unit \(settings.unit) are root's)")
    return 77
  }
  return LiveFeed.report("timeservice") { () throws(LiveBenchError) in
    var gpsd = TimeSamples()
    var ours = TimeSamples()
    for round in 1...rounds {
      for program in round % 2 == 1 ? ["gpsd", "locate"] : ["locate", "gpsd"] {
        if program == "gpsd" {
          gpsd.add(
            try TimeRun(settings: settings).run(
              "/usr/sbin/gpsd", ["-N", "-n", "-b", "-S", "\(settings.port)"],
              environment: ["LD_PRELOAD": shim], fakesUSB: true))
        } else {
          ours.add(
            try TimeRun(settings: settings).run(
              locate,
              [
                "serve", "--listen", "127.0.0.1:0", "--shm", "\(settings.unit)", "--chrony",
                "off", "--pps", "off", "--device",
              ], environment: [:], fakesUSB: false))
        }
      }
    }
    return "timeservice: unit=\(settings.unit) rounds=\(rounds) seconds=\(Int(settings.seconds)) "
      + gpsd.fields("gpsd") + " " + ours.fields("locate")
  }
}

/// What `LocateBench timeservice` was asked to do.
struct TimeSettings {
  var seconds: Double
  var warmup: Double
  var unit: Int
  var port: Int
}

/// The samples of one program's run.
struct TimeSamples {
  /// System clock − receiver time, ns, per sample after the warm-up.
  var offsets: [Int64] = []
  /// System clock at the sample − system clock when its epoch was written, ns.
  var latencies: [Int64] = []

  /// Another window's samples.
  mutating func add(_ other: TimeSamples) {
    offsets += other.offsets
    latencies += other.latencies
  }

  /// `NAME_samples=… NAME_offset_median_us=…` for the bench scripts.
  func fields(_ name: String) -> String {
    func stats(_ values: [Int64], _ what: String) -> String {
      let sorted = values.sorted()
      let summary = OffsetStatistics(values)
      func us(_ value: Double?) -> String { format((value ?? -1e3) / 1000, 1) }
      return "\(name)_\(what)_median_us=\(us(summary?.median))"
        + " \(name)_\(what)_sd_us=\(us(summary?.standardDeviation))"
        + " \(name)_\(what)_p1_us=\(us(Double(LiveFeed.percentile(sorted, 0.01))))"
        + " \(name)_\(what)_p25_us=\(us(Double(LiveFeed.percentile(sorted, 0.25))))"
        + " \(name)_\(what)_p75_us=\(us(Double(LiveFeed.percentile(sorted, 0.75))))"
        + " \(name)_\(what)_p99_us=\(us(Double(LiveFeed.percentile(sorted, 0.99))))"
    }
    return "\(name)_samples=\(offsets.count) " + stats(offsets, "offset") + " "
      + stats(latencies, "latency")
  }
}

/// One program reading the feed while the segment is read.
struct TimeRun {
  let settings: TimeSettings

  /// Runs `program arguments… LINK` for the feed's time; the samples it wrote.
  func run(
    _ program: String, _ arguments: [String], environment: [String: String], fakesUSB: Bool
  ) throws(LiveBenchError) -> TimeSamples {
    let pty = try LiveFeed.openRawPty()
    defer { close(pty.master) }
    // A link outside /dev/pts: the path gpsd is given, and the one the shim names.
    let link = NSTemporaryDirectory() + "locate-timebench-\(getpid())"
    unlink(link)
    guard symlink(pty.path, link) == 0 else {
      throw LiveBenchError(message: "symlink \(link): \(String(cString: strerror(errno)))")
    }
    defer { unlink(link) }
    var environment = environment
    if fakesUSB { environment["LOCATE_FAKE_USB"] = link }
    let child = try BenchChild(program, arguments + [link], environment: environment)
    defer { child.stop() }
    Thread.sleep(forTimeInterval: 2)
    let written = WrittenEpochs()
    let writer = try LiveFeed.startWriter(
      master: pty.master, rate: 1, seconds: settings.seconds + settings.warmup,
      written: written, realtimePriority: true)
    // The monotonic clock's distance to the system clock (the writes are timed by the first).
    let realMinusMonotonic = SystemTime.wallNanoseconds() - SystemTime.now()
    var samples: [TimeSample] = []
    var lastCount: Int32?
    var reader: NTPSegmentReader?
    var feedEnd: Int64 = 0
    while true {
      if reader == nil { reader = try? NTPSegmentReader(unit: settings.unit) }
      if case .sample(let sample, _, let count)? = reader?.read(), count != lastCount {
        lastCount = count
        samples.append(sample)
      }
      usleep(2000)
      if written.snapshot.done {
        if feedEnd == 0 { feedEnd = monotonicNanoseconds() }
        if monotonicNanoseconds() - feedEnd > 1_500_000_000 { break }
      }
    }
    writer.join()
    let snapshot = written.snapshot
    let warmupEnd = snapshot.first + Int64(settings.warmup * 1e9) + realMinusMonotonic
    var result = TimeSamples()
    for sample in samples where sample.system >= warmupEnd {
      let millisecondOfDay = sample.reference / 1_000_000 % 86_400_000
      guard let sent = snapshot.times[millisecondOfDay] else { continue }
      result.offsets.append(sample.systemAhead)
      result.latencies.append(sample.system - (sent + realMinusMonotonic))
    }
    return result
  }
}
