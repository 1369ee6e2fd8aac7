import Foundation
import Testing

/// Sentences without a checksum (old receivers omit it). Checksums are strict by default: such a
/// sentence is dropped, since nothing tells it from one damaged on the line. What must agree
/// with that: the baud hunt and the garbled-line watch count them as NMEA (they prove the rate,
/// whatever the policy does with them), so `--lenient` works with `--baud auto` and a fixed
/// rate is not called wrong; and every way a run ends without a fix says they were dropped and
/// what accepts them, as `--verbose` does for each kind.
@Suite("NMEA without checksums")
struct UncheckedSentencesTests {
  /// A GGA of second `second` after 10:00, without its `*hh`.
  static func gga(_ second: Int) -> String {
    "$GPGGA,\(NMEAText.time(36_000 + Double(second))),1929.045,S,02410.506,E,1,04,2.6,100.00,M,"
      + "-33.9,M,,0000\r\n"
  }

  static let dropped =
    "(sentences without a checksum were dropped; checksums are strict by default: --lenient "
    + "accepts them)"

  @Test("a capture: current says why it has no fix; --lenient reads it; watch says it once")
  func capture() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let path = directory + "/unchecked.log"
    let text = (0..<3).map(Self.gga).joined()
    try #require(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    let strict = try CLI.run(["current", "--input", path])
    #expect(strict.status == 5, "\(strict)")
    #expect(
      strict.stderr.hasSuffix("the input ended before a fix \(Self.dropped)\n"), "\(strict)")
    #expect(strict.stderr.contains("ignored GPGGA sentences without a checksum"), "\(strict)")
    let lenient = try CLI.run(["current", "--input", path, "--lenient"])
    #expect(lenient.status == 0, "\(lenient)")
    #expect(lenient.stdout.hasPrefix("Position  -19.484083, 24.175100\n"), "\(lenient)")
    let watch = try CLI.run(["watch", "--input", path])
    #expect(watch.status == 0, "\(watch)")
    #expect(
      watch.stderr
        == "locate: ignored GPGGA sentences without a checksum (checksums are strict by "
        + "default: --lenient accepts them; more like them are counted, not shown)\n",
      "\(watch)")
  }

  /// Runs `current` on a pty made by socat that carries a GGA without checksum every 100 ms.
  static func current(_ options: [String]) throws -> (status: Int32, stdout: String, stderr: String)
  {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let link = directory + "/gps"
    let socat = try Spawned(["pty,link=\(link),raw,echo=0", "STDIO"], program: "/usr/bin/socat")
    defer { socat.stop() }
    guard waitUntil(timeout: 20, { FileManager.default.fileExists(atPath: link) }) else {
      throw TestFailure("socat made no pty")
    }
    let current = try Spawned(["current", "--device", link] + options)
    defer { current.stop() }
    for second in 0..<600 where current.exitStatus == nil {
      socat.send(String(Self.gga(second).dropLast()))
      usleep(100_000)
    }
    let status = try current.wait(timeout: 30)
    return (status, current.stdout, current.stderr)
  }

  @Test("a receiver: --baud auto finds the rate, and --lenient gets the fix")
  func lenientHunts() throws {
    let run = try Self.current(["--lenient", "--timeout", "30"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("Position  -19.484083, 24.175100\n"), "\(run.stdout)")
  }

  @Test(
    "a receiver, strict: the rate is found or right, and the timeout names the dropped sentences",
    arguments: [["--baud", "auto"], ["--baud", "9600"]])
  func strictSays(baud: [String]) throws {
    let run = try Self.current(baud + ["--timeout", "4"])
    #expect(run.status == 3, "\(run.stderr)")
    #expect(run.stderr.hasSuffix(" \(Self.dropped)\n"), "\(run.stderr)")
    #expect(!run.stderr.contains("try --baud auto"), "\(run.stderr)")
  }
}
