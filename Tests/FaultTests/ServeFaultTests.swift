import Foundation
import Testing

/// `locate serve` under abuse, fed by the virtual receiver at 10 Hz: 50 clients connecting and
/// dropping in a loop (some silent, some watching, some sending garbage or over-long lines, some
/// asking and leaving without reading the answer), and one client that watches everything and
/// never reads. Two real gpspipe clients keep reading meanwhile: they must get every epoch;
/// the stalled client is dropped; serve's memory stays flat and its descriptors come back to
/// where they were. A few seconds in the normal suite; `make soak` runs it for
/// LOCATE_SERVE_SOAK_SECONDS (300).
@Suite struct ServeFaultTests {
  static let environment = ProcessInfo.processInfo.environment
  static let seconds = Double(environment["LOCATE_SERVE_SOAK_SECONDS"] ?? "") ?? 4
  static let binary = environment["LOCATE_SOAK_BINARY"] ?? Paths.locate

  /// What the storm's clients do before they close (round-robin).
  static func misbehave(
    _ socket: RawSocket, _ kind: Int, _ random: inout SystemRandomNumberGenerator
  ) {
    switch kind % 5 {
    case 0: break
    case 1: socket.send(Array(#"?WATCH={"enable":true,"json":true,"nmea":true};"#.utf8) + [0x0A])
    case 2: socket.send((0..<300).map { _ in UInt8.random(in: 0...255, using: &random) })
    case 3: socket.send(Array(repeating: UInt8(ascii: "?"), count: 5000))
    default: socket.send(Array("?POLL;\n?DEVICE={\"bps\":4800};\n?DEVICES;\n".utf8))
    }
  }

  @Test("50 clients in a loop, a stalled one, garbage: the readers get every epoch; flat")
  func storm() throws {
    let simulator = try LocateChild(
      ["simulate", "--rate", "10", "--no-fix-loss", "--no-stops"], program: Self.binary)
    defer { simulator.stop() }
    try simulator.waitForOutput("the device path") { $0.contains("\n") }
    let device = simulator.stdout.split(separator: "\n").first.map(String.init) ?? ""
    let serve = try LocateChild(
      ["serve", "--listen", "127.0.0.1:0", "--device", device, "--verbose"],
      program: Self.binary)
    defer { serve.stop() }
    try serve.waitForOutput("the address") { $0.contains("\n") }
    let address = serve.stdout.split(separator: "\n").first.map(String.init) ?? ""
    let port = UInt16(address.split(separator: ":").last ?? "") ?? 0
    try serve.waitForStderr("connected at")

    let readers = try (0..<2).map { _ in
      try LocateChild(["-w", address], program: "/usr/bin/gpspipe")
    }
    defer { for reader in readers { reader.stop() } }
    try serve.waitForStderr("client 2 (")
    guard waitUntil({ serve.stderr.components(separatedBy: "watches JSON").count == 3 }) else {
      throw TestFailure("the readers did not watch: \(serve.stderr)")
    }
    // TPVs flow (a POLL then carries a TPV and a SKY, over 300 bytes).
    for reader in readers { try reader.waitFor(#"{"class":"SKY""#) }
    let baseline = serve.descriptorTargets

    // A client that watches everything, asks for 2000 POLLs (each over 300 bytes) and never
    // reads: dropped once its queue is full.
    let stalled = try RawSocket(host: "127.0.0.1", port: port, receiveBuffer: 4096)
    defer { stalled.close() }
    stalled.send(Array(#"?WATCH={"enable":true,"json":true,"nmea":true};"#.utf8) + [0x0A])
    stalled.send(Array(String(repeating: "?POLL;\n", count: 2000).utf8))

    var random = SystemRandomNumberGenerator()
    var memory: [Int] = []
    let start = Date()
    var rounds = 0
    while Date().timeIntervalSince(start) < Self.seconds || rounds < 2 {
      let clients = try (0..<50).map { _ in try RawSocket(host: "127.0.0.1", port: port) }
      for (index, client) in clients.enumerated() { Self.misbehave(client, index, &random) }
      pause(0.05)
      for client in clients { client.close() }
      rounds += 1
      if rounds == 1 || Date().timeIntervalSince(start) >= Self.seconds {
        if let kib = serve.residentKiB { memory.append(kib) }
      }
      if rounds % 10 == 0 { for reader in readers { reader.drain() } }
    }
    guard waitUntil({ Self.stderr(of: serve, contains: "client 3 (127.0.0.1") }),
      waitUntil({ Self.stderr(of: serve, contains: "dropped: not reading") })
    else {
      throw TestFailure("the stalled client was not dropped: \(serve.stderr.suffix(2000))")
    }
    // Every connection of the storm closed, the stalled one dropped: back to the baseline.
    #expect(waitUntil { serve.descriptorTargets == baseline }, "\(serve.descriptorTargets)")
    #expect(serve.isRunning)
    if !runsUnderSanitizer, let first = memory.first, let last = memory.last {
      #expect(last - first < 2048, "VmRSS \(first) KiB after the first round, \(last) at the end")
    }
    serve.signal(SIGTERM)
    #expect(try serve.wait() == 0)
    // Each reader got every epoch from its first to its last: 0.1 s apart, none lost.
    for reader in readers {
      #expect(try reader.wait() == 0, "gpspipe ends with 0 when the server closes")
      let times = reader.stdout.split(whereSeparator: \.isNewline).compactMap { line -> Int? in
        guard line.hasPrefix(#"{"class":"TPV""#), let range = line.range(of: #""time":""#) else {
          return nil
        }
        return Self.milliseconds(line[range.upperBound...].prefix(24))
      }
      #expect(Double(times.count) >= Self.seconds * 10 * 0.9, "\(times.count) TPVs")
      let gaps = zip(times, times.dropFirst()).filter { $1 - $0 != 100 }
      #expect(gaps.isEmpty, "\(gaps.prefix(5))")
    }
  }

  @Test("out of descriptors: waiting connections do not spin serve; it accepts again later")
  func outOfDescriptors() throws {
    let capture = Paths.simulatedDrive
    let serve = try LocateChild(
      [
        "-c", "ulimit -n 24 && exec \"$0\" serve --listen 127.0.0.1:0 --input \"$1\"",
        Self.binary, capture,
      ],
      program: "/bin/bash")
    defer { serve.stop() }
    try serve.waitForOutput("the address") { $0.contains("\n") }
    let address = serve.stdout.split(separator: "\n").first.map(String.init) ?? ""
    let port = UInt16(address.split(separator: ":").last ?? "") ?? 0
    // More connections than descriptors: the kernel holds the rest in the listen backlog.
    let clients = try (0..<30).map { _ in try RawSocket(host: "127.0.0.1", port: port) }
    pause(0.3)
    let before = serve.cpuSeconds
    pause(1)
    let spent = serve.cpuSeconds - before
    #expect(spent < 0.2, "serve used \(spent) s of CPU in 1 s with connections waiting")
    for client in clients { client.close() }
    let later = try LocateChild(["-w", "-n", "1", address], program: "/usr/bin/gpspipe")
    defer { later.stop() }
    #expect(try later.wait() == 0)
    #expect(later.stdout.hasPrefix(#"{"class":"VERSION""#))
    #expect(serve.isRunning)
  }

  /// Whether the child's stderr holds `text` (searched as bytes: with --verbose the storm
  /// writes a megabyte of notes, too much to search as a `String` every 20 ms).
  static func stderr(of child: LocateChild, contains text: String) -> Bool {
    FileManager.default.contents(atPath: child.stderrPath)?.range(of: Data(text.utf8)) != nil
  }

  /// Milliseconds of the day of `YYYY-MM-DDTHH:MM:SS.sssZ`.
  static func milliseconds(_ time: Substring) -> Int? {
    let text = Array(time.utf8)
    guard text.count == 24 else { return nil }
    func number(_ from: Int, _ count: Int) -> Int {
      text[from..<(from + count)].reduce(0) { $0 * 10 + Int($1) - 48 }
    }
    return ((number(11, 2) * 60 + number(14, 2)) * 60 + number(17, 2)) * 1000 + number(20, 3)
  }
}
