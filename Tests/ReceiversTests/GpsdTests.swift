import Glibc
import Platform
import Testing

@testable import Receivers
@testable import VirtualReceiver

@Suite("gpsd 3.22 relaying the virtual receiver")
struct GpsdTests {
  /// A port nobody listens on right now.
  func freePort() throws -> UInt16 {
    let server = try TCPServer()
    let port = server.port
    server.stop()
    return port
  }

  @Test("the gpsd source passes gpsd's raw NMEA relay; the device itself is busy, held by gpsd")
  func gpsdEndToEnd() throws {
    let simulator = VirtualReceiver(script: .capture(path: Fixtures.drive, speed: 5, loop: true))
    try simulator.start()
    defer { simulator.stop() }
    let pty = simulator.ptyPath
    let port = try freePort()
    let gpsd = try ChildProcess("/usr/sbin/gpsd", ["-N", "-n", "-b", "-S", String(port), pty])
    defer { gpsd.kill() }
    let gpsdHolder = DeviceHolder(pid: gpsd.pid, command: "gpsd")
    #expect(eventually { DeviceHolders.find(pty).contains(gpsdHolder) })

    let direct = Receiver(source: .device(path: pty, baud: .fixed(9600)), options: testOptions())
    #expect(
      throws: ReceiverError(
        code: .busy(holder: gpsdHolder), path: pty, errno: EBUSY, source: .device)
    ) {
      try direct.start(EventRecorder().handler)
    }

    let recorder = EventRecorder()
    let receiver = Receiver(source: .gpsd(host: "127.0.0.1", port: port), options: testOptions())
    var started = false
    eventually {
      do {
        try receiver.start(recorder.handler)
        started = true
      } catch {}
      return started
    }
    #expect(started)
    defer { receiver.stop() }
    #expect(recorder.wait { validSentences($0.bytes) >= 30 })
    let url = "gpsd://127.0.0.1:\(port)"
    #expect(recorder.snapshot.states == [.connected(path: url, baud: nil)])
    // Every line relayed is a line of the capture: nothing of gpsd's JSON gets through.
    let capture = Set(
      (FileSystem.readSmallFile(Fixtures.drive, limit: 1 << 20) ?? "").split(
        whereSeparator: \.isNewline
      ).map {
        $0.trimmingLineEnd()
      })
    let relayed = recorder.snapshot.text.split(whereSeparator: \.isNewline).map {
      $0.trimmingLineEnd()
    }
    #expect(relayed.count >= 30)
    #expect(relayed.allSatisfy { capture.contains($0) })
  }
}

extension Substring {
  fileprivate func trimmingLineEnd() -> String { String(self).trimmingLineEnd() }
}
