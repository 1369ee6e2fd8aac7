// One run of `LocateBench live`: the pty, the child, the writer thread and the reader loop.
import Foundation
import Receivers

/// The figures of one live run.
struct LiveResult {
  var epochs = 0
  var fixes = 0
  var latencies: [Int64] = []
  var warmupFixes = 0
  var warmupMaximum: Int64 = 0
  var silentSwitches = 0
  var silentSeconds = 0.0
  var silentLines = 0
  var figures = ChildFigures()

  /// The `key=value` line the bench scripts read.
  var line: String {
    let sorted = latencies.sorted()
    func percentile(_ p: Double) -> Int64 { LiveFeed.percentile(sorted, p) }
    return "live: epochs=\(epochs) fixes=\(fixes) measured=\(sorted.count)"
      + " latency_median_us=\(format(Double(percentile(0.5)) / 1000, 1))"
      + " latency_p99_us=\(format(Double(percentile(0.99)) / 1000, 1))"
      + " latency_max_us=\(format(Double(sorted.last ?? -1) / 1000, 1))"
      + " warmup_fixes=\(warmupFixes)"
      + " warmup_max_ms=\(format(Double(warmupMaximum) / 1e6, 1))"
      + " " + figures.cpuText
      + " silent_s=\(format(silentSeconds, 1)) silent_wakeups=\(silentSwitches)"
      + " silent_wakeups_per_s=\(format(silentSeconds > 0 ? Double(silentSwitches) / silentSeconds : 0, 2))"
      + " silent_lines=\(silentLines) " + figures.memoryAndMachineText
  }
}

/// A pty fed by a writer thread, read by `locate watch`, whose stdout this process reads.
struct LiveRun {
  let locate: String
  let settings: LiveSettings

  func run() throws(LiveBenchError) -> LiveResult {
    let pty = try LiveFeed.openRawPty()
    defer { close(pty.master) }
    let child = try BenchChild(
      locate, ["watch", "--device", pty.path, "--baud", "115200", "--json", "--no-pause"])
    defer { child.stop() }
    let pid = child.pid
    var lines = child.lines()
    // The child has opened the device when it says so.
    let ready = monotonicNanoseconds() + 10_000_000_000
    while !lines.seen(#""state":"connected""#) {
      guard monotonicNanoseconds() < ready, lines.poll(milliseconds: 100) else {
        throw LiveBenchError(message: "locate watch did not open \(pty.path)")
      }
    }
    var result = LiveResult()
    let written = WrittenEpochs()
    let writer = try LiveFeed.startWriter(
      master: pty.master, rate: settings.rate, seconds: settings.seconds, written: written)
    let cpuBefore = Self.cpuSeconds(pid)
    var arrivals: [(epoch: Int64, at: Int64)] = []
    // Read until the feed is over and the last epoch had time to come out.
    var feedEnd: Int64 = 0
    while true {
      _ = lines.poll(milliseconds: 20)
      for (text, at) in lines.take() {
        guard let epoch = Self.tpvMilliseconds(text) else { continue }
        arrivals.append((epoch, at))
      }
      let snapshot = written.snapshot
      if snapshot.done {
        if feedEnd == 0 { feedEnd = monotonicNanoseconds() }
        if monotonicNanoseconds() - feedEnd > 500_000_000 { break }
      }
    }
    let cpuAfter = Self.cpuSeconds(pid)
    (result.figures.load, result.figures.cpuPressure) = Self.machineLoad()
    writer.join()
    let snapshot = written.snapshot
    result.epochs = snapshot.times.count
    result.figures.cpuSeconds = cpuAfter - cpuBefore
    result.figures.feedSeconds = Double(feedEnd - snapshot.first) / 1e9
    let warmupEnd = snapshot.first + Int64(settings.warmup * 1e9)
    for arrival in arrivals {
      guard let sent = snapshot.times[arrival.epoch] else { continue }
      result.fixes += 1
      if sent < warmupEnd {
        result.warmupFixes += 1
        result.warmupMaximum = max(result.warmupMaximum, arrival.at - sent)
      } else {
        result.latencies.append(arrival.at - sent)
      }
    }
    // Silence: what the child does while the receiver says nothing.
    if settings.silent > 0 {
      let before = Self.contextSwitches(pid)
      let start = monotonicNanoseconds()
      let end = start + Int64(settings.silent * 1e9)
      while monotonicNanoseconds() < end {
        _ = lines.poll(milliseconds: Int32(max(1, (end - monotonicNanoseconds()) / 1_000_000)))
        result.silentLines += lines.take().count
      }
      let after = Self.contextSwitches(pid)
      result.silentSeconds = Double(monotonicNanoseconds() - start) / 1e9
      result.silentSwitches = after.reduce(0) { sum, entry in
        sum + entry.value - (before[entry.key] ?? 0)
      }
    }
    result.figures.readMemory(pid)
    return result
  }

  /// The time of day (ms) of a TPV line, or nil for other lines.
  static func tpvMilliseconds(_ line: Substring) -> Int64? {
    guard line.hasPrefix(#"{"class":"TPV""#), let range = line.range(of: #""time":""#) else {
      return nil
    }
    let text = Array(line[range.upperBound...].utf8.prefix(24))
    // 2024-05-01T12:00:00.123Z
    guard text.count == 24 else { return nil }
    func number(_ from: Int, _ count: Int) -> Int64 {
      text[from..<(from + count)].reduce(0) { $0 * 10 + Int64($1 &- 48) }
    }
    return ((number(11, 2) * 60 + number(14, 2)) * 60 + number(17, 2)) * 1000 + number(20, 3)
  }

  /// utime + stime of a process (every thread, finished ones included), seconds.
  static func cpuSeconds(_ pid: Int32) -> Double {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return 0 }
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
      return 0
    }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// Voluntary plus involuntary context switches per thread.
  static func contextSwitches(_ pid: Int32) -> [String: Int] {
    var counts: [String: Int] = [:]
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    for task in tasks {
      guard
        let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
      else { continue }
      counts[task] =
        statusValue(text, "voluntary_ctxt_switches")
        + statusValue(text, "nonvoluntary_ctxt_switches")
    }
    return counts
  }

  /// The 1-minute load average and `some avg60` of /proc/pressure/cpu (-1 if unknown).
  static func machineLoad() -> (load: Double, pressure: Double) {
    let load =
      (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))
      .flatMap { $0.split(separator: " ").first.flatMap { Double($0) } } ?? -1
    var pressure = -1.0
    if let text = try? String(contentsOfFile: "/proc/pressure/cpu", encoding: .utf8),
      let some = text.split(separator: "\n").first(where: { $0.hasPrefix("some") })
    {
      for word in some.split(separator: " ") where word.hasPrefix("avg60=") {
        pressure = Double(word.dropFirst(6)) ?? -1
      }
    }
    return (load, pressure)
  }

  /// VmHWM and RssAnon, KiB.
  static func memory(_ pid: Int32) -> (peak: Int, anonymous: Int) {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      return (-1, -1)
    }
    return (statusValue(text, "VmHWM"), statusValue(text, "RssAnon"))
  }

  /// The number after `name:` in a /proc status text.
  static func statusValue(_ text: String, _ name: String) -> Int {
    for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
      let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
      return Int(digits) ?? 0
    }
    return 0
  }
}
