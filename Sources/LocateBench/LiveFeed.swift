// The pty and the drive written into it, shared by `LocateBench live` and `LocateBench serve`.
import Foundation
import Platform
import Receivers
import VirtualReceiver

/// A raw pty and a writer thread speaking a synthetic drive into it.
enum LiveFeed {
  /// `--name value` pairs of numbers (each name in `allowed`); nil after printing a usage
  /// error for an unknown one.
  static func numericOptions(_ arguments: ArraySlice<String>, allowed: [String], bench: String)
    -> [String: Double]?
  {
    var values: [String: Double] = [:]
    var index = arguments.startIndex
    while index + 1 < arguments.endIndex {
      let name = String(arguments[index].dropFirst(2))
      guard arguments[index].hasPrefix("--"), allowed.contains(name) else {
        printError("LocateBench \(bench): unknown option \(arguments[index])")
        return nil
      }
      values[name] = Double(arguments[index + 1]) ?? -1
      index += 2
    }
    return values
  }

  /// Runs one bench (`LocateBench NAME`), printing its result line: status 0, or 1 with
  /// its error on stderr.
  static func report(_ name: String, _ run: () throws(LiveBenchError) -> String) -> Int32 {
    do {
      print(try run())
      return 0
    } catch {
      printError("LocateBench \(name): \(error.message)")
      return 1
    }
  }

  /// The value at rank `p` (0…1) of `sorted`, -1 when empty.
  static func percentile(_ sorted: [Int64], _ p: Double) -> Int64 {
    guard !sorted.isEmpty else { return -1 }
    let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
  }

  /// A pty in raw mode (no echo, no line editing until the reader sets its own); the slave
  /// end is closed again (`locate` refuses a device another process holds).
  static func openRawPty() throws(LiveBenchError) -> (master: Int32, path: String) {
    var master: Int32 = -1
    var slave: Int32 = -1
    guard openpty(&master, &slave, nil, nil, nil) == 0 else {
      throw LiveBenchError(message: "openpty: \(String(cString: strerror(errno)))")
    }
    var attributes = termios()
    tcgetattr(slave, &attributes)
    cfmakeraw(&attributes)
    tcsetattr(slave, TCSANOW, &attributes)
    defer { close(slave) }
    guard let name = ttyname(slave) else {
      throw LiveBenchError(message: "ttyname: \(String(cString: strerror(errno)))")
    }
    return (master, String(cString: name))
  }

  /// Starts the thread that writes a synthetic drive at `rate` epochs a second for `seconds`,
  /// one epoch per write(2) at its due time, recording when each was written; with
  /// `realtimePriority` (root), at SCHED_FIFO priority 50.
  static func startWriter(
    master: Int32, rate: Int, seconds: Double, written: WrittenEpochs,
    realtimePriority: Bool = false
  ) throws(LiveBenchError) -> WriterThread {
    var options = DriveOptions()
    options.rate = rate
    options.stops = false
    options.fixLoss = false
    // The next whole second: each epoch is sent at the time it describes.
    let now = Date().timeIntervalSince1970
    let startTime = now.rounded(.down) + 1
    options.startTime = startTime
    let generator: DriveGenerator
    do { generator = try DriveGenerator(options: options) } catch {
      throw LiveBenchError(message: "\(error)")
    }
    let startMonotonic = monotonicNanoseconds() + Int64((startTime - now) * 1e9)
    let epochs = Int(seconds * Double(rate))
    return WriterThread {
      if realtimePriority {
        // A receiver is hardware: its epochs leave on time whatever the machine does. As root,
        // the writer runs SCHED_FIFO, so the machine's load delays the readers, not the feed.
        var parameters = sched_param()
        parameters.sched_priority = 50
        _ = pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters)
      }
      var drive = generator
      for _ in 0..<epochs {
        guard let chunk = drive.next(), let epoch = drive.current else { break }
        sleepUntil(startMonotonic + Int64(chunk.offset * 1e9))
        writeAll(master, chunk.bytes)
        let at = monotonicNanoseconds()
        let milliseconds = Int64((epoch.time * 1000).rounded()) % 86_400_000
        written.record(epochMilliseconds: milliseconds, at: at)
      }
      written.finish()
    }
  }
}

/// Sleeps until monotonic time `deadline` (ns).
func sleepUntil(_ deadline: Int64) {
  var target = timespec(
    tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
  while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
}

/// write(2) until every byte is out.
func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
  bytes.withUnsafeBytes { raw in
    var offset = 0
    while offset < raw.count {
      let count = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      offset += count
    }
  }
}

