// `LocateBench serve`: `locate serve` over a pseudo-terminal with gpsd clients, timed from both
// ends in one process.
import Foundation

/// `LocateBench serve LOCATE [--rate HZ] [--seconds S] [--clients N] [--warmup S]`: feeds a
/// synthetic drive (``DriveGenerator``) at RATE epochs a second for S seconds into a pty, with
/// `LOCATE serve --device PTY --listen 127.0.0.1:0` reading it and N clients watching it
/// (`?WATCH={"enable":true,"json":true}`). Each epoch is one `write(2)`; `CLOCK_MONOTONIC` is
/// read when it returns and when `poll(2)` says a client's socket holds the TPV line for it.
/// Prints one line:
/// latency median, p95, p99 and max over every client's TPVs after the warm-up, serve's CPU time
/// over the feed (utime + stime), its peak RSS (VmHWM) and private memory (RssAnon).
///
/// `LocateBench serve-floor FLOOR …` runs the same with `FLOOR PTY` (Tests/Benchmarks/
/// serve_floor.c: one poll loop, a TPV line per read, nothing else) in place of `locate serve`:
/// what this machine allows any relay, measured the same way. Its line starts `serve-floor:`.
func serveBench(_ arguments: [String], floor: Bool = false) -> Int32 {
  let name = floor ? "serve-floor" : "serve"
  guard let server = arguments.first, !server.hasPrefix("-") else {
    printError(
      "usage: LocateBench \(name) \(floor ? "FLOOR" : "LOCATE") [--rate HZ] [--seconds S]"
        + " [--clients N] [--warmup S]")
    return 64
  }
  guard
    let values = LiveFeed.numericOptions(
      arguments.dropFirst(), allowed: ["rate", "seconds", "clients", "warmup"], bench: name)
  else { return 64 }
  var settings = ServeSettings()
  settings.rate = values["rate"].map { Int($0) } ?? settings.rate
  settings.seconds = values["seconds"] ?? settings.seconds
  settings.clients = values["clients"].map { Int($0) } ?? settings.clients
  settings.warmup = values["warmup"] ?? settings.warmup
  guard (1...10).contains(settings.rate), settings.seconds > 0, (1...60).contains(settings.clients)
  else {
    printError("LocateBench \(name): rate 1-10, seconds > 0, clients 1-60")
    return 64
  }
  return LiveFeed.report(name) { () throws(LiveBenchError) in
    var result = try ServeRun(server: server, settings: settings, floor: floor).run()
    result.name = name
    return result.line
  }
}

/// What `LocateBench serve` was asked to do.
struct ServeSettings {
  var rate = 10
  var seconds = 60.0
  var clients = 10
  var warmup = 2.0
}

/// The figures of one serve run.
struct ServeResult {
  /// `serve` or `serve-floor`: how the line starts.
  var name = "serve"
  var clients = 0
  var epochs = 0
  var tpvs = 0
  var latencies: [Int64] = []
  var figures = ChildFigures()

  /// The `key=value` line the bench scripts read.
  var line: String {
    let sorted = latencies.sorted()
    func percentile(_ p: Double) -> Double { Double(LiveFeed.percentile(sorted, p)) / 1000 }
    return "\(name): clients=\(clients) epochs=\(epochs) tpvs=\(tpvs) measured=\(sorted.count)"
      + " latency_median_us=\(format(percentile(0.5), 1))"
      + " latency_p95_us=\(format(percentile(0.95), 1))"
      + " latency_p99_us=\(format(percentile(0.99), 1))"
      + " latency_max_us=\(format(Double(sorted.last ?? -1) / 1000, 1))"
      + " " + figures.cpuText + " " + figures.memoryAndMachineText
  }
}
