import Foundation
import Testing

/// What gpsd's clients notice (issue 21, point 7), checked against Debian's gpsd 3.22 itself:
/// the same requests to `gpsd -N -n -b` and to `locate serve`, each reading its own virtual
/// receiver replaying the same capture, get the same answers. A request without a line end is
/// answered (`?POLL;`); a bare `?WATCH;` reports the watch as it is (`"enable":false` before
/// any); `?POLL` reports only what the client watches (`"active":0` and no data before a
/// `?WATCH`); an ERROR quotes the request with its line end, as gpsd does; a no-fix (mode 1)
/// TPV has the epoch's `time` when the receiver dated it; `localhost` is both loopbacks.
@Suite(.serialized) struct GPSDParityEndToEndTests {
  static let gpsd = "/usr/sbin/gpsd"

  /// A port free a moment ago.
  static func freePort() throws -> UInt16 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else { throw TestFailure("no free port: \(errno)") }
    return UInt16(bigEndian: address.sin_port)
  }

  /// gpsd 3.22 reading `device`, on `port`; stopped by `kill()`.
  static func startGpsd(device: String, port: UInt16) throws -> ChildProcess {
    let process = try ChildProcess(Self.gpsd, ["-N", "-n", "-b", "-S", String(port), device])
    _ = waitUntil(timeout: 30) { (try? RawClient(host: "127.0.0.1", port: port)) != nil }
    return process
  }

  /// A capture of `epochs` seconds without a fix, dated by ZDA: RMC `V`, GGA quality 0.
  static func noFixCapture(epochs: Int) -> String {
    var text = ""
    for second in 0..<epochs {
      let time = String(format: "1200%02d.00", second)
      text += NMEAText.sentence("GPRMC,\(time),V,,,,,,,021226,,,N")
      text += NMEAText.sentence("GPGGA,\(time),,,,,0,00,99.99,,,,,,")
      text += NMEAText.sentence("GPZDA,\(time),02,12,2026,00,00")
    }
    return text
  }

  /// What one request got, in the form both servers must agree on: every object's class, and
  /// for WATCH and ERROR the whole object; for POLL `active` and whether it carried a TPV.
  static func answers(_ lines: [String]) throws -> [String] {
    try lines.map { line in
      let object = try DocumentChecks.json(line)
      let name = object["class"] as? String ?? "?"
      switch name {
      case "WATCH", "ERROR": return line.trimmingCharacters(in: .newlines)
      case "POLL":
        let tpvs = (object["tpv"] as? [Any])?.count ?? -1
        return "POLL active \(object["active"] ?? "-") tpv \(tpvs > 0 ? "some" : "none")"
      default: return name
      }
    }
  }

  /// The requests and, for each, what gpsd 3.22 answers (`"enable":false` etc.).
  static let script: [(request: String, expected: [String])] = [
    ("?POLL;", ["POLL active 0 tpv none"]),
    ("?WATCH;", ["DEVICES", watch(enable: false)]),
    ("?FOO;\n", [#"{"class":"ERROR","message":"Unrecognized request '?FOO;\n'"}"#]),
    ("?FOO;", [#"{"class":"ERROR","message":"Unrecognized request '?FOO;\n'"}"#]),
    ("?FOO;\r\n", [#"{"class":"ERROR","message":"Unrecognized request '?FOO;\r\n'"}"#]),
    (#"?WATCH={"enable":true};"# + "\n", ["DEVICES", watch(enable: true)]),
    ("?WATCH;\n", ["DEVICES", watch(enable: true)]),
    ("?POLL;\n", ["POLL active 1 tpv some"]),
    (#"?WATCH={"enable":false}"# + "\n", ["DEVICES", watch(enable: false)]),
    ("?POLL;", ["POLL active 0 tpv none"]),
  ]

  static func watch(enable: Bool) -> String {
    #"{"class":"WATCH","enable":\#(enable),"json":false,"nmea":false,"raw":0,"scaled":false,"#
      + #""timing":false,"split24":false,"pps":false}"#
  }

  /// Runs ``script`` against the server on `port`: each request's answers.
  static func runScript(port: UInt16) throws -> [[String]] {
    let client = try RawClient(host: "127.0.0.1", port: port)
    _ = try #require(client.lines(1, timeout: 30).first)  // VERSION
    var got: [[String]] = []
    for (request, expected) in script {
      client.send(request)
      got.append(try answers(client.lines(expected.count, timeout: 10)))
      // Nothing more comes for it.
      got[got.count - 1] += try answers(client.lines(1, timeout: 0.3))
    }
    return got
  }

  @Test("requests: gpsd 3.22 and locate serve answer alike")
  func requests() throws {
    try #require(FileManager.default.fileExists(atPath: Self.gpsd), "needs gpsd (make deps)")
    let forGpsd = try Simulator(["--rate", "2"], drive: true)
    defer { forGpsd.stop() }
    let forServe = try Simulator(["--rate", "2"], drive: true)
    defer { forServe.stop() }
    let port = try Self.freePort()
    let gpsd = try Self.startGpsd(device: forGpsd.path, port: port)
    defer { gpsd.kill() }
    let served = try Served(["--device", forServe.path])
    defer { _ = try? served.stop() }
    try served.process.waitForStderr("connected at")
    // A fix on both first (?POLL then has a TPV to give).
    Thread.sleep(forTimeInterval: 2.5)
    let expected = Self.script.map(\.expected)
    #expect(try Self.runScript(port: port) == expected, "gpsd")
    let port2 = try #require(UInt16(served.address.split(separator: ":").last ?? ""))
    let answered = try Self.runScript(port: port2)
    for (index, step) in Self.script.enumerated() {
      #expect(answered[index] == step.expected, "\(step.request.debugDescription)")
    }
  }

  @Test("a no-fix TPV has the epoch's time, as gpsd's does")
  func noFixTime() throws {
    try #require(FileManager.default.fileExists(atPath: Self.gpsd), "needs gpsd (make deps)")
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let capture = directory + "/nofix.nmea"
    try Data(Self.noFixCapture(epochs: 6).utf8).write(to: URL(fileURLWithPath: capture))
    // gpsd: the capture played on a pty.
    let simulator = try Spawned(
      ["simulate", "--link", directory + "/gps", "--capture", capture, "--loop"])
    defer { simulator.stop() }
    let link = try simulator.waitForLines(1).first ?? ""
    let port = try Self.freePort()
    let gpsd = try Self.startGpsd(device: link, port: port)
    defer { gpsd.kill() }
    let fromGpsd = try CLI.runProgram(
      "/usr/bin/gpspipe", ["-w", "-n", "8", "127.0.0.1:\(port)"], stdin: nil, environment: [:],
      timeout: 60)
    // locate serve: the capture itself.
    let served = try Served(["--input", capture, "--realtime"])
    defer { _ = try? served.stop() }
    let fromServe = try served.client("/usr/bin/gpspipe", ["-w", "-n", "8", served.address])
    var times: [String: Set<String>] = [:]
    for (server, result) in [("gpsd", fromGpsd), ("locate serve", fromServe)] {
      let tpvs = try DocumentChecks.jsonLines(result.stdout).filter {
        $0["class"] as? String == "TPV"
      }
      #expect(tpvs.count >= 3, "\(server): \(result)")
      #expect(tpvs.allSatisfy { $0["mode"] as? Int == 1 }, "\(server): \(tpvs)")
      times[server] = Set(tpvs.compactMap { $0["time"] as? String })
    }
    // gpsd dates an epoch once it has seen the date (ZDA comes last in each); locate replays
    // a capture with its first date carried back, so every one of its TPVs has a time, and
    // gpsd's are among them.
    let gpsdTimes = times["gpsd"] ?? []
    #expect(!gpsdTimes.isEmpty)
    #expect(gpsdTimes.isSubset(of: times["locate serve"] ?? []), "\(times)")
    #expect(
      (times["locate serve"] ?? []).sorted().first == "2026-12-02T12:00:00.000Z", "\(times)")
  }

  @Test("--listen localhost:PORT listens on both loopbacks, as gpsd does")
  func localhost() throws {
    let served = try Served(
      ["--input", Paths.simulatedDrive], listen: "localhost:0")
    defer { _ = try? served.stop() }
    #expect(served.address.hasPrefix("localhost:"), "\(served.address)")
    let port = try #require(UInt16(served.address.split(separator: ":").last ?? ""))
    for host in ["127.0.0.1", "::1"] {
      let client = try RawClient(host: host, port: port)
      let greeting = try client.lines(1, timeout: 30).first ?? ""
      #expect(greeting.hasPrefix(#"{"class":"VERSION""#), "\(host)")
    }
  }
}

/// A TCP client with plain system calls: sends text, reads lines (without CR LF).
final class RawClient {
  let descriptor: Int32
  private var pending: [UInt8] = []

  init(host: String, port: UInt16) throws {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_NUMERICHOST
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list?.pointee else {
      throw TestFailure("cannot resolve \(host)")
    }
    defer { freeaddrinfo(list) }
    descriptor = socket(info.ai_family, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw TestFailure("socket: \(errno)") }
    // Not closed here when connecting fails: the object is whole, so its deinit runs and
    // closes it. Closing here as well closed the descriptor twice on every refused connection
    // of the wait for gpsd (`try? RawClient` in a loop), the second time whatever another test
    // had opened under that number meanwhile.
    guard connect(descriptor, info.ai_addr, info.ai_addrlen) == 0 else {
      throw TestFailure("connect \(host):\(port): \(errno)")
    }
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes {
      Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
    }
  }

  /// Up to `count` lines, waiting at most `timeout` seconds in all.
  func lines(_ count: Int, timeout: Double) throws -> [String] {
    let deadline = Date().addingTimeInterval(timeout)
    var lines: [String] = []
    while lines.count < count {
      if let end = pending.firstIndex(of: 0x0A) {
        var line = pending[..<end]
        if line.last == 0x0D { line = line.dropLast() }
        lines.append(String(decoding: line, as: UTF8.self))
        pending.removeFirst(end + 1)
        continue
      }
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { break }
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, Int32(left * 1000) + 1) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 65536)
      let read = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if read <= 0 { break }
      pending += buffer[0..<read]
    }
    return lines
  }
}
