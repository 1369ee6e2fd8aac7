import Testing

@testable import Receivers

@Suite("Parsing --input and --baud")
struct SourceParsingTests {
  @Test(
    "inputs",
    arguments: [
      ("-", ReceiverSource.standardInput),
      ("tcp://192.168.1.7:10110", .tcp(host: "192.168.1.7", port: 10110)),
      ("tcp://[::1]:5000/", .tcp(host: "::1", port: 5000)),
      ("gpsd://", .gpsd(host: "localhost", port: 2947)),
      ("gpsd://pi.local", .gpsd(host: "pi.local", port: 2947)),
      ("gpsd://pi.local:3000", .gpsd(host: "pi.local", port: 3000)),
      ("gpsd://[fe80::1]", .gpsd(host: "fe80::1", port: 2947)),
      ("drive.nmea", .file(path: "drive.nmea", pacing: .realtime(speed: 2))),
    ])
  func inputs(text: String, source: ReceiverSource) throws {
    #expect(try ReceiverSource(input: text, pacing: .realtime(speed: 2)) == source)
  }

  @Test(
    "malformed inputs",
    arguments: [
      ("tcp://host", "expected tcp://HOST:PORT"), ("tcp://:80", "expected tcp://HOST:PORT"),
      ("gpsd://h:99999", "expected gpsd://HOST[:PORT]"),
      ("gpsd://[::1", "expected gpsd://HOST[:PORT]"),
      ("http://x", "unknown kind of input; use a file, -, tcp://HOST:PORT or gpsd://HOST"),
    ])
  func malformed(text: String, reason: String) {
    #expect(throws: ReceiverError(code: .invalidSource(reason), path: text)) {
      _ = try ReceiverSource(input: text)
    }
  }

  @Test("baud settings")
  func baud() throws {
    #expect(try BaudSetting(parsing: "auto") == .auto)
    #expect(try BaudSetting(parsing: "115200") == .fixed(115200))
    #expect(throws: ReceiverError.self) { _ = try BaudSetting(parsing: "12345") }
    #expect(throws: ReceiverError.self) { _ = try BaudSetting(parsing: "fast") }
  }
}
