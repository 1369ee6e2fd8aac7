import Glibc
import Platform
import Testing

@testable import Receivers
@testable import VirtualReceiver

@Suite("The virtual receiver on a pty")
struct VirtualReceiverTests {
  @Test("speaks a capture at its own pace, readable as a serial device")
  func speaksCapture() throws {
    let simulator = VirtualReceiver(script: .capture(path: Fixtures.drive, speed: 10, loop: true))
    let events = SimulatorEvents()
    simulator.observe(events.handler)
    try simulator.start()
    defer { simulator.stop() }
    let path = simulator.devicePath
    #expect(path.hasPrefix("/dev/pts/"))
    #expect(events.all == [.started(devicePath: path, ptyPath: path)])
    let recorder = EventRecorder()
    let receiver = Receiver(source: .device(path: path, baud: .fixed(9600)), options: testOptions())
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    #expect(recorder.wait { validSentences($0.bytes) >= 40 })
    #expect(recorder.snapshot.states == [.connected(path: path, baud: 9600)])
  }

  @Test("--baud auto finds the only rate it speaks at, and remembers it")
  func baudHuntFindsRate() throws {
    let directory = temporaryDirectory()
    defer { removeTree(directory) }
    let link = "\(directory)/gps"
    let simulator = VirtualReceiver(
      script: .capture(path: Fixtures.drive, speed: 10, loop: true), link: link, onlyBaud: 57600)
    try simulator.start()
    defer { simulator.stop() }
    var options = testOptions()
    options.baudCacheFile = "\(directory)/cache/locate/baud"
    options.baudHuntWindow = 3
    let recorder = EventRecorder()
    let receiver = Receiver(source: .device(path: link, baud: .auto), options: options)
    try receiver.start(recorder.handler)
    #expect(recorder.wait { $0.states == [.connected(path: link, baud: 57600)] })
    #expect(recorder.wait { validSentences($0.bytes) >= 10 })
    receiver.stop()
    #expect(FileSystem.readSmallFile("\(directory)/cache/locate/baud") == "57600\t\(link)\n")
    let hunter = BaudHunter(
      path: link, cacheKey: link, cache: BaudCache(file: "\(directory)/cache/locate/baud"))
    #expect(hunter.candidates == [57600, 9600, 4800, 38400, 115200, 19200, 230400, 460800, 921600])
  }

