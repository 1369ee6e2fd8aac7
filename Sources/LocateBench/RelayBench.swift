// `LocateBench relay`: a `locate watch` joined to another that holds the pty (sharing, issue
// 14), timed from both ends in one process.
import Foundation

/// `LocateBench relay LOCATE [--rate HZ] [--seconds S] [--warmup S]`: feeds a synthetic drive
/// at RATE epochs a second for S seconds into a pty, with `LOCATE watch --device PTY --json
/// --no-pause` holding it and a second one, started after, joined to it (it reads the holder's
/// relay over the Unix socket). Each epoch is one `write(2)`; `CLOCK_MONOTONIC` is read when it
/// returns and when each watch's TPV line for it arrives on its stdout. Prints one line:
/// the joined watch's latency median, p95, p99 and max after the warm-up, the holder's median
/// and p99 in the same run (the relay's cost is the difference), the joined watch's CPU time
/// and memory. LOCATE must be named `locate`: a process joins only a holder of that name.
func relayBench(_ arguments: [String]) -> Int32 {
  guard let locate = arguments.first, !locate.hasPrefix("-") else {
    printError("usage: LocateBench relay LOCATE [--rate HZ] [--seconds S] [--warmup S]")
    return 64
  }
  // A process joins only a holder whose command name is `locate` (/proc/PID/comm).
  guard locate.split(separator: "/").last == "locate" else {
    printError("LocateBench relay: LOCATE must be a file named locate, not \(locate)")
    return 64
  }
  guard
    let values = LiveFeed.numericOptions(
      arguments.dropFirst(), allowed: ["rate", "seconds", "warmup"], bench: "relay")
  else { return 64 }
  var settings = LiveSettings()
  settings.rate = values["rate"].map { Int($0) } ?? settings.rate
  settings.seconds = values["seconds"] ?? settings.seconds
  settings.warmup = values["warmup"] ?? settings.warmup
  guard (1...10).contains(settings.rate), settings.seconds > 0 else {
    printError("LocateBench relay: rate 1-10, seconds > 0")
    return 64
  }
  return LiveFeed.report("relay") { () throws(LiveBenchError) in
    try RelayRun(locate: locate, settings: settings).run().line
  }
}

/// The figures of one relay run.
struct RelayResult {
  var epochs = 0
  var fixes = 0
  /// The joined watch's latencies, ns.
  var latencies: [Int64] = []
  /// The holder's, ns.
  var holderLatencies: [Int64] = []
  var figures = ChildFigures()

  /// The `key=value` line the bench scripts read.
  var line: String {
    let sorted = latencies.sorted()
    let held = holderLatencies.sorted()
    func us(_ sorted: [Int64], _ p: Double) -> String {
      format(Double(LiveFeed.percentile(sorted, p)) / 1000, 1)
    }
    return "relay: epochs=\(epochs) fixes=\(fixes) measured=\(sorted.count)"
      + " latency_median_us=\(us(sorted, 0.5)) latency_p95_us=\(us(sorted, 0.95))"
      + " latency_p99_us=\(us(sorted, 0.99))"
      + " latency_max_us=\(format(Double(sorted.last ?? -1) / 1000, 1))"
      + " holder_median_us=\(us(held, 0.5)) holder_p99_us=\(us(held, 0.99))"
      + " " + figures.cpuText + " " + figures.memoryAndMachineText
  }
}

/// A pty fed by a writer thread, held by one `locate watch` and read by another joined to it.
struct RelayRun {
  let locate: String
  let settings: LiveSettings

  func run() throws(LiveBenchError) -> RelayResult {
    let pty = try LiveFeed.openRawPty()
    defer { close(pty.master) }
    let watch = ["watch", "--device", pty.path, "--baud", "115200", "--json", "--no-pause"]
    let holder = try BenchChild(locate, watch)
    defer { holder.stop() }
    var readers = [holder.lines()]
    try Self.waitConnected(&readers[0], "locate watch did not open \(pty.path)")
    // Started once the holder has the device: it joins.
    let joined = try BenchChild(locate, watch)
    defer { joined.stop() }
    readers.append(joined.lines())
    try Self.waitConnected(&readers[1], "the second locate watch did not join the first")
    let written = WrittenEpochs()
    let writer = try LiveFeed.startWriter(
      master: pty.master, rate: settings.rate, seconds: settings.seconds, written: written)
    let cpuBefore = LiveRun.cpuSeconds(joined.pid)
    var arrivals: [[(epoch: Int64, at: Int64)]] = [[], []]
    var entries = readers.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
    var feedEnd: Int64 = 0
    while true {
      for index in entries.indices { entries[index].revents = 0 }
      _ = poll(&entries, nfds_t(entries.count), 20)
      for index in entries.indices where entries[index].revents != 0 {
        _ = readers[index].poll(milliseconds: 0)
        for (text, at) in readers[index].take() {
          guard let epoch = LiveRun.tpvMilliseconds(text) else { continue }
          arrivals[index].append((epoch, at))
        }
      }
      if written.snapshot.done {
        if feedEnd == 0 { feedEnd = monotonicNanoseconds() }
        if monotonicNanoseconds() - feedEnd > 500_000_000 { break }
      }
    }
    var result = RelayResult()
    result.figures.cpuSeconds = LiveRun.cpuSeconds(joined.pid) - cpuBefore
    (result.figures.load, result.figures.cpuPressure) = LiveRun.machineLoad()
    writer.join()
    let snapshot = written.snapshot
    result.epochs = snapshot.times.count
    result.fixes = arrivals[1].count
    result.figures.feedSeconds = Double(feedEnd - snapshot.first) / 1e9
    let warmupEnd = snapshot.first + Int64(settings.warmup * 1e9)
    func latencies(_ arrivals: [(epoch: Int64, at: Int64)]) -> [Int64] {
      arrivals.compactMap { arrival in
        guard let sent = snapshot.times[arrival.epoch], sent >= warmupEnd else { return nil }
        return arrival.at - sent
      }
    }
    result.holderLatencies = latencies(arrivals[0])
    result.latencies = latencies(arrivals[1])
    result.figures.readMemory(joined.pid)
    return result
  }

  /// Reads `lines` until the watch says it is connected (opened or joined), for 10 s at most.
  static func waitConnected(_ lines: inout LineReader, _ failure: String) throws(LiveBenchError) {
    let deadline = monotonicNanoseconds() + 10_000_000_000
    while !lines.seen(#""state":"connected""#) {
      guard monotonicNanoseconds() < deadline, lines.poll(milliseconds: 100) else {
        throw LiveBenchError(message: failure)
      }
    }
    lines.stopKeepingText()
  }
}