/// Lines from a descriptor, each stamped with `CLOCK_MONOTONIC` when its end was read.
struct LineReader {
  let descriptor: Int32
  private var partial: [UInt8] = []
  private var lines: [(Substring, Int64)] = []
  private var all = ""
  /// Whether every line is also kept for ``seen(_:)``.
  private var keepsText = true

  init(descriptor: Int32) { self.descriptor = descriptor }

  /// Waits up to `milliseconds` for bytes and reads them; false at the end of the stream.
  mutating func poll(milliseconds: Int32) -> Bool {
    let ready: PollEvents
    do {
      ready = try Platform.poll(
        FileDescriptor(rawValue: descriptor), for: .input, milliseconds: milliseconds)
    } catch {
      return false
    }
    guard !ready.isEmpty else { return true }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return false }
    let at = monotonicNanoseconds()
    for byte in buffer[0..<count] {
      if byte == UInt8(ascii: "\n") {
        let text = String(decoding: partial, as: UTF8.self)
        if keepsText { all += text + "\n" }
        lines.append((Substring(text), at))
        partial.removeAll(keepingCapacity: true)
      } else {
        partial.append(byte)
      }
    }
    return true
  }

  /// The lines read since the last call.
  mutating func take() -> [(Substring, Int64)] {
    defer { lines.removeAll() }
    return lines
  }

  /// Stops keeping the lines' text for ``seen(_:)`` (what a long run reads adds up).
  mutating func stopKeepingText() {
    keepsText = false
    all = ""
  }

  /// Whether any line read so far contains `text`.
  func seen(_ text: String) -> Bool { all.contains(text) }
}

/// A thread running one closure, joinable.
final class WriterThread: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)

  init(_ body: @escaping @Sendable () -> Void) {
    let thread = Thread { [done] in
      body()
      done.signal()
    }
    thread.start()
  }

  /// Waits for the closure to return.
  func join() { done.wait() }
}

/// `locate` started for a bench run: standard output a pipe the bench reads, standard error and
/// input /dev/null; ``stop()`` ends it (SIGTERM) if it still runs.
final class BenchChild {
  let process = Process()
  /// Its standard output.
  let output = Pipe()

  /// Starts `locate arguments…` (or another program), with `environment` added to this
  /// process's own.
  init(_ locate: String, _ arguments: [String], environment: [String: String] = [:])
    throws(LiveBenchError)
  {
    process.executableURL = URL(fileURLWithPath: locate)
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardOutput = output
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    do { try process.run() } catch {
      throw LiveBenchError(message: "cannot run \(locate): \(error)")
    }
  }

  /// Its process ID.
  var pid: Int32 { process.processIdentifier }

  /// Lines of its standard output.
  func lines() -> LineReader { LineReader(descriptor: output.fileHandleForReading.fileDescriptor) }

  /// SIGTERM, and waits for it, if it still runs.
  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
  }
}

/// What a bench measured of the `locate` it ran: CPU time over the feed, memory at the end,
/// and how loaded the machine was.
struct ChildFigures {
  var cpuSeconds = 0.0
  var feedSeconds = 0.0
  var peakKiB = 0
  var anonymousKiB = 0
  /// The machine's 1-minute load average and CPU pressure (the share of the last 60 s some
  /// runnable task waited for a CPU, /proc/pressure/cpu) at the end of the feed.
  var load = -1.0
  var cpuPressure = -1.0

  /// `cpu_s=… feed_s=… cpu_percent=…`.
  var cpuText: String {
    let cpuPercent = feedSeconds > 0 ? cpuSeconds / feedSeconds * 100 : -1
    return "cpu_s=\(format(cpuSeconds, 3)) feed_s=\(format(feedSeconds, 1))"
      + " cpu_percent=\(format(cpuPercent, 3))"
  }

  /// `vmhwm_kib=… rss_anon_kib=… load1=… cpu_pressure_avg60=…`.
  var memoryAndMachineText: String {
    "vmhwm_kib=\(peakKiB) rss_anon_kib=\(anonymousKiB)"
      + " load1=\(format(load, 2)) cpu_pressure_avg60=\(format(cpuPressure, 2))"
  }

  /// Reads the child's memory (VmHWM, RssAnon) from /proc.
  mutating func readMemory(_ pid: Int32) {
    (peakKiB, anonymousKiB) = LiveRun.memory(pid)
  }
}
