import Foundation
import Testing

/// "Denied for a non-root user": a root-owned 0660 dialout pty, the binary run as nobody.
@Suite
struct PermissionEndToEndTests {
  /// Runs a command as nobody. A process forked by another test while the binary was being
  /// copied holds the copy open for writing until it closes its inherited descriptors, and
  /// exec then fails with ETXTBSY ("Text file busy"): that is retried.
  static func runAsNobody(_ command: [String]) throws -> RunResult {
    var attempts = 0
    while true {
      let result = try CLI.runProgram(
        "/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups"] + command,
        stdin: nil, environment: [:], timeout: 120)
      attempts += 1
      guard result.status == 126, result.stderr.contains("Text file busy"), attempts < 50 else {
        return result
      }
      usleep(100_000)
    }
  }

  @Test func deniedNamesTheGroup() throws {
    try #require(getuid() == 0, "needs root to make a device nobody cannot open")
    let simulator = try Simulator()
    defer { simulator.stop() }
    let device = try FileManager.default.destinationOfSymbolicLink(atPath: simulator.path)
    #expect(chown(device, 0, getgrnam("dialout")?.pointee.gr_gid ?? 20) == 0)
    #expect(chmod(device, 0o660) == 0)
    // nobody may not be able to reach the build directory: run a copy from a public place.
    let copy = simulator.directory + "/locate"
    try FileManager.default.copyItem(atPath: Paths.locate, toPath: copy)
    #expect(chmod(simulator.directory, 0o755) == 0)
    let result = try Self.runAsNobody(
      [copy, "current", "--device", device, "--timeout", "30"])
    #expect(
      result.stderr
        == "locate: \(device): permission denied (add yourself to the 'dialout' group: "
        + "sudo usermod -aG dialout $USER, then log in again)\n")
    #expect(result.stdout == "")
    #expect(result.status == 77)
    let devices = try Self.runAsNobody([copy, "devices", "--device", device])
    #expect(
      devices.stdout.hasPrefix(device + "  denied\n  to use it: add yourself to the 'dialout'"))
  }
}