  /// Found by the fault tests: a receiver switched to another rate while read left
  /// `locate watch` reading noise for ever, saying only that its last fix was getting old.
  @Test("--baud auto hunts again when the receiver changes its rate mid-stream")
  func rateChangedMidStream() throws {
    let simulator = VirtualReceiver(
      script: .capture(path: Fixtures.drive, speed: 10, loop: true), onlyBaud: 9600)
    try simulator.start()
    defer { simulator.stop() }
    let path = simulator.devicePath
    var options = testOptions()
    options.rehuntAfter = 2
    let recorder = EventRecorder()
    let receiver = Receiver(source: .device(path: path, baud: .auto), options: options)
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    #expect(recorder.wait { validSentences($0.bytes) >= 10 })
    simulator.setOnlyBaud(4800)
    // On a loaded machine a pass may miss 4800 once: then `garbled` comes between.
    #expect(
      recorder.wait(timeout: 60) {
        $0.states.first == .connected(path: path, baud: 9600)
          && $0.states.last == .connected(path: path, baud: 4800)
      })
    recorder.clearBytes()
    #expect(recorder.wait { validSentences($0.bytes) >= 10 })
    let states = recorder.snapshot.states
    #expect(
      states.dropFirst().dropLast().allSatisfy { $0 == .garbled(path: path, baud: nil) },
      "\(states)")
  }

  @Test("a fixed rate is kept whatever arrives: only --baud auto hunts again")
  func fixedRateIsKept() throws {
    let simulator = VirtualReceiver(
      script: .capture(path: Fixtures.drive, speed: 10, loop: true), onlyBaud: 9600)
    try simulator.start()
    defer { simulator.stop() }
    var options = testOptions()
    options.rehuntAfter = 1
    let recorder = EventRecorder()
    let receiver = Receiver(
      source: .device(path: simulator.devicePath, baud: .fixed(9600)), options: options)
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    #expect(recorder.wait { validSentences($0.bytes) >= 10 })
    simulator.setOnlyBaud(4800)
    recorder.clearBytes()
    #expect(recorder.wait { $0.bytes.count > 4096 })
    usleep(1_500_000)
    #expect(recorder.snapshot.states == [.connected(path: simulator.devicePath, baud: 9600)])
  }

  /// Before, a rate hunt that found no NMEA made `start` throw after hunting every rate (20 s
  /// that no deadline or signal could cut short); now the hunt runs on the reader thread.
  @Test("--baud auto on noise: start returns at once, garbled is reported after one pass")
  func baudHuntReportsGarbage() throws {
    let simulator = VirtualReceiver(
      script: .capture(path: Fixtures.drive, speed: 10, loop: true), onlyBaud: 500000)
    try simulator.start()
    defer { simulator.stop() }
    var options = testOptions()
    options.baudHuntWindow = 0.5
    let receiver = Receiver(
      source: .device(path: simulator.devicePath, baud: .auto), options: options)
    let recorder = EventRecorder()
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    #expect(recorder.wait { $0.states.contains(.garbled(path: simulator.devicePath, baud: nil)) })
    #expect(!recorder.snapshot.states.contains { if case .connected = $0 { true } else { false } })
    // The rate the receiver speaks NMEA at comes back: the hunt, still going, finds it.
    simulator.setOnlyBaud(nil)
    #expect(
      recorder.wait(timeout: 60) {
        $0.states.last.map { if case .connected(_, _?) = $0 { true } else { false } } ?? false
      })
  }

  @Test("--baud auto on a port that says nothing reports it silent, and stops at once")
  func baudHuntReportsSilence() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    var options = testOptions()
    options.baudHuntWindow = 0.2
    options.silenceTimeout = 0.5
    let receiver = Receiver(source: .device(path: pty.slavePath, baud: .auto), options: options)
    let recorder = EventRecorder()
    try receiver.start(recorder.handler)
    #expect(recorder.wait { $0.states == [.silent(path: pty.slavePath, seconds: 0.5)] })
    let before = SystemTime.now()
    receiver.stop()
    #expect(SystemTime.seconds(since: before) < 1)
  }

  @Test("unplug is seen by the reader, and streaming resumes after replug through the link")
  func unplugReplug() throws {
    let directory = temporaryDirectory()
    defer { removeTree(directory) }
    let link = "\(directory)/gps"
    let simulator = VirtualReceiver(
      script: .capture(path: Fixtures.drive, speed: 10, loop: true), link: link)
    let events = SimulatorEvents()
    simulator.observe(events.handler)
    try simulator.start()
    defer { simulator.stop() }
    let firstPty = simulator.ptyPath
    #expect(FileSystem.resolvedPath(link) == firstPty)
    let recorder = EventRecorder()
    let receiver = Receiver(source: .device(path: link, baud: .fixed(9600)), options: testOptions())
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    #expect(recorder.wait { validSentences($0.bytes) >= 5 })

    simulator.unplug()
    #expect(recorder.wait { $0.states.last == .unplugged(path: link) })
    #expect(access(firstPty, F_OK) != 0)
    #expect(access(link, F_OK) != 0)
    try simulator.replug()
    let secondPty = simulator.ptyPath
    #expect(FileSystem.resolvedPath(link) == secondPty)
    #expect(recorder.wait { $0.states.count == 3 })
    recorder.clearBytes()
    #expect(recorder.wait { validSentences($0.bytes) >= 5 })
    #expect(
      recorder.snapshot.states == [
        .connected(path: link, baud: 9600), .unplugged(path: link),
        .connected(path: link, baud: 9600),
      ])
    #expect(
      events.all == [
        .started(devicePath: link, ptyPath: firstPty), .unplugged,
        .replugged(devicePath: link, ptyPath: secondPty),
      ])
  }

  @Test("silence is reported as silent, then connected again when it talks")
  func silenceThenTalk() throws {
    let simulator = VirtualReceiver(script: .capture(path: Fixtures.drive, speed: 10, loop: true))
    try simulator.start()
    defer { simulator.stop() }
    let path = simulator.devicePath
    let recorder = EventRecorder()
    let receiver = Receiver(
      source: .device(path: path, baud: .fixed(9600)), options: testOptions(silence: 0.5))
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    #expect(recorder.wait { validSentences($0.bytes) >= 5 })
    simulator.silence(seconds: 2)
    #expect(recorder.wait { $0.states.contains(.silent(path: path, seconds: 0.5)) })
    #expect(recorder.wait { $0.states.count == 3 })
    #expect(
      recorder.snapshot.states == [
        .connected(path: path, baud: 9600), .silent(path: path, seconds: 0.5),
        .connected(path: path, baud: 9600),
      ])
  }

  @Test("control lines from a descriptor drive it; bad lines are reported; end of file too")
  func controlChannel() throws {
    let simulator = VirtualReceiver(script: .capture(path: Fixtures.drive, speed: 10, loop: true))
    let events = SimulatorEvents()
    simulator.observe(events.handler)
    try simulator.start()
    defer { simulator.stop() }
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let readEnd = FileDescriptor(rawValue: ends[0])
    let writeEnd = FileDescriptor(rawValue: ends[1])
    defer { readEnd.close() }
    try simulator.readControls(from: readEnd.rawValue)
    let first = simulator.ptyPath
    writeEnd.send("# a comment\n\nbaud 9600\nsilence 0.25\nwobble\nunplug 0.3\n")
    #expect(eventually { events.all.count == 6 })
    let second = simulator.ptyPath
    writeEnd.send("baud any\nafter 0.1 unplug")
    writeEnd.close()
    #expect(eventually { events.all.count == 9 })
    #expect(
      events.all == [
        .started(devicePath: first, ptyPath: first), .onlyBaud(9600), .silenced(seconds: 0.25),
        .controlFailed(
          "control line 'wobble': unknown command 'wobble' (unplug [S], replug, silence S,"
            + " baud RATE|any, after S CMD, stop)"),
        .unplugged, .replugged(devicePath: second, ptyPath: second), .onlyBaud(nil),
        .controlEnded, .unplugged,
      ])
  }

  @Test(
    "control lines parse to commands",
    arguments: [
      ("unplug", VirtualControl.unplug(replugAfter: nil)),
      ("unplug 2.5", .unplug(replugAfter: 2.5)),
      ("replug", .replug), ("silence 3", .silence(seconds: 3)), ("baud 4800", .onlyBaud(4800)),
      ("baud any", .onlyBaud(nil)), ("after 1 silence 2", .after(seconds: 1, .silence(seconds: 2))),
      ("stop", .stop), ("  unplug\t1 ", .unplug(replugAfter: 1)),
      ("after 1 after 0.5 stop", .after(seconds: 1, .after(seconds: 0.5, .stop))),
    ])
  func parsesControls(line: String, command: VirtualControl) throws {
    #expect(try VirtualControl(parsing: line) == command)
    #expect(try VirtualControl(parsing: command.description) == command)
  }

  @Test(
    "bad control lines name the problem",
    arguments: [
      ("silence", "'silence' takes 1 argument(s)"),
      ("silence x", "'silence' needs a number of seconds"),
      ("baud 1234", "'baud' needs a standard rate or 'any'"),
      ("replug now", "'replug' takes no argument(s)"),
      ("after 2", "'after' needs seconds and a command"),
    ])
  func rejectsControls(line: String, reason: String) {
    #expect(throws: ReceiverError(code: .invalidSource(reason), path: "control line '\(line)'")) {
      _ = try VirtualControl(parsing: line)
    }
  }

  @Test("a control line is at most 256 bytes; an error quotes at most 40 characters of it")
  func longControl() throws {
    let line = String(repeating: "after 0 ", count: 32) + "stop"
    #expect(line.utf8.count == 260)
    #expect(
      throws: ReceiverError(
        code: .invalidSource("too long (260 bytes; a control line has at most 256)"),
        path: "control line '\(line.prefix(40))…'")
    ) {
      _ = try VirtualControl(parsing: line)
    }
    let nested = String(repeating: "after 0 ", count: 31) + "stop"
    var expected = VirtualControl.stop
    for _ in 0..<31 { expected = .after(seconds: 0, expected) }
    #expect(try VirtualControl(parsing: nested) == expected)
  }

  @Test("scheduled controls run at their time: unplug, then replug")
  func scheduled() throws {
    let simulator = VirtualReceiver(script: .capture(path: Fixtures.drive, speed: 10, loop: true))
    let events = SimulatorEvents()
    simulator.observe(events.handler)
    try simulator.start()
    defer { simulator.stop() }
    simulator.schedule(.unplug(replugAfter: 0.2), after: 0.2)
    #expect(eventually { events.all.count == 3 })
    #expect(events.all.dropFirst().first == .unplugged)
    #expect(
      events.all.last == .replugged(devicePath: simulator.ptyPath, ptyPath: simulator.ptyPath))
  }

  @Test("a link path that is a regular file is refused")
  func linkTaken() throws {
    let directory = temporaryDirectory()
    defer { removeTree(directory) }
    let link = "\(directory)/file"
    try FileDescriptor.open(link, .writeOnly, options: .create, permissions: 0o644).close()
    let simulator = VirtualReceiver(
      script: .capture(path: Fixtures.drive, speed: 1, loop: false), link: link)
    #expect(
      throws: ReceiverError(
        code: .invalidSource("exists and is not a symlink"), path: link)
    ) {
      try simulator.start()
    }
  }
}
