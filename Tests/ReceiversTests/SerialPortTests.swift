import Dispatch
import Glibc
import Platform
import Testing

@testable import Receivers
@testable import VirtualReceiver

@Suite("Serial ports over real pseudo-terminals")
struct SerialPortTests {
  @Test("reads at a fixed rate and reports it", arguments: [4800, 9600, 38400, 115200, 921600])
  func readsAtRate(rate: Int) throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let recorder = EventRecorder()
    let receiver = Receiver(
      source: .device(path: pty.slavePath, baud: .fixed(rate)), options: testOptions())
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    #expect(pty.readerRate == rate)
    let sentence = nmea("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
    pty.send(sentence)
    #expect(recorder.wait { $0.text == sentence })
    #expect(recorder.snapshot.states == [.connected(path: pty.slavePath, baud: rate)])
  }

  /// What the engine's quiet-line check asks before it closes an epoch: a reader that holds
  /// bytes it has not handed out, or that the kernel holds for it, is behind, not the line
  /// quiet.
  @Test("hasUnreadInput: true while the reader is busy with bytes, false once all are handed out")
  func unreadInput() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let receiver = Receiver(
      source: .device(path: pty.slavePath, baud: .fixed(9600)), options: testOptions())
    #expect(!receiver.hasUnreadInput)
    // The first chunk holds the reader in its handler until the test lets it go.
    let held = HeldReader()
    let recorder = held.recorder
    try receiver.start(held.handler)
    defer { receiver.stop() }
    #expect(eventually { recorder.snapshot.states.count == 1 })
    #expect(!receiver.hasUnreadInput)
    pty.send(nmea("GPTXT,01,01,02,first"))
    #expect(held.waitUntilHeld())
    #expect(receiver.hasUnreadInput)
    let rest = nmea("GPTXT,01,01,02,second")
    pty.send(rest)
    held.release()
    #expect(recorder.wait { $0.text.hasSuffix(rest) })
    #expect(eventually { !receiver.hasUnreadInput })
  }

  /// A reader held up longer than the silence timeout (here by its handler; a stopped process
  /// or a suspended machine is the same) finds bytes waiting: the receiver never went silent.
  @Test("a reader held up past the silence timeout with bytes waiting does not report silent")
  func heldUpIsNotSilent() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let receiver = Receiver(
      source: .device(path: pty.slavePath, baud: .fixed(9600)), options: testOptions(silence: 0.3))
    let held = HeldReader()
    let recorder = held.recorder
    try receiver.start(held.handler)
    defer { receiver.stop() }
    pty.send(nmea("GPTXT,01,01,02,first"))
    #expect(held.waitUntilHeld())
    let rest = nmea("GPTXT,01,01,02,second")
    pty.send(rest)
    usleep(600_000)  // twice the silence timeout, in the handler
    held.release()
    #expect(recorder.wait { $0.text.hasSuffix(rest) })
    #expect(recorder.snapshot.states == [.connected(path: pty.slavePath, baud: 9600)])
    // And a line that does go quiet is still reported silent.
    #expect(eventually { recorder.snapshot.states.count == 2 })
    #expect(recorder.snapshot.states.last == .silent(path: pty.slavePath, seconds: 0.3))
  }

  @Test("bytesWaiting: what the kernel holds for a terminal's reader (FIONREAD)")
  func bytesWaiting() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let slave = try FileDescriptor.open(
      pty.slavePath, .readWrite, options: [.noControllingTerminal, .nonBlocking])
    defer { slave.close() }
    var raw = try slave.terminalAttributes()
    cfmakeraw(&raw.raw)
    try slave.setTerminalAttributes(raw)
    #expect(try slave.bytesWaiting() == 0)
    let sentence = nmea("GPTXT,01,01,02,waiting")
    pty.send(sentence)
    #expect(eventually { (try? slave.bytesWaiting()) == sentence.utf8.count })
  }

  @Test("flushes input that arrived before the port was opened")
  func flushesStaleInput() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    pty.send(nmea("GPTXT,01,01,02,stale"))
    let recorder = EventRecorder()
    let receiver = Receiver(
      source: .device(path: pty.slavePath, baud: .fixed(9600)), options: testOptions())
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    let fresh = nmea("GPTXT,01,01,02,fresh")
    pty.send(fresh)
    #expect(recorder.wait { $0.text.contains("fresh") })
    #expect(recorder.snapshot.text == fresh)
  }

  @Test("restores the original settings on stop, read back through a second descriptor")
  func restoresSettings() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let observer = try FileDescriptor.open(
      pty.slavePath, .readWrite, options: [.noControllingTerminal, .nonBlocking])
    defer { observer.close() }
    var original = try observer.terminalAttributes()
    original.raw.c_lflag |= tcflag_t(ICANON | ECHO | ISIG)
    original.raw.c_iflag |= tcflag_t(ICRNL | IXON)
    cfsetispeed(&original.raw, speed_t(B4800))
    cfsetospeed(&original.raw, speed_t(B4800))
    try observer.setTerminalAttributes(original)
    let saved = try observer.terminalAttributes()

    let receiver = Receiver(
      source: .device(path: pty.slavePath, baud: .fixed(115200)), options: testOptions())
    try receiver.start(EventRecorder().handler)
    var during = try observer.terminalAttributes().raw
    #expect(cfgetospeed(&during) == speed_t(B115200))
    #expect(during.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
    #expect(during.c_cflag & tcflag_t(CSIZE) == tcflag_t(CS8))
    #expect(during.c_cflag & tcflag_t(CLOCAL | CREAD) == tcflag_t(CLOCAL | CREAD))
    let noParity = tcflag_t(PARENB | CSTOPB)
    let noFlowControl = tcflag_t(CRTSCTS)
    #expect(during.c_cflag & noParity == 0)
    #expect(during.c_cflag & noFlowControl == 0)
    #expect(during.c_iflag & tcflag_t(IXON | IXOFF | ICRNL) == 0)
    #expect(SerialPortRegistry.count >= 1)
    receiver.stop()
    let after = try observer.terminalAttributes()
    #expect(after.sameSettings(as: saved))
  }

  /// (Through `releaseAll(where:)` limited to this test's port: `releaseAll()` itself restored
  /// the ports of the tests running meanwhile, and a receiver at 4800 baud in `readsAtRate`
  /// read back 38400 in one CI run.)
  @Test("the registry restores every open port, as a signal handler would")
  func registryRestoresAll() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let observer = try FileDescriptor.open(
      pty.slavePath, .readWrite, options: [.noControllingTerminal, .nonBlocking])
    defer { observer.close() }
    var original = try observer.terminalAttributes()
    original.raw.c_lflag |= tcflag_t(ICANON | ECHO)
    try observer.setTerminalAttributes(original)
    let saved = try observer.terminalAttributes()
    let port = try SerialPort.open(pty.slavePath, rate: 57600)
    defer { port.close() }
    #expect(try !observer.terminalAttributes().sameSettings(as: saved))
    SerialPortRegistry.releaseAll { $0 == port.descriptor }
    #expect(try observer.terminalAttributes().sameSettings(as: saved))
  }

  @Test("rejects a rate that is not standard")
  func rejectsOddRate() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let receiver = Receiver(
      source: .device(path: pty.slavePath, baud: .fixed(12345)), options: testOptions())
    #expect(throws: started(BaudRate.unsupported(12345, path: pty.slavePath), .device)) {
      try receiver.start(EventRecorder().handler)
    }
  }

  @Test("a path that does not exist is not found")
  func missingDevice() {
    let receiver = Receiver(
      source: .device(path: "/dev/ttyUSB-none", baud: .fixed(9600)), options: testOptions())
    #expect(
      throws: ReceiverError(
        code: .notFound, path: "/dev/ttyUSB-none", errno: ENOENT, source: .device)
    ) {
      try receiver.start(EventRecorder().handler)
    }
  }

  @Test("a file that is not a terminal is refused, said to be a regular file")
  func notATerminal() throws {
    let directory = temporaryDirectory()
    defer { removeTree(directory) }
    let path = "\(directory)/plain"
    let fd = try FileDescriptor.open(path, .writeOnly, options: .create, permissions: 0o600)
    fd.close()
    let receiver = Receiver(
      source: .device(path: path, baud: .fixed(9600)), options: testOptions())
    #expect(
      throws: ReceiverError(
        code: .invalidSource("a regular file, not a serial port"), path: path, errno: ENOTTY,
        source: .device)
    ) {
      try receiver.start(EventRecorder().handler)
    }
  }
}
