import Foundation
import Testing

@testable import Receivers
@testable import VirtualReceiver

/// Every fix received is in the document after SIGTERM, SIGINT or SIGHUP (and SIGQUIT, with
/// status 131), counted against what a local TCP server sent. The server knows what `locate`
/// has read: what it wrote, less what still waits in the two sockets (/proc/net/tcp).
///
/// It used to be otherwise: 700 000 fixes received, SIGTERM 0.5 s later, a valid GPX with
/// 373 495 points (the rest were queued, and dropped when the task was cancelled).
@Suite struct SignalCountTests {
  /// The times (ms) of ``SentenceStream``'s epochs.
  static func times(_ count: Int) -> [Int64] {
    (0..<count).map { Int64(1_750_000_000 + $0) * 1000 }
  }

  static func documentTimes(_ path: String, format: String) throws -> [Int64] {
    switch format {
    case "gpx": return try Documents.gpxTimes(path)
    case "geojson": return try Documents.geoJSONTimes(path)
    default:
      let text = try String(contentsOfFile: path, encoding: .utf8)
      return try Printed(text).fixes.map(\.time)
    }
  }

  /// All of a burst read, then a signal a random moment later (while the writer may still be
  /// writing the queue out): the document holds exactly the epochs sent.
  @Test(
    "a burst read whole, a signal at a random moment after: every epoch is written",
    arguments: [
      ("gpx", SIGTERM), ("gpx", SIGINT), ("gpx", SIGHUP), ("geojson", SIGTERM),
      ("json", SIGHUP), ("gpx", SIGQUIT),
    ])
  func burst(format: String, signal: Int32) throws {
    var random = SplitMix64(seed: UInt64(signal) &* 31 &+ UInt64(format.utf8.count))
    for round in 0..<(runsUnderSanitizer ? 1 : 3) {
      let epochs = Int.random(in: 2000...4000, using: &random)
      let server = try NMEAServer(plan: .epochs(epochs))
      defer { server.stop() }
      let directory = try Paths.temporaryDirectory()
      defer { Paths.removeTree(directory) }
      let file = directory + "/out." + format
      let watch = try LocateChild(
        ["watch", "--input", server.url, "--format", format, "--no-pause"], stdout: .file(file))
      let read = waitUntil(timeout: 120) { server.finished && server.unread == 0 }
      #expect(read, "round \(round): \(server.sent) sent, \(server.unread ?? -1) unread")
      usleep(UInt32.random(in: 0...150_000, using: &random))
      watch.signal(signal)
      let status = try watch.wait(timeout: 120)
      #expect(status == (signal == SIGQUIT ? 131 : 0), "\(watch.stderr)")
      #expect(watch.stderr == "")
      let times = try Self.documentTimes(file, format: format)
      #expect(times.count == epochs, "\(format) \(signal) round \(round)")
      #expect(times == Self.times(times.count), "not the epochs sent, in order")
      print("SignalCountTests: \(format) signal \(signal): \(epochs) sent, \(times.count) written")
    }
  }

  /// A flood, a signal at a random moment in it: every epoch read before the signal is in the
  /// document, in order, and nothing that was not sent.
  @Test(
    "a flood, a signal at a random moment: at least every epoch read before it is written",
    arguments: [SIGTERM, SIGINT, SIGHUP])
  func flood(signal: Int32) throws {
    var random = SplitMix64(seed: UInt64(signal) &* 7)
    for round in 0..<(runsUnderSanitizer ? 1 : 3) {
      let server = try NMEAServer(plan: .flood)
      defer { server.stop() }
      let directory = try Paths.temporaryDirectory()
      defer { Paths.removeTree(directory) }
      let file = directory + "/out.gpx"
      let watch = try LocateChild(
        ["watch", "--input", server.url, "--format", "gpx", "--no-pause"], stdout: .file(file))
      #expect(waitUntil { server.sent.bytes > 0 })
      usleep(UInt32.random(in: 200_000...1_500_000, using: &random))
      // What locate has read by now, at least: what left the server and waits nowhere.
      let sent = server.sent.bytes
      let unread = try #require(server.unread)
      let readBefore = max(0, sent - unread) / server.epochBytes
      watch.signal(signal)
      #expect(try watch.wait(timeout: 120) == 0, "\(watch.stderr)")
      server.stop()
      let times = try Documents.gpxTimes(file)
      #expect(
        times.count >= readBefore, "round \(round): \(readBefore) read, \(times.count) written")
      #expect(times.count <= server.sent.epochs + 1)
      #expect(times == Self.times(times.count), "not the epochs sent, in order")
      print(
        "SignalCountTests: flood, signal \(signal): \(readBefore) epochs read before it, "
          + "\(times.count) written, \(server.sent.epochs) sent")
    }
  }
}
