import Foundation
import Testing

/// "Denied for a non-root user": a root-owned 0660 dialout pty, the binary run as nobody.
@Suite
struct PermissionEndToEndTests {
  /// Copies the binary through a close-on-exec descriptor (see `writeExecutable`).
  static func copyExecutable(_ source: String, to destination: String) throws {
    guard let data = FileManager.default.contents(atPath: source) else {
      throw TestFailure("cannot read \(source)")
    }
    try writeExecutable(data, to: destination)
  }

  /// Writes a new executable file through a close-on-exec descriptor: Foundation's writes and
  /// copies go through one without, which every process another test spawns meanwhile
  /// inherits (gpsd, started by the receiver tests, keeps it for its lifetime), and exec then
  /// fails with ETXTBSY.
  static func writeExecutable(_ data: Data, to destination: String) throws {
    let fd = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
    guard fd >= 0 else { throw TestFailure("cannot create \(destination): \(errno)") }
    defer { close(fd) }
    let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    guard written == data.count else { throw TestFailure("short write to \(destination)") }
  }

  /// The sanitizers' options for a process of nobody's, under `make sanitize-address` and
  /// `sanitize-thread`: their suppressions files sit in the checkout, which only root may
  /// enter when it was cloned into a `mktemp -d` directory (0700). Unread, the suppressions
  /// are missing and the child ends with the sanitizer's status (1 or 66; a clean clone in CI
  /// had 3 tests fail so): copies in /tmp, readable by all, are used instead, named for this
  /// call alone (`copies`: the caller removes them once its child is done).
  static func nobodysSanitizerOptions() throws -> (environment: [String: String], copies: [String])
  {
    var rewritten: [String: String] = [:]
    var copies: [String] = []
    let call = UUID().uuidString
    for (name, options) in CLI.baseEnvironment
    where ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"].contains(name) {
      var parts = options.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
      let key = "suppressions="
      for index in parts.indices where parts[index].hasPrefix(key) {
        let path = String(parts[index].dropFirst(key.count))
        guard let contents = FileManager.default.contents(atPath: path) else {
          throw TestFailure("cannot read the suppressions \(path)")
        }
        let copy = "/tmp/locate-tests-\(getpid())-\(call)-" + (path as NSString).lastPathComponent
        guard
          FileManager.default.createFile(
            atPath: copy, contents: contents, attributes: [.posixPermissions: 0o644])
        else { throw TestFailure("cannot write \(copy)") }
        copies.append(copy)
        parts[index] = key + copy
      }
      rewritten[name] = parts.joined(separator: ":")
    }
    return (rewritten, copies)
  }

  /// Runs a command as nobody. A process forked by another test in the instant before its
  /// exec can still hold the copy open for writing: ETXTBSY ("Text file busy") is retried.
  static func runAsNobody(_ command: [String]) throws -> RunResult {
    let options = try nobodysSanitizerOptions()
    defer { for copy in options.copies { unlink(copy) } }
    var attempts = 0
    while true {
      let result = try CLI.runProgram(
        "/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups"] + command,
        stdin: nil, environment: options.environment, timeout: 120)
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
    try Self.copyExecutable(Paths.locate, to: copy)
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
