// `LocateBench screen`: the CPU `locate watch --screen` costs at 10 Hz, drawing on a
// pseudo-terminal.
import Foundation
import Platform

/// `LocateBench screen LOCATE [--rate HZ] [--seconds S] [--columns C] [--rows R]`: the drive
/// of `LocateBench live` written into one pty at RATE epochs a second for S seconds, read by
/// `LOCATE watch --screen --device PTY --no-pause --to … --region …`, whose standard output,
/// input and error are a second pty of C × R cells (`TERM=xterm-256color`) that this process
/// reads as a terminal would. Prints one line: the child's CPU time over the feed (utime +
/// stime) as a share of a core, the bytes it drew a second and per epoch, its peak RSS.
func screenBench(_ arguments: [String]) -> Int32 {
  guard let locate = arguments.first, !locate.hasPrefix("-") else {
    printError(
      "usage: LocateBench screen LOCATE [--rate HZ] [--seconds S] [--columns C] [--rows R]")
    return 64
  }
  guard
    let values = LiveFeed.numericOptions(
      arguments.dropFirst(), allowed: ["rate", "seconds", "columns", "rows"], bench: "screen")
  else { return 64 }
  let rate = values["rate"].map { Int($0) } ?? 10
  let seconds = values["seconds"] ?? 60
  let columns = values["columns"].map { Int($0) } ?? 80
  let rows = values["rows"].map { Int($0) } ?? 24
  guard (1...10).contains(rate), seconds > 0, columns > 0, rows > 0 else {
    printError("LocateBench screen: rate 1-10, seconds, columns and rows > 0")
    return 64
  }
  return LiveFeed.report("screen") { () throws(LiveBenchError) in
    try ScreenRun(locate: locate, rate: rate, seconds: seconds, columns: columns, rows: rows)
      .run()
  }
}

/// One run of `LocateBench screen`.
struct ScreenRun {
  let locate: String
  let rate: Int
  let seconds: Double
  let columns: Int
  let rows: Int

  func run() throws(LiveBenchError) -> String {
    let receiver = try LiveFeed.openRawPty()
    defer { close(receiver.master) }
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else {
      throw LiveBenchError(message: "openpty: \(String(cString: strerror(errno)))")
    }
    defer { close(master) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: locate)
    process.arguments = [
      "watch", "--screen", "--device", receiver.path, "--baud", "115200", "--no-pause",
      "--to", "EDDM=48.3538,11.7861", "--region", "depot=48.1173,11.5167,200",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment.removeValue(forKey: "NO_COLOR")
    process.environment = environment
    let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
    process.standardInput = terminal
    process.standardOutput = terminal
    process.standardError = terminal
    do { try process.run() } catch {
      throw LiveBenchError(message: "cannot run \(locate): \(error)")
    }
    defer {
      if process.isRunning {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
      }
    }
    try? terminal.close()
    let pid = process.processIdentifier
    // Drawn until the screen is up (the title bar), then fed.
    var drawn = 0
    let ready = monotonicNanoseconds() + 10_000_000_000
    while drawn == 0 {
      drawn += drain(master, milliseconds: 100)
      guard monotonicNanoseconds() < ready else {
        throw LiveBenchError(message: "locate watch --screen drew nothing")
      }
    }
    let written = WrittenEpochs()
    let writer = try LiveFeed.startWriter(
      master: receiver.master, rate: rate, seconds: seconds, written: written)
    let cpuBefore = LiveRun.cpuSeconds(pid)
    var bytes = 0
    var feedEnd: Int64 = 0
    while true {
      bytes += drain(master, milliseconds: 20)
      if written.snapshot.done {
        if feedEnd == 0 { feedEnd = monotonicNanoseconds() }
        if monotonicNanoseconds() - feedEnd > 500_000_000 { break }
      }
    }
    let cpuAfter = LiveRun.cpuSeconds(pid)
    writer.join()
    var figures = ChildFigures()
    (figures.load, figures.cpuPressure) = LiveRun.machineLoad()
    let snapshot = written.snapshot
    figures.cpuSeconds = cpuAfter - cpuBefore
    figures.feedSeconds = Double(feedEnd - snapshot.first) / 1e9
    figures.readMemory(pid)
    let epochs = snapshot.times.count
    let perSecond = figures.feedSeconds > 0 ? Double(bytes) / figures.feedSeconds : -1
    return "screen: columns=\(columns) rows=\(rows) epochs=\(epochs) " + figures.cpuText
      + " bytes=\(bytes) bytes_per_s=\(format(perSecond, 0))"
      + " bytes_per_epoch=\(format(epochs > 0 ? Double(bytes) / Double(epochs) : -1, 0)) "
      + figures.memoryAndMachineText
  }

  /// Reads what the child drew within `milliseconds`; the number of bytes.
  private func drain(_ descriptor: Int32, milliseconds: Int32) -> Int {
    var total = 0
    var wait = milliseconds
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let ready =
        (try? Platform.poll(
          FileDescriptor(rawValue: descriptor), for: .input, milliseconds: wait)) ?? []
      guard ready.contains(.input) else { return total }
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return total }
      total += count
      wait = 0
    }
  }
}
