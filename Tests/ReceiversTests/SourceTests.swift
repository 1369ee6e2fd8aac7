import Glibc
import Platform
import Testing

@testable import Receivers

@Suite("Capture files, standard input and TCP")
struct SourceTests {
  /// Five one-second epochs, each RMC then GGA, with a header line before the first.
  static let capture: String = {
    var text = "# a capture\n"
    for second in 0..<5 {
      let time = "1200\(String(format: "%02d", second)).00"
      text += nmea("GPRMC,\(time),A,4807.038,N,01131.000,E,0.0,0.0,230394,,,A")
      text += nmea("GPGGA,\(time),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
    }
    return text
  }()

  func writeCapture(_ text: String, in directory: String) -> String {
    let path = "\(directory)/capture.nmea"
    if let fd = try? FileDescriptor.open(
      path, .writeOnly, options: [.create, .truncate], permissions: 0o644)
    {
      fd.send(text)
      fd.close()
    }
    return path
  }

  @Test("a capture file as fast as possible: every byte, then ended")
  func fileAsFastAsPossible() throws {
    let directory = temporaryDirectory()
    defer { removeTree(directory) }
    let path = writeCapture(Self.capture, in: directory)
    let recorder = EventRecorder()
    let receiver = Receiver(source: .file(path: path, pacing: .asFastAsPossible))
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    #expect(recorder.wait { $0.states.last == .ended })
    #expect(recorder.snapshot.text == Self.capture)
    #expect(recorder.snapshot.states == [.connected(path: path, baud: nil), .ended])
  }

  @Test("a capture paced by its own clock: one delivery per epoch, spaced by time / speed")
  func filePaced() throws {
    let directory = temporaryDirectory()
    defer { removeTree(directory) }
    let path = writeCapture(Self.capture, in: directory)
    let recorder = EventRecorder()
    let receiver = Receiver(source: .file(path: path, pacing: .realtime(speed: 10)))
    let started = SystemTime.now()
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    #expect(recorder.wait { $0.states.last == .ended })
    let log = recorder.snapshot
    #expect(log.text == Self.capture)
    // Bytes per epoch: RMC and GGA lines; the header joins the first epoch.
    let header = "# a capture\n".utf8.count
    let epoch = (Self.capture.utf8.count - header) / 5
    let firstEpoch = header + epoch
    #expect(log.arrivals.map(\.count) == (0..<5).map { firstEpoch + $0 * epoch })
    // Each epoch is one second of capture time: at speed 10, epoch i is due 0.1 × i s after
    // the start, never sooner (a late epoch on a loaded machine does not push the rest back,
    // so gaps between neighbours can be shorter).
    let offsets = log.arrivals.map { Double($0.at &- started) / 1e9 }
    #expect(offsets.count == 5)
    #expect(offsets.enumerated().allSatisfy { $1 >= 0.1 * Double($0) - 0.005 }, "\(offsets)")
  }

  @Test("time of day is read from RMC, GGA, GNS, ZDA and GLL, and midnight wraps forward")
  func captureTimes() {
    var segmenter = CaptureSegmenter()
    let text =
      nmea("GNGNS,235959.50,4807.038,N,01131.000,E,AA,12,0.9,545.4,46.9,,,V")
      + nmea("GPGLL,4807.038,N,01131.000,E,000000.50,A,A") + nmea("GPZDA,000001.50,01,01,2024,,")
      + nmea("GPZDA,000001.00,01,01,2024,,")
    var offsets: [Double] = []
    Array(text.utf8).withUnsafeBytes { bytes in
      segmenter.feed(bytes) { _, offset in offsets.append(offset) }
      segmenter.finish { _, offset in offsets.append(offset) }
    }
    #expect(offsets == [0, 1, 2, 2])
  }

  @Test("a replay speed that is not positive is refused")
  func badSpeed() {
    let receiver = Receiver(source: .file(path: "/dev/null", pacing: .realtime(speed: 0)))
    #expect(
      throws: ReceiverError(
        code: .invalidSource("replay speed must be a positive number, not 0.0"), path: "/dev/null",
        source: .file)
    ) {
      try receiver.start(EventRecorder().handler)
    }
  }

