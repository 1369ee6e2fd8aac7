import Foundation
import Glibc
import Platform
import Testing

@testable import Receivers
@testable import VirtualReceiver

/// A signal in every phase of using a device — while it is being opened, while its rate is
/// hunted, while `current` waits for a fix, while `devices --probe` listens, and while `watch`
/// reads — leaves the device as it was: its settings restored, its exclusive mode cleared, its
/// lock dropped, so the next run opens it at once (TIOCEXCL left set made every later run say
/// "busy, held by another program" with nobody holding it, on a pty whose master stayed open
/// and on real ttys).
@Suite struct SignalPhaseTests {
  enum Phase: String, CaseIterable, Sendable {
    /// Right after the start: the signal may come before, during or after the open.
    case opening
    /// `--baud auto` on a silent receiver: the hunt is under way.
    case hunting
    /// `current` waiting for a fix that does not come.
    case waiting
    /// `devices --probe` listening.
    case probing
    /// `watch` reading epochs.
    case reading
  }

  static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  static func arguments(_ phase: Phase, link: String) -> [String] {
    switch phase {
    case .opening, .reading: return ["watch", "--device", link, "--baud", "9600", "--json"]
    case .hunting: return ["watch", "--device", link, "--json"]
    case .waiting: return ["current", "--device", link, "--baud", "9600", "--timeout", "120"]
    case .probing: return ["devices", "--device", link, "--probe", "--seconds", "60"]
    }
  }

  /// Whether some descriptor set exclusive mode on the pty's slave (opened here to ask; root
  /// may open it even then).
  static func exclusive(_ feeder: DriveFeeder) throws -> Bool {
    let slave = try FileDescriptor.open(
      feeder.slavePath, .readWrite, options: [.noControllingTerminal, .nonBlocking])
    defer { slave.close() }
    return try slave.isTerminalExclusive()
  }

  @Test(
    "a signal in any phase leaves the device free: settings back, no TIOCEXCL, no lock",
    arguments: Phase.allCases, Self.signals)
  func signalInPhase(phase: Phase, signal: Int32) throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let feeder = try DriveFeeder(directory: directory)
    let before = SignalDocumentTests.cooked(from: try feeder.terminalSettings())
    try feeder.setTerminalSettings(before)
    let child = try LocateChild(Self.arguments(phase, link: feeder.link))
    var random = SplitMix64(seed: UInt64(signal) &* 131 &+ UInt64(phase.rawValue.utf8.count))
    if phase == .opening {
      usleep(UInt32.random(in: 0...80_000, using: &random))
    } else {
      let open = waitUntil { child.descriptorTargets.contains(feeder.slavePath) }
      #expect(open, "\(phase): never opened \(feeder.slavePath): \(child.stderr)")
      if phase == .reading {
        // Connected, not just open: the open flushes what came before it.
        try child.waitFor(UnplugStormTests.connected)
        try UnplugStormTests.prime(feeder, child, "reading")
        try feeder.send(5, interval: 0.02)
        try child.waitFor(#""class":"TPV""#, count: 2)
      } else {
        usleep(UInt32.random(in: 100_000...600_000, using: &random))
      }
    }
    child.signal(signal)
    let status = try child.wait()
    let handled: Int32
    switch (phase, signal) {
    case (_, SIGQUIT): handled = 131
    case (.opening, _), (.hunting, _), (.reading, _): handled = 0
    default: handled = 130
    }
    // While opening, the signal may come before locate catches signals (the default action
    // then ends it, before it opened anything).
    let allowed = phase == .opening ? [handled, 128 + signal] : [handled]
    #expect(allowed.contains(status), "\(phase) \(signal): status \(status), \(child.stderr)")
    #expect(!child.stderr.contains("crashed") && !child.stderr.contains("Backtrace"))

    // The device as it was, and free: the next run opens it at once.
    #expect(
      try TerminalAttributes(feeder.terminalSettings()).sameSettings(
        as: TerminalAttributes(before)), "\(phase) \(signal)")
    #expect(try Self.exclusive(feeder) == false, "\(phase) \(signal): TIOCEXCL left set")
    let next = try LocateChild(["devices", "--device", feeder.link, "--json"])
    #expect(try next.wait() == 0)
    #expect(next.stdout.contains(#""state":"available""#), "\(phase) \(signal): \(next.stdout)")
  }

  /// `nohup locate watch …`: SIGHUP was ignored when it started, and stays ignored (a signal
  /// ignored at start is left so); SIGTERM still ends it normally.
  @Test("under nohup, SIGHUP is left ignored")
  func nohup() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let feeder = try DriveFeeder(directory: directory)
    let child = try LocateChild(
      [Paths.locate, "watch", "--device", feeder.link, "--baud", "9600", "--json"],
      program: "/usr/bin/nohup")
    #expect(waitUntil { child.descriptorTargets.contains(feeder.slavePath) })
    child.signal(SIGHUP)
    pause(1)
    #expect(child.isRunning, "SIGHUP under nohup ended it: \(child.stderr)")
    child.signal(SIGTERM)
    #expect(try child.wait() == 0)
    #expect(try Self.exclusive(feeder) == false)
  }

  /// A signal in the first milliseconds, while `locate` starts: it ends at once, by its default
  /// action or cleanly, never runs on (a signal ignored while Dispatch registered its handler
  /// was lost, and `watch` ran on).
  @Test("a signal while starting up is never lost")
  func startUp() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let feeder = try DriveFeeder(directory: directory)
    var random = SplitMix64(seed: 99)
    for round in 0..<(runsUnderSanitizer ? 10 : 40) {
      let signal = [SIGINT, SIGTERM, SIGHUP, SIGQUIT][round % 4]
      // The Swift runtime's crash backtracer owns SIGQUIT from the moment libswiftCore loads
      // until locate's first constructor (CLocateStartup) runs, while the other libraries
      // load; a SIGQUIT in that window is a "crash" with a backtrace that can take longer
      // than the timeout under load. That window is not locate's: it is switched off here.
      let child = try LocateChild(
        ["watch", "--device", feeder.link, "--baud", "9600", "--json"],
        environment: ["SWIFT_BACKTRACE": "enable=no"])
      usleep(UInt32.random(in: 0...30_000, using: &random))
      child.signal(signal)
      let status = try child.wait(timeout: 30)
      // Before watch began: its default action (128 + N), or an interruption (130, 131) with
      // nothing begun; after: the clean end.
      let clean: Int32 = signal == SIGQUIT ? 131 : 0
      let interrupted: Int32 = signal == SIGQUIT ? 131 : 130
      #expect([clean, interrupted, 128 + signal].contains(status), "round \(round): \(status)")
      #expect(try Self.exclusive(feeder) == false, "round \(round)")
    }
  }
}
