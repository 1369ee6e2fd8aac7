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
func serveBench(_ arguments: [String]) -> Int32 {
  guard let locate = arguments.first, !locate.hasPrefix("-") else {
    printError(
      "usage: LocateBench serve LOCATE [--rate HZ] [--seconds S] [--clients N] [--warmup S]")
    return 64
  }
  var settings = ServeSettings()
  var index = 1
  while index + 1 < arguments.count {
    let value = Double(arguments[index + 1]) ?? -1
    switch arguments[index] {
    case "--rate": settings.rate = Int(value)
    case "--seconds": settings.seconds = value
    case "--clients": settings.clients = Int(value)
    case "--warmup": settings.warmup = value
    default:
      printError("LocateBench serve: unknown option \(arguments[index])")
      return 64
    }
    index += 2
  }
  guard (1...10).contains(settings.rate), settings.seconds > 0, (1...60).contains(settings.clients)
  else {
    printError("LocateBench serve: rate 1-10, seconds > 0, clients 1-60")
    return 64
  }
  do {
    print(try ServeRun(locate: locate, settings: settings).run().line)
    return 0
  } catch {
    printError("LocateBench serve: \(error.message)")
    return 1
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
  var clients = 0
  var epochs = 0
  var tpvs = 0
  var latencies: [Int64] = []
  var cpuSeconds = 0.0
  var feedSeconds = 0.0
  var peakKiB = 0
  var anonymousKiB = 0
  var load = -1.0
  var cpuPressure = -1.0

  /// The `key=value` line the bench scripts read.
  var line: String {
    let sorted = latencies.sorted()
    func percentile(_ p: Double) -> Double {
      guard !sorted.isEmpty else { return -1 }
      let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
      return Double(sorted[min(max(rank, 0), sorted.count - 1)]) / 1000
    }
    let cpuPercent = feedSeconds > 0 ? cpuSeconds / feedSeconds * 100 : -1
    return "serve: clients=\(clients) epochs=\(epochs) tpvs=\(tpvs) measured=\(sorted.count)"
      + " latency_median_us=\(format(percentile(0.5), 1))"
      + " latency_p95_us=\(format(percentile(0.95), 1))"
      + " latency_p99_us=\(format(percentile(0.99), 1))"
      + " latency_max_us=\(format(Double(sorted.last ?? -1) / 1000, 1))"
      + " cpu_s=\(format(cpuSeconds, 3)) feed_s=\(format(feedSeconds, 1))"
      + " cpu_percent=\(format(cpuPercent, 3))"
      + " vmhwm_kib=\(peakKiB) rss_anon_kib=\(anonymousKiB)"
      + " load1=\(format(load, 2)) cpu_pressure_avg60=\(format(cpuPressure, 2))"
  }
}