  @Test("a missing capture file is not found")
  func missingFile() {
    let receiver = Receiver(source: .file(path: "/nonexistent/x.nmea", pacing: .asFastAsPossible))
    #expect(
      throws: ReceiverError(
        code: .notFound, path: "/nonexistent/x.nmea", errno: ENOENT, source: .file)
    ) {
      try receiver.start(EventRecorder().handler)
    }
  }

  @Test("standard input is read until it ends, and is never closed")
  func standardInput() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let readEnd = FileDescriptor(rawValue: ends[0])
    let writeEnd = FileDescriptor(rawValue: ends[1])
    defer { readEnd.close() }
    let recorder = EventRecorder()
    let receiver = Receiver(
      source: .standardInput, options: testOptions(), roots: .system, standardInput: readEnd)
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    writeEnd.send(Self.capture)
    #expect(recorder.wait { $0.text == Self.capture })
    writeEnd.close()
    #expect(recorder.wait { $0.states.last == .ended })
    #expect(
      recorder.snapshot.states == [.connected(path: "standard input", baud: nil), .ended])
    #expect(fcntl(readEnd.rawValue, F_GETFD) >= 0)
  }

  @Test("an NMEA-over-TCP bridge is read, and reconnected after it drops")
  func tcpWithReconnect() throws {
    let server = try TCPServer()
    defer { server.stop() }
    let first = nmea("GPTXT,01,01,02,first connection")
    let second = nmea("GPTXT,01,01,02,second connection")
    try server.start(connections: 2) { number, connection in
      connection.send(number == 0 ? first : second)
      if number == 1 { _ = connection.receive(for: 30) }  // hold until the client goes
    }
    let recorder = EventRecorder()
    let receiver = Receiver(
      source: .tcp(host: "127.0.0.1", port: server.port), options: testOptions())
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    let url = "tcp://127.0.0.1:\(server.port)"
    #expect(recorder.wait { $0.text == first + second })
    #expect(
      recorder.snapshot.states == [
        .connected(path: url, baud: nil), .unplugged(path: url), .connected(path: url, baud: nil),
      ])
  }

  @Test("a TCP bridge that is not listening is refused at start")
  func tcpRefused() throws {
    let server = try TCPServer()
    let port = server.port
    server.stop()
    let receiver = Receiver(source: .tcp(host: "127.0.0.1", port: port), options: testOptions())
    #expect(
      throws: ReceiverError(
        code: .io, path: "tcp://127.0.0.1:\(port)", errno: ECONNREFUSED, source: .tcp)
    ) {
      try receiver.start(EventRecorder().handler)
    }
  }

  @Test("a gpsd stream passes only its NMEA lines, after the WATCH request")
  func gpsdFilter() throws {
    let server = try TCPServer()
    defer { server.stop() }
    let request = Locked("")
    let sentence = nmea("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
    try server.start(connections: 1) { _, connection in
      connection.send("{\"class\":\"VERSION\",\"release\":\"3.22\"}\r\n")
      let text = connection.receive(for: 30)
      request.withLock { $0 = text }
      connection.send("{\"class\":\"DEVICES\",\"devices\":[]}\r\n" + sentence)
      connection.send("{\"class\":\"WATCH\",\"enable\":true,\"nmea\":true}\r\n!AIVDM,1,1")
      connection.send(",,A,1,0*00\r\n")
      _ = connection.receive(for: 30)
    }
    let recorder = EventRecorder()
    let receiver = Receiver(
      source: .gpsd(host: "localhost", port: server.port), options: testOptions())
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    #expect(recorder.wait { $0.text == sentence + "!AIVDM,1,1,,A,1,0*00\r\n" })
    #expect(request.withLock { $0 } == "?WATCH={\"enable\":true,\"nmea\":true};\n")
  }
}
