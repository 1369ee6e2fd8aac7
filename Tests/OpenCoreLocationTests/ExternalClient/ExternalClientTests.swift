import Foundation
import TestSupport
import Testing

/// An app outside the repository that depends on the `OpenCoreLocation` product by path and
/// uses every public initialiser with `import OpenCoreLocation` alone (issue 23, point 6):
/// the package is written to a temporary folder and built with `swift build`. Its build
/// folder is kept under the repository's `.build/external-client`, so only the first run
/// builds OpenCoreLocation and its modules afresh.
@Suite struct ExternalClientTests {
  /// The toolchain's `swift` driver: /opt/swift's, else /usr/bin's; nil when there is none.
  static let swift: String? = {
    let candidates = ["/opt/swift/usr/bin/swift", "/usr/bin/swift"]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  @Test(
    .enabled(if: swift != nil, "no Swift toolchain at /opt/swift/usr/bin/swift or /usr/bin/swift"),
    .timeLimit(.minutes(20)))
  func buildsWithTheFacadeImportAlone() throws {
    let swift = try #require(Self.swift)
    let directory = try Paths.temporaryDirectory(prefix: "locate-external-client")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(!directory.hasPrefix(Paths.root + "/"))
    let sources = directory + "/Sources/ExternalClient"
    try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
    let manifest = ExternalClientSource.manifest
      .replacingOccurrences(of: "REPOSITORY", with: Paths.root)
      .replacingOccurrences(
        of: "IDENTITY", with: URL(fileURLWithPath: Paths.root).lastPathComponent.lowercased())
    try manifest.write(toFile: directory + "/Package.swift", atomically: true, encoding: .utf8)
    try ExternalClientSource.main.write(
      toFile: sources + "/main.swift", atomically: true, encoding: .utf8)
    // The client names nothing but the facade.
    let imports = ExternalClientSource.main.split(separator: "\n").filter {
      $0.hasPrefix("import ")
    }
    #expect(imports == ["import OpenCoreLocation"])

    let build = try Self.run(
      swift,
      [
        "build", "--package-path", directory,
        "--scratch-path", Paths.root + "/.build/external-client",
      ])
    #expect(build.status == 0, "swift build of the external client failed:\n\(build.output)")
  }

  /// Runs `program arguments…` to its end, within 15 minutes (a build from nothing takes
  /// about 3 here; past the deadline it is killed and the test fails): its status and what it
  /// printed (both streams).
  private static func run(_ program: String, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    let directory = try Paths.temporaryDirectory(prefix: "locate-external-log")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let log = directory + "/output"
    let out = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard out >= 0 else { throw TestFailure("cannot create \(log)") }
    let child: ChildProcess
    do {
      child = try ChildProcess(
        program, arguments, environment: ProcessInfo.processInfo.environment, stdin: nil,
        stdout: out, stderr: out)
    } catch {
      close(out)
      throw error
    }
    close(out)
    let status = child.wait(timeout: 900)
    if status == nil { child.terminate() }
    let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    guard let status else {
      throw TestFailure("\(program) \(arguments): no end in 900 s\n\(output)")
    }
    return (status, output)
  }
}
