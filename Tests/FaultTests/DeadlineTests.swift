import Foundation
import Glibc
import Testing

/// `--timeout` is a hard deadline for every phase: hunting a silent receiver's rate, waiting
/// on a FIFO nobody writes (as `--input` and as `--points`), connecting to a server that never
/// accepts, reading a server or a receiver that says nothing. Each ends within 0.5 s of the
/// timeout (beyond the time the binary takes to start and exit here, measured first) with the
/// documented status. A silent receiver is 3 ("no fix before the timeout"), not 69.
@Suite struct DeadlineTests {
  static let timeout = 2.0

  /// The longest of three runs of a command that ends at once (a usage error, after the
  /// concurrency runtime and the signal trap started, as every command's do): what starting
  /// and ending costs. Not `--version`, which answers before either starts (10 times faster
  /// under ThreadSanitizer, where three of these tests then overran by 0.5 s).
  static let startup: Double = {
    (0..<3).map { _ in
      let start = Date()
      if let child = try? LocateChild(["current", "--no-such-option"]) { _ = try? child.wait() }
      return Date().timeIntervalSince(start)
    }.max() ?? 1
  }()

  /// A listening socket whose backlog is full: a connection to it never completes.
  final class Blackhole {
    let port: UInt16
    private var sockets: [Int32] = []

    init() throws {
      let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let ok = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(listener, $0, length) == 0 && listen(listener, 0) == 0
            && getsockname(listener, $0, &length) == 0
        }
      }
      guard ok else { throw TestFailure("blackhole: \(errno)") }
      port = UInt16(bigEndian: address.sin_port)
      sockets.append(listener)
      for _ in 0..<3 {
        let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        _ = withUnsafePointer(to: &address) { pointer in
          pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
          }
        }
        sockets.append(filler)
      }
      pause(0.2)
    }

    deinit { for fd in sockets { close(fd) } }
  }

  func expectDeadline(
    _ arguments: [String], status: Int32, says: String, stdin: LocateChild.Input = .null
  ) throws {
    let start = Date()
    let child = try LocateChild(arguments, stdin: stdin)
    let ended = try child.wait(timeout: 60)
    let elapsed = Date().timeIntervalSince(start)
    #expect(ended == status, "\(arguments): \(child.stderr)")
    #expect(child.stderr.contains(says), "\(arguments): \(child.stderr)")
    #expect(child.stderr.split(separator: "\n").count == 1, "\(child.stderr)")
    #expect(
      elapsed < Self.timeout + 0.5 + Self.startup,
      "\(arguments): \(elapsed) s for --timeout \(Self.timeout) (start-up \(Self.startup) s)")
    #expect(elapsed >= Self.timeout - 0.05 || status != 3, "\(arguments): ended early")
    print(
      "DeadlineTests: \(arguments.prefix(3).joined(separator: " ")): \(ended) after "
        + String(format: "%.2f", elapsed) + " s (start-up " + String(format: "%.2f", Self.startup)
        + " s)")
  }

  @Test("hunting a silent receiver's rate: 3 at the timeout (was 23 s and 69)")
  func hunting() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let feeder = try DriveFeeder(directory: directory)
    try expectDeadline(
      ["current", "--device", feeder.link, "--timeout", "2"], status: 3,
      says: "no fix within 2 s")
  }

  @Test("a receiver at a fixed rate that says nothing: 3, connected but silent")
  func silentAtFixedRate() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let feeder = try DriveFeeder(directory: directory)
    try expectDeadline(
      ["current", "--device", feeder.link, "--baud", "9600", "--timeout", "2"], status: 3,
      says: "no fix within 2 s")
  }

  @Test("--input FIFO with no writer: 3 at the timeout (was a hang in open)")
  func fifoInput() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let fifo = directory + "/fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    try expectDeadline(
      ["current", "--input", fifo, "--timeout", "2"], status: 3, says: "no fix within 2 s")
  }

  @Test("--points FIFO with no writer: 66 at the timeout (was a hang in open)")
  func fifoPoints() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let fifo = directory + "/fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    try expectDeadline(
      ["distance", "--from", "1,1", "--points", fifo, "--timeout", "2"], status: 66,
      says: "nothing came within 2 s")
  }

  @Test("a server that never accepts: 69 at the timeout, cannot connect")
  func connecting() throws {
    let hole = try Blackhole()
    try expectDeadline(
      ["current", "--input", "tcp://127.0.0.1:\(hole.port)", "--timeout", "2"], status: 69,
      says: "cannot connect")
  }

  @Test(
    "a TCP or gpsd server that accepts and says nothing: 3 at the timeout",
    arguments: [false, true])
  func quietServer(gpsd: Bool) throws {
    let server = try NMEAServer(plan: .epochs(0), gpsd: gpsd)
    defer { server.stop() }
    try expectDeadline(
      ["current", "--input", server.url, "--timeout", "2"], status: 3, says: "no fix within 2 s")
  }

  @Test("standard input that stays open and quiet: 3 at the timeout")
  func quietStandardInput() throws {
    let start = Date()
    let child = try LocateChild(["current", "--input", "-", "--timeout", "2"], stdin: .pipe)
    #expect(try child.wait(timeout: 60) == 3, "\(child.stderr)")
    #expect(Date().timeIntervalSince(start) < Self.timeout + 0.5 + Self.startup)
  }
}
