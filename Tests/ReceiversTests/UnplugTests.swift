import Glibc
import Platform
import Testing

@testable import Receivers
@testable import VirtualReceiver

@Suite("Unplug, replug and silence")
struct UnplugTests {
  @Test("an unplug is seen, and the stream resumes when the device returns behind the same link")
  func unplugAndReplugThroughLink() throws {
    let directory = temporaryDirectory()
    defer { removeTree(directory) }
    let link = "\(directory)/gps"
    var pty = try PseudoTerminal()
    #expect(symlink(pty.slavePath, link) == 0)
    let recorder = EventRecorder()
    let receiver = Receiver(
      source: .device(path: link, baud: .fixed(38400)), options: testOptions())
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    let before = nmea("GPTXT,01,01,02,before")
    pty.send(before)
    #expect(recorder.wait { $0.text == before })

    let unpluggedAt = SystemTime.now()
    pty.close()
    #expect(recorder.wait { $0.states.last == .unplugged(path: link) })
    let seenAfter = SystemTime.seconds(since: unpluggedAt)
    print("unplug seen after \(seenAfter) s")

    pty = try PseudoTerminal()
    defer { pty.close() }
    unlink(link)
    #expect(symlink(pty.slavePath, link) == 0)
    #expect(recorder.wait { $0.states.count == 3 })
    let after = nmea("GPTXT,01,01,02,after")
    pty.send(after)
    #expect(recorder.wait { $0.text == before + after })
    #expect(
      recorder.snapshot.states == [
        .connected(path: link, baud: 38400), .unplugged(path: link),
        .connected(path: link, baud: 38400),
      ])
    #expect(pty.readerRate == 38400)
  }

  @Test("without reconnect, an unplug ends the stream")
  func unplugWithoutReconnect() throws {
    let pty = try PseudoTerminal()
    var options = testOptions()
    options.reconnect = false
    let recorder = EventRecorder()
    let receiver = Receiver(
      source: .device(path: pty.slavePath, baud: .fixed(9600)), options: options)
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    pty.close()
    #expect(recorder.wait { $0.states.last == .ended })
    #expect(
      recorder.snapshot.states == [
        .connected(path: pty.slavePath, baud: 9600), .unplugged(path: pty.slavePath), .ended,
      ])
  }

  @Test("a connected receiver that stops talking is silent, not unplugged, until bytes resume")
  func silence() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let recorder = EventRecorder()
    let receiver = Receiver(
      source: .device(path: pty.slavePath, baud: .fixed(9600)), options: testOptions(silence: 0.3))
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    let path = pty.slavePath
    #expect(recorder.wait { $0.states.last == .silent(path: path, seconds: 0.3) })
    let sentence = nmea("GPTXT,01,01,02,back")
    pty.send(sentence)
    #expect(recorder.wait { $0.text == sentence })
    let log = recorder.snapshot
    #expect(
      log.sequence == [
        "\(DeviceState.connected(path: path, baud: 9600))",
        "\(DeviceState.silent(path: path, seconds: 0.3))",
        "\(DeviceState.connected(path: path, baud: 9600))", "data",
      ])
  }
}
