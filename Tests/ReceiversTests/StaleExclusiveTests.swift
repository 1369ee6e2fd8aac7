import Glibc
import Platform
import Testing

@testable import Receivers
@testable import VirtualReceiver

/// A reader killed while it holds a pty leaves the slave exclusive (`TIOCEXCL`) as long as the
/// master is open; the pty's maker clears such a stale flag, never a live reader's.
@Suite("Stale exclusive flags on a pty")
struct StaleExclusiveTests {
  /// Opens the slave as a reader does.
  static func openSlave(_ pty: PseudoTerminal) throws -> FileDescriptor {
    try FileDescriptor.open(
      pty.slavePath, .readWrite, options: [.noControllingTerminal, .nonBlocking])
  }

  /// A new pty whose slave nobody holds or locks. The kernel reuses a closed pty's number, and
  /// another test of this process may still hold the lock of an earlier pty of that number (a
  /// receiver waiting for its unplugged device to come back): such a pty is kept open, so that
  /// the next one gets another number, and closed once a free one is found.
  static func freePseudoTerminal() throws -> PseudoTerminal {
    var taken: [PseudoTerminal] = []
    defer { for pty in taken { pty.close() } }
    while true {
      let pty = try PseudoTerminal()
      let free = DeviceDiscovery.accessState(pty.slavePath, .system)
      if free == .available(path: pty.slavePath) || taken.count >= 16 { return pty }
      taken.append(pty)
    }
  }

  /// Whether the slave is exclusive, asked through a descriptor of its own.
  static func isExclusive(_ pty: PseudoTerminal) throws -> Bool {
    let probe = try FileDescriptor.open(
      pty.slavePath, .readOnly, options: [.noControllingTerminal, .nonBlocking])
    defer { probe.close() }
    return try probe.isTerminalExclusive()
  }

  @Test("a flag set under the lock is a live reader's and stays; one nobody locks is cleared")
  func liveAndStale() throws {
    let pty = try Self.freePseudoTerminal()
    defer { pty.close() }
    let reader = try Self.openSlave(pty)
    try reader.lockExclusively()
    try reader.setTerminalExclusive()
    #expect(pty.releaseStaleExclusive() == false)
    #expect(try Self.isExclusive(pty))
    // The reader goes away without clearing the flag (as the kernel closes a killed one's).
    reader.close()
    #expect(try Self.isExclusive(pty))
    #expect(DeviceHolders.find(pty.slavePath).isEmpty)
    #expect(pty.releaseStaleExclusive() == true)
    #expect(try !Self.isExclusive(pty))
    #expect(pty.releaseStaleExclusive() == false)
  }

  @Test("a stale flag refuses the port as busy with no holder; the simulator clears it")
  func simulatorClears() throws {
    let simulator = VirtualReceiver(script: .capture(path: Fixtures.drive, speed: 10, loop: true))
    try simulator.start()
    defer { simulator.stop() }
    let path = simulator.devicePath
    let reader = try FileDescriptor.open(
      path, .readWrite, options: [.noControllingTerminal, .nonBlocking])
    try reader.setTerminalExclusive()
    reader.close()
    // Cleared after the close (seen by inotify) or within a second.
    #expect(eventually { DeviceDiscovery.accessState(path, .system) == .available(path: path) })
    let recorder = EventRecorder()
    let receiver = Receiver(source: .device(path: path, baud: .fixed(9600)), options: testOptions())
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    #expect(recorder.wait { validSentences($0.bytes) >= 3 })
  }

  @Test("a stale flag nobody clears: busy, with no holder and the remedy, after a grace")
  func staleRefusal() throws {
    // Another test of this process may open this pty's path meanwhile (a scan of /dev/pts) or
    // still hold a closed pty of the same number: the holder is then this very process, and the
    // scenario is tried again on a new pty. Any other outcome is asserted.
    for attempt in 1...5 {
      let pty = try Self.freePseudoTerminal()
      defer { pty.close() }
      let reader = try Self.openSlave(pty)
      try reader.setTerminalExclusive()
      reader.close()
      let started = SystemTime.now()
      let refusal: ReceiverError
      do throws(ReceiverError) {
        try SerialPort.open(pty.slavePath, rate: 9600).close()
        Issue.record("\(pty.slavePath) opened although it is exclusive")
        return
      } catch {
        refusal = error
      }
      if case .busy(let holder?) = refusal.code, holder.pid == getpid(), attempt < 5 { continue }
      #expect(refusal == ReceiverError(code: .busy(holder: nil), path: pty.slavePath, errno: EBUSY))
      #expect(SystemTime.seconds(since: started) >= SerialPort.staleFlagGrace)
      #expect(
        DeviceState.busy(path: pty.slavePath, holder: nil).description.hasPrefix(
          "\(pty.slavePath): busy, but no process has it open (a program killed while it read"
            + " this pseudo-terminal left it exclusive (TIOCEXCL)"))
      return
    }
  }
}
