import Foundation
import Testing

/// A `--device` that is not a serial device is said to be what it is (issue 21, point 8): a
/// regular file (`/etc/shadow`, which nobody may not even open: no "join the 'shadow'
/// group"), a socket (whose open fails with ENXIO: not "no such device"), a FIFO. Group advice
/// is only ever for a device's group.
@Suite struct DeviceKindEndToEndTests {
  static let remedy = "name the receiver's serial device; 'locate devices' lists them"

  @Test("a file nobody may open is a regular file, not a group to join")
  func unreadableFile() throws {
    try #require(getuid() == 0, "needs root to run as nobody")
    try #require(FileManager.default.fileExists(atPath: "/etc/shadow"))
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let copy = directory + "/locate"
    try PermissionEndToEndTests.copyExecutable(Paths.locate, to: copy)
    #expect(chmod(directory, 0o755) == 0)
    let expected =
      "locate: /etc/shadow: a regular file, not a serial port (to replay a capture, give it "
      + "with --input; \(Self.remedy))\n"
    for command in ["current", "watch"] {
      let result = try PermissionEndToEndTests.runAsNobody(
        [copy, command, "--device", "/etc/shadow", "--timeout", "5"].filter {
          command == "current" || !["--timeout", "5"].contains($0)
        })
      #expect(result.status == 64, "\(result)")
      #expect(result.stderr == expected)
    }
    let devices = try PermissionEndToEndTests.runAsNobody(
      [copy, "devices", "--device", "/etc/shadow"])
    #expect(devices.status == 64, "\(devices)")
    #expect(devices.stderr == expected)
    #expect(!devices.stdout.contains("shadow' group"))
  }

  @Test("a readable regular file")
  func readableFile() throws {
    let result = try CLI.run(["current", "--device", Simulator.capture, "--timeout", "5"])
    #expect(result.status == 64, "\(result)")
    #expect(
      result.stderr
        == "locate: \(Simulator.capture): a regular file, not a serial port (to replay a "
        + "capture, give it with --input; \(Self.remedy))\n")
  }

  @Test("a socket, and a FIFO", arguments: ["socket", "fifo"])
  func socketOrFIFO(kind: String) throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let path = directory + "/" + kind
    var what = "a FIFO (named pipe)"
    var prefix = "to replay a capture, give it with --input; "
    if kind == "socket" {
      what = "a socket"
      prefix = ""
      let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
      try #require(descriptor >= 0)
      defer { close(descriptor) }
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      withUnsafeMutableBytes(of: &address.sun_path) { bytes in
        for (index, byte) in path.utf8.enumerated() where index < bytes.count - 1 {
          bytes[index] = byte
        }
      }
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      try #require(bound == 0 && listen(descriptor, 1) == 0)
    } else {
      try #require(mkfifo(path, 0o600) == 0)
    }
    let expected = "locate: \(path): \(what), not a serial port (\(prefix)\(Self.remedy))\n"
    let current = try CLI.run(["current", "--device", path, "--timeout", "5"], timeout: 30)
    #expect(current.status == 64, "\(current)")
    #expect(current.stderr == expected)
    let devices = try CLI.run(["devices", "--device", path], timeout: 30)
    #expect(devices.status == 64, "\(devices)")
    #expect(devices.stderr == expected)
  }
}
