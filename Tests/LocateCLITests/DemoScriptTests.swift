import Foundation
import Testing

/// `make demo` (Tests/Demo/demo.sh) as a terminal runs it: in a process group of its own, run
/// to its end or stopped by Ctrl-C or a kill. Every way out ends the virtual receiver it
/// started in the background and removes its temporary folder.
@Suite("make demo's script", .serialized)
struct DemoScriptTests {
  /// The script, its process group and its temporary folder.
  final class Demo {
    let child: ChildProcess
    let temporary: String
    let outPath: String

    init() throws {
      temporary = try Paths.temporaryDirectory(prefix: "locate-demo-test")
      outPath = temporary + ".out"
      let out = try Files.create(outPath)
      defer { close(out) }
      var environment = CLI.baseEnvironment
      environment["TMPDIR"] = temporary
      child = try ChildProcess(
        "/bin/sh", [Paths.root + "/Tests/Demo/demo.sh", Paths.locate], environment: environment,
        stdin: nil, stdout: out, stderr: out, newProcessGroup: true)
    }

    deinit {
      child.signalGroup(SIGKILL)
      _ = child.wait(timeout: 10)
      Paths.removeTree(temporary)
      try? FileManager.default.removeItem(atPath: outPath)
    }

    var output: String { Files.text(outPath) }

    /// Whether any process of the script's group is alive (the simulator included).
    var groupAlive: Bool { kill(-child.pid, 0) == 0 }

    /// What is left in the script's temporary folder.
    var leftOver: [String] {
      (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
    }

    /// Waits until the output shows `text`.
    func waitFor(_ text: String, timeout: Double = 60) throws {
      guard waitUntil(timeout: timeout, { output.contains(text) }) else {
        throw TestFailure("the demo did not print \(text): \(output)")
      }
    }

    /// Waits up to `timeout` seconds for the group to be gone.
    func groupEnds(timeout: Double) -> Bool {
      waitUntil(timeout: timeout) { !groupAlive }
    }
  }

  @Test("run to its end: status 0, every step printed, nothing left running or on disk")
  func runsToItsEnd() throws {
    let demo = try Demo()
    let status = demo.child.wait(timeout: 120)
    #expect(status == 0, "\(demo.output)")
    let output = demo.output
    for step in ["$ locate simulate", "$ locate watch", "$ locate current", "$ locate distance"] {
      #expect(output.contains(step), "\(output)")
    }
    #expect(output.components(separatedBy: " sats\n").count - 1 == 5, "\(output)")
    #expect(output.contains("satellites used of "), "\(output)")
    #expect(output.contains("(no GPS attached"), "\(output)")
    #expect(demo.groupEnds(timeout: 10), "a process of the demo is still running")
    #expect(demo.leftOver.isEmpty, "left in TMPDIR: \(demo.leftOver)")
  }

  @Test(
    "Ctrl-C (SIGINT to the group) or a kill (SIGTERM) mid-run: the simulator ends, its folder goes",
    arguments: [SIGINT, SIGTERM])
  func stoppedMidRun(signal: Int32) throws {
    let demo = try Demo()
    try demo.waitFor("$ locate watch")
    demo.child.signalGroup(signal)
    let status = demo.child.wait(timeout: 30)
    #expect(status == (signal == SIGINT ? 130 : 143), "\(demo.output)")
    #expect(demo.groupEnds(timeout: 10), "a process of the demo is still running")
    #expect(demo.leftOver.isEmpty, "left in TMPDIR: \(demo.leftOver)")
  }
}
