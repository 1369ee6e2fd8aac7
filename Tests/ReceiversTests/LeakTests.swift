import Glibc
import Platform
import Synchronization
import Testing

@testable import Receivers
@testable import VirtualReceiver

/// Leaks are checked by identity rather than by counting, so that tests running in parallel in
/// the same process cannot disturb them: thread IDs in /proc/self/task, pipe and socket inodes
/// in /proc/self/fd (never reused soon), and the descriptors open on a pty's slave (none but
/// the simulator's own).
@Suite("No leaked descriptors or threads")
struct LeakTests {
  /// The targets of this process's open descriptors (`pipe:[123]`, `/dev/pts/4`, …).
  func openTargets() -> Set<String> {
    Set(
      FileSystem.directoryEntries("/proc/self/fd").compactMap {
        FileSystem.readLink("/proc/self/fd/\($0)")
      })
  }

  /// How many of this process's descriptors are open on `path`.
  func descriptors(on path: String) -> Int {
    FileSystem.directoryEntries("/proc/self/fd").filter {
      FileSystem.readLink("/proc/self/fd/\($0)") == path
    }.count
  }

  func liveThreads() -> Set<Int32> {
    Set(FileSystem.directoryEntries("/proc/self/task").compactMap { Int32($0) })
  }

  func targets(_ descriptors: [FileDescriptor]) -> [String] {
    descriptors.compactMap { FileSystem.readLink("/proc/self/fd/\($0.rawValue)") }
  }

  @Test("a serial receiver through unplug and replug, and the simulator, leave nothing behind")
  func serialAndSimulator() throws {
    let directory = temporaryDirectory()
    defer { removeTree(directory) }
    let link = "\(directory)/gps"
    var threads: [Int32] = []
    var pipes: [String] = []
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    do {
      let simulator = VirtualReceiver(
        script: .capture(path: Fixtures.drive, speed: 10, loop: true), link: link)
      try simulator.start()
      try simulator.readControls(from: ends[0])
      let recorder = EventRecorder()
      let receiver = Receiver(
        source: .device(path: link, baud: .fixed(9600)), options: testOptions(silence: 5))
      try receiver.start(recorder.handler)
      #expect(recorder.wait { validSentences($0.bytes) >= 3 })
      simulator.unplug()
      #expect(recorder.wait { $0.states.last == .unplugged(path: link) })
      try simulator.replug()
      #expect(recorder.wait { $0.states.count == 3 })
      #expect(recorder.wait { validSentences($0.bytes) >= 6 })

      threads = [receiver.readerThreadID ?? -1] + simulator.threadIDs
      pipes = targets(receiver.wakerDescriptors + simulator.wakerDescriptors)
      #expect(threads.count == 3)
      #expect(pipes.count == 6 && pipes.allSatisfy { $0.hasPrefix("pipe:[") })
      #expect(liveThreads().isSuperset(of: threads))
      #expect(openTargets().contains(simulator.ptyPath))

      let pty = simulator.ptyPath
      receiver.stop()
      // No slave descriptor left open but the simulator's own (read-only, kept to release the
      // pty from readers that die holding it).
      #expect(descriptors(on: pty) == 1)
      #expect(DeviceHolders.find(pty).isEmpty)
      simulator.stop()
      #expect(access(link, F_OK) != 0)
    }
    #expect(liveThreads().isDisjoint(with: threads))
    #expect(openTargets().isDisjoint(with: pipes))
  }

  @Test("file, standard input and TCP receivers leave nothing behind")
  func otherSources() throws {
    let directory = temporaryDirectory()
    defer { removeTree(directory) }
    let path = "\(directory)/capture.nmea"
    let file = try FileDescriptor.open(path, .writeOnly, options: .create, permissions: 0o644)
    file.send(nmea("GPTXT,01,01,02,hello"))
    file.close()
    let server = try TCPServer()
    defer { server.stop() }
    let clientClosed = Atomic<Bool>(false)
    try server.start(connections: 1) { _, connection in
      connection.send(nmea("GPTXT,01,01,02,tcp"))
      _ = connection.receive(for: 60)  // returns at end of file: the client closed its socket
      clientClosed.store(true, ordering: .relaxed)
    }
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let input = FileDescriptor(rawValue: ends[0])
    let output = FileDescriptor(rawValue: ends[1])
    defer {
      input.close()
      output.close()
    }
    let pipeTarget = try #require(FileSystem.readLink("/proc/self/fd/\(input.rawValue)"))
    func pipeEnds() -> Int {
      FileSystem.directoryEntries("/proc/self/fd").filter {
        FileSystem.readLink("/proc/self/fd/\($0)") == pipeTarget
      }
      .count
    }
    output.send(nmea("GPTXT,01,01,02,stdin"))

    var threads: [Int32] = []
    var wakers: [String] = []
    for source in [
      ReceiverSource.file(path: path, pacing: .realtime(speed: 1)),
      .tcp(host: "127.0.0.1", port: server.port), .standardInput,
    ] {
      let recorder = EventRecorder()
      let receiver = Receiver(
        source: source, options: testOptions(), roots: .system, standardInput: input)
      try receiver.start(recorder.handler)
      #expect(recorder.wait { validSentences($0.bytes) == 1 })
      threads.append(receiver.readerThreadID ?? -1)
      wakers += targets(receiver.wakerDescriptors)
      if source == .standardInput { #expect(pipeEnds() == 3) }
      receiver.stop()
    }
    #expect(threads.count == 3 && wakers.count == 6)
    #expect(liveThreads().isDisjoint(with: threads))
    #expect(openTargets().isDisjoint(with: wakers + [path]))
    #expect(pipeEnds() == 2)
    #expect(eventually { clientClosed.load(ordering: .relaxed) })
  }
}

@Suite("Stopping from the handler")
struct StopFromHandlerTests {
  @Test("stop() called on the reader thread returns at once, and the thread then ends")
  func stopInsideHandler() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let box = ReceiverBox()
    let receiver = Receiver(
      source: .device(path: pty.slavePath, baud: .fixed(9600)), options: testOptions())
    box.receiver = receiver
    let recorder = EventRecorder()
    try receiver.start { event in
      recorder.handler(event)
      if case .data = event { box.receiver?.stop() }
    }
    let thread = try #require(receiver.readerThreadID)
    pty.send(nmea("GPTXT,01,01,02,bye"))
    #expect(recorder.wait { !$0.bytes.isEmpty })
    #expect(eventually { !FileSystem.directoryEntries("/proc/self/task").contains(String(thread)) })
    // No slave descriptor is left but the pty's own.
    #expect(eventually { DeviceHolders.find(pty.slavePath).isEmpty })
    box.receiver = nil
  }
}

/// Lets a handler reach its receiver.
final class ReceiverBox: Sendable {
  private let stored = Locked<Receiver?>(nil)
  var receiver: Receiver? {
    get { stored.withLock { $0 } }
    set { stored.withLock { $0 = newValue } }
  }
}
