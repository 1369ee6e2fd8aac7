// `LocateBench live`: the live path of `locate watch` over a pseudo-terminal, timed from both
// ends in one process.
import Foundation
import Platform
import Receivers

/// `LocateBench live LOCATE [--rate HZ] [--seconds S] [--silent S] [--warmup S]`: feeds a
/// synthetic drive (``DriveGenerator``, as `locate simulate` speaks it) at RATE epochs a second
/// for S seconds into a pty, with `LOCATE watch --device PTY --json --no-pause` reading it.
/// Each epoch is one `write(2)`; `CLOCK_MONOTONIC` is read when it returns (the epoch's last
/// byte is written) and when its TPV line arrives on the child's stdout (a pipe, polled).
/// Prints one line: latency median, p99 and max over the epochs after the warm-up, the
/// child's CPU time over the feed (utime + stime from /proc/PID/stat), its context switches
/// (every thread, /proc/PID/task/*/status) while the line is silent for SILENT seconds after
/// the feed, its peak RSS (VmHWM) and private memory (RssAnon).
func liveBench(_ arguments: [String]) -> Int32 {
  guard let locate = arguments.first, !locate.hasPrefix("-") else {
    printError(
      "usage: LocateBench live LOCATE [--rate HZ] [--seconds S] [--silent S] [--warmup S]")
    return 64
  }
  guard
    let values = LiveFeed.numericOptions(
      arguments.dropFirst(), allowed: ["rate", "seconds", "silent", "warmup"], bench: "live")
  else { return 64 }
  var settings = LiveSettings()
  settings.rate = values["rate"].map { Int($0) } ?? settings.rate
  settings.seconds = values["seconds"] ?? settings.seconds
  settings.silent = values["silent"] ?? settings.silent
  settings.warmup = values["warmup"] ?? settings.warmup
  guard (1...10).contains(settings.rate), settings.seconds > 0, settings.silent >= 0 else {
    printError("LocateBench live: rate 1-10, seconds > 0, silent >= 0")
    return 64
  }
  return LiveFeed.report("live") { () throws(LiveBenchError) in
    try LiveRun(locate: locate, settings: settings).run().line
  }
}

/// What `LocateBench live` was asked to do.
struct LiveSettings {
  var rate = 10
  var seconds = 60.0
  var silent = 10.0
  var warmup = 2.0
}

/// A failure of the live bench, with its message.
struct LiveBenchError: Error {
  let message: String
}

/// `CLOCK_MONOTONIC` in nanoseconds (Platform's clock), signed for the bench's arithmetic.
func monotonicNanoseconds() -> Int64 { SystemTime.now() }

/// The epochs written so far: epoch time (ms of the day) → when its last byte was written.
final class WrittenEpochs: Sendable {
  private let state = Locked<(times: [Int64: Int64], first: Int64, last: Int64, done: Bool)>(
    ([:], 0, 0, false))

  func record(epochMilliseconds: Int64, at written: Int64) {
    state.withLock { state in
      state.times[epochMilliseconds] = written
      if state.first == 0 { state.first = written }
      state.last = written
    }
  }

  func finish() { state.withLock { $0.done = true } }

  var snapshot: (times: [Int64: Int64], first: Int64, last: Int64, done: Bool) {
    state.withLock { $0 }
  }
}
