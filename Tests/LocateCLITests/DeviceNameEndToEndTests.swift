import Foundation
import Glibc
import Synchronization
import Testing

/// Every source kind has one name, the same in EVENT and TPV objects (issue 23, point 2):
/// `locate watch --json` through the built binary, per kind, with the exact string expected —
/// the path as given (a symlink is not resolved, as gpsd prints it), `standard input`,
/// `tcp://HOST:PORT` with an IPv6 host in brackets, `gpsd://HOST:PORT`.
@Suite(.serialized) struct DeviceNameEndToEndTests {
  /// The recorded drive (our own capture): its first fixes.
  static let capture = Paths.simulatedDrive

  /// The `device` of every EVENT and TPV `watch` printed; fails when there is no EVENT or
  /// fewer than `count` TPVs.
  static func deviceNames(_ stdout: String, count: Int = 3) throws -> (
    events: [String], tpvs: [String]
  ) {
    let objects = try DocumentChecks.jsonLines(stdout)
    let events = objects.filter { $0["class"] as? String == "EVENT" }
    let tpvs = objects.filter { $0["class"] as? String == "TPV" }
    guard !events.isEmpty, tpvs.count >= count else {
      throw TestFailure("expected an EVENT and \(count) TPVs, got:\n\(stdout)")
    }
    return (
      events.map { $0["device"] as? String ?? "(none)" },
      tpvs.map { $0["device"] as? String ?? "(none)" }
    )
  }

  /// Runs `watch ARGS --json --count 3` and checks every EVENT and TPV names `expected`.
  static func expectNames(_ arguments: [String], _ expected: String, stdin: Data? = nil) throws {
    let result = try CLI.run(
      ["watch"] + arguments + ["--json", "--count", "3"], stdin: stdin, timeout: 60)
    #expect(result.status == 0, "\(result)")
    let names = try deviceNames(result.stdout)
    #expect(names.events.allSatisfy { $0 == expected }, "EVENT devices \(names.events)")
    #expect(names.tpvs.allSatisfy { $0 == expected }, "TPV devices \(names.tpvs)")
  }

  @Test func devicePath() throws {
    let simulator = try Simulator()
    defer { simulator.stop() }
    let pty = try #require(FileManager.default.destinationOfSymbolicLinkSafely(simulator.path))
    #expect(pty.hasPrefix("/dev/pts/"))
    try Self.expectNames(["--device", pty], pty)
  }

  @Test func symlinkIsNamedAsGiven() throws {
    let simulator = try Simulator()
    defer { simulator.stop() }
    try Self.expectNames(["--device", simulator.path], simulator.path)
  }

  @Test func file() throws {
    try Self.expectNames(["--input", Self.capture], Self.capture)
  }

  @Test func standardInput() throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.capture))
    try Self.expectNames(["--input", "-"], "standard input", stdin: bytes)
  }

  @Test(arguments: [(AF_INET, "127.0.0.1"), (AF_INET6, "[::1]")])
  func tcp(family: Int32, host: String) throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.capture))
    let server = try CaptureListener(family: family, bytes: bytes)
    defer { server.stop() }
    try Self.expectNames(
      ["--input", "tcp://\(host):\(server.port)"], "tcp://\(host):\(server.port)")
  }

  @Test func gpsd() throws {
    let simulator = try Simulator()
    defer { simulator.stop() }
    let served = try Served(["--device", simulator.path])
    defer { _ = try? served.stop() }
    try Self.expectNames(["--input", "gpsd://\(served.address)"], "gpsd://\(served.address)")
  }
}

extension FileManager {
  /// Where the symlink at `path` leads, made absolute; nil when it is not one.
  fileprivate func destinationOfSymbolicLinkSafely(_ path: String) -> String? {
    guard let target = try? destinationOfSymbolicLink(atPath: path) else { return nil }
    return target.hasPrefix("/")
      ? target : (path as NSString).deletingLastPathComponent + "/" + target
  }
}

/// A loopback TCP listener (IPv4 or IPv6, a free port) that writes `bytes` to each connection
/// and closes it: an NMEA-over-TCP bridge for `tcp://` sources.
private final class CaptureListener: Sendable {
  let port: UInt16
  private let listener: Int32
  private let stopped = Atomic<Bool>(false)

  init(family: Int32, bytes: Data) throws {
    let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw TestFailure("socket: errno \(errno)") }
    var storage = sockaddr_storage()
    var length: socklen_t
    if family == AF_INET6 {
      length = socklen_t(MemoryLayout<sockaddr_in6>.size)
      withUnsafeMutableBytes(of: &storage) { raw in
        let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
        address.pointee.sin6_family = sa_family_t(AF_INET6)
        address.pointee.sin6_addr = in6addr_loopback
      }
    } else {
      length = socklen_t(MemoryLayout<sockaddr_in>.size)
      withUnsafeMutableBytes(of: &storage) { raw in
        let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
        address.pointee.sin_family = sa_family_t(AF_INET)
        address.pointee.sin_addr.s_addr = inet_addr("127.0.0.1")
      }
    }
    let bound = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
    }
    guard bound == 0, listen(fd, 4) == 0 else {
      close(fd)
      throw TestFailure("bind/listen: errno \(errno)")
    }
    _ = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    port = withUnsafeBytes(of: &storage) { raw in
      family == AF_INET6
        ? UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port)
        : UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port)
    }
    listener = fd
    Thread.detachNewThread { [self] in
      while !stopped.load(ordering: .relaxed) {
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 100) > 0 else { continue }
        let client = accept(fd, nil, nil)
        guard client >= 0 else { continue }
        bytes.withUnsafeBytes { raw in
          var offset = 0
          while offset < raw.count {
            let written = send(client, raw.baseAddress! + offset, raw.count - offset, 0)
            if written <= 0 { break }
            offset += written
          }
        }
        close(client)
      }
    }
  }

  /// Stops accepting; the listener closes.
  func stop() {
    stopped.store(true, ordering: .relaxed)
    usleep(150_000)
    close(listener)
  }
}
