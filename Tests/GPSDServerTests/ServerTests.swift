import Foundation
import Platform
import Testing

@testable import GPSDServer
@testable import Receivers
@testable import VirtualReceiver

/// The server in this process, on a free loopback port, with real sockets.
final class RunningServer: Sendable {
  let server: GPSDServer
  let events = EventLog()

  init(limits: GPSDServer.Limits = GPSDServer.Limits(), address: String = "127.0.0.1:0") throws {
    let events = self.events
    server = try GPSDServer(
      listening: try ListenAddress(parsing: address),
      version: GPSDVersion(release: "locate 9.9", revision: "9.9"), limits: limits
    ) { event in events.list.withLock { $0.append(event) } }
    try server.start()
  }

  var port: UInt16 { server.address.port }

  /// Waits until an event satisfies `condition`.
  func waitForEvent(timeout: Double = 30, _ condition: (GPSDServerEvent) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if events.list.withLock({ $0.contains(where: condition) }) { return true }
      usleep(10_000)
    }
    return false
  }

  /// A client that has read its greeting and watches with `watch` (a WATCH object).
  func watcher(_ watch: String, receiveBuffer: Int32? = nil) throws -> TestClient {
    let client = try TestClient(port: port, receiveBuffer: receiveBuffer)
    guard client.line()?.hasPrefix(#"{"class":"VERSION""#) == true else {
      throw ClientFailure("no greeting")
    }
    client.send("?WATCH=\(watch);\n")
    guard client.lines(until: #""class":"WATCH""#) != nil else { throw ClientFailure("no WATCH") }
    return client
  }
}

/// The server's events, as they came.
final class EventLog: Sendable {
  let list = Locked<[GPSDServerEvent]>([])
}

@Suite struct ServerTests {
  static let version =
    #"{"class":"VERSION","release":"locate 9.9","rev":"9.9","proto_major":3,"proto_minor":14}"#
    + "\r\n"
  static let tpv = #"{"class":"TPV","device":"/dev/gps","mode":3,"lat":1.5}"#
  static let sky = #"{"class":"SKY","device":"/dev/gps","nSat":0,"uSat":0,"satellites":[]}"#
  static let rmc = "$GPRMC,120000.00,A,4807.038,N,01131.000,E,0.0,0.0,010126,,,A*6B\r\n"

  @Test("greeting, WATCH with DEVICES, then DEVICE, TPV and SKY, each ending in CR LF")
  func jsonWatch() throws {
    let running = try RunningServer()
    let client = try TestClient(port: running.port)
    #expect(client.line() == Self.version)
    client.send(#"?WATCH={"enable":true,"json":true};"# + "\n")
    #expect(
      client.lines(2) == [
        #"{"class":"DEVICES","devices":[]}"# + "\r\n",
        #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"#
          + #""timing":false,"split24":false,"pps":false}"# + "\r\n",
      ])
    running.server.publish(.deviceActivated(path: "/dev/gps", bps: 9600))
    running.server.publish(.sentences(Array(Self.rmc.utf8)))
    running.server.publish(.tpv(Array(Self.tpv.utf8)))
    running.server.publish(.sky(Array(Self.sky.utf8)))
    let lines = client.lines(3)
    #expect(lines.count == 3)
    #expect(
      lines.first?.hasPrefix(
        #"{"class":"DEVICE","path":"/dev/gps","driver":"NMEA0183","activated":""#) == true)
    #expect(
      lines.first?.hasSuffix(
        #"","flags":1,"native":0,"bps":9600,"parity":"N","stopbits":1}"# + "\r\n") == true)
    #expect(Array(lines.dropFirst()) == [Self.tpv + "\r\n", Self.sky + "\r\n"])
    client.send("?DEVICES;\n")
    #expect(
      client.line()?.hasPrefix(
        #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/gps""#) == true)
    running.server.publish(.deviceDeactivated)
    #expect(client.line() == #"{"class":"DEVICE","path":"/dev/gps","activated":0}"# + "\r\n")
    client.send("?DEVICES;\n")
    #expect(client.line() == #"{"class":"DEVICES","devices":[]}"# + "\r\n")
    running.server.stop()
  }

  @Test("nmea and raw watchers get the sentences only; a watcher that disables gets nothing more")
  func sentenceWatchers() throws {
    let running = try RunningServer()
    running.server.publish(.deviceActivated(path: "/dev/gps", bps: nil))
    let nmea = try running.watcher(#"{"enable":true,"nmea":true}"#)
    let raw = try running.watcher(#"{"enable":true,"raw":2}"#)
    let both = try running.watcher(#"{"enable":true,"json":true,"nmea":true}"#)
    running.server.publish(.sentences(Array(Self.rmc.utf8)))
    running.server.publish(.tpv(Array(Self.tpv.utf8)))
    #expect(nmea.line() == Self.rmc)
    #expect(raw.line() == Self.rmc)
    #expect(both.lines(2) == [Self.rmc, Self.tpv + "\r\n"])
    nmea.send(#"?WATCH={"enable":false};"# + "\n")
    #expect(nmea.lines(until: #""class":"WATCH","enable":false"#) != nil)
    running.server.publish(.sentences(Array(Self.rmc.utf8)))
    nmea.send("?VERSION;\n")
    #expect(nmea.line() == Self.version)
    #expect(raw.line() == Self.rmc)
    running.server.stop()
  }

  @Test("POLL, DEVICE, DEVICE with settings (never applied), a device that is not ours, garbage")
  func requests() throws {
    let running = try RunningServer()
    let client = try TestClient(port: running.port)
    _ = client.line()
    client.send("?DEVICE;\n")
    #expect(
      client.line()
        == #"{"class":"ERROR","message":"Can't perform DEVICE query, no devices attached."}"#
        + "\r\n")
    running.server.publish(.deviceActivated(path: "/dev/gps", bps: 4800))
    running.server.publish(.tpv(Array(Self.tpv.utf8)))
    running.server.publish(.sky(Array(Self.sky.utf8)))
    // Not watching: gpsd's POLL says nothing of the device (gpsd 3.22: "active":0).
    client.send("?POLL;\n")
    let unwatched = client.line() ?? ""
    #expect(unwatched.hasSuffix(#"","active":0,"tpv":[],"gst":[],"sky":[]}"# + "\r\n"))
    // A bare ?WATCH; changes nothing (gpsd: "enable":false); with "enable":true, POLL reports.
    client.send("?WATCH;\n")
    #expect(client.lines(2).last?.hasPrefix(#"{"class":"WATCH","enable":false,"#) == true)
    client.send(#"?WATCH={"enable":true};"# + "\n")
    #expect(client.lines(2).last?.hasPrefix(#"{"class":"WATCH","enable":true,"#) == true)
    client.send("?POLL;\n")
    let poll = client.line() ?? ""
    #expect(poll.hasPrefix(#"{"class":"POLL","time":""#))
    #expect(
      poll.hasSuffix(
        #"","active":1,"tpv":["# + Self.tpv + #"],"gst":[],"sky":["# + Self.sky + "]}\r\n"))
    client.send(#"?DEVICE={"path":"/dev/gps","bps":115200,"native":1};"# + "\n")
    #expect(client.line()?.contains(#""path":"/dev/gps","driver":"NMEA0183""#) == true)
    client.send(#"?DEVICE={"path":"/dev/other"};"# + "\n")
    #expect(client.line() == #"{"class":"ERROR","message":"Can't open /dev/other."}"# + "\r\n")
    client.send(#"?WATCH={"device":"/dev/other"};"# + "\n")
    #expect(client.line() == #"{"class":"ERROR","message":"Can't open /dev/other."}"# + "\r\n")
    client.send([0x01, 0xFF] + Array("garbage\n?NOPE\n".utf8))
    #expect(
      client.lines(2) == [
        #"{"class":"ERROR","message":"Unrecognized request '\u0001\#u{FFFD}garbage\n'"}"# + "\r\n",
        #"{"class":"ERROR","message":"Unrecognized request '?NOPE\n'"}"# + "\r\n",
      ])
    running.server.stop()
  }

  @Test("requests sent and the sending side closed (printf | nc): answered, then closed")
  func halfClosed() throws {
    let running = try RunningServer()
    let client = try TestClient(port: running.port)
    client.send("?VERSION;\n?DEVICES;\n")
    client.finishSending()
    #expect(
      client.lines(3) == [
        Self.version, Self.version, #"{"class":"DEVICES","devices":[]}"# + "\r\n",
      ])
    #expect(client.waitForClose())
    running.server.stop()
  }

  @Test(
    "a megabyte of random bytes: the server answers ERRORs (or drops the client), and serves on")
  func randomBytes() throws {
    let running = try RunningServer()
    let noise = try TestClient(port: running.port)
    var random = SplitMix64(seed: 2947)
    for _ in 0..<256 {
      noise.send((0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) })
    }
    let client = try TestClient(port: running.port)
    #expect(client.line() == Self.version)
    client.send("?VERSION;\n")
    #expect(client.line() == Self.version)
    running.server.stop()
  }

  @Test("an over-long line gets one ERROR; the client stays and is answered")
  func overLong() throws {
    let running = try RunningServer()
    let client = try TestClient(port: running.port)
    _ = client.line()
    client.send(String(repeating: "?", count: 100_000) + "\n?VERSION;\n")
    #expect(
      client.lines(2) == [
        #"{"class":"ERROR","message":"Request too long (over 1024 bytes)"}"# + "\r\n", Self.version,
      ])
    running.server.stop()
  }

  @Test("past the client limit: ERROR and closed; a place frees when a client leaves")
  func clientLimit() throws {
    var limits = GPSDServer.Limits()
    limits.maximumClients = 2
    let running = try RunningServer(limits: limits)
    var first: TestClient? = try TestClient(port: running.port)
    let second = try TestClient(port: running.port)
    #expect(first?.line() == Self.version && second.line() == Self.version)
    let third = try TestClient(port: running.port)
    #expect(third.line() == #"{"class":"ERROR","message":"Too many clients (2)"}"# + "\r\n")
    #expect(third.waitForClose())
    first = nil
    #expect(running.waitForEvent { $0 == .disconnected(client: 1, peer: $0.peer) })
    let fourth = try TestClient(port: running.port)
    #expect(fourth.line() == Self.version)
    running.server.stop()
  }

  @Test("a client that never reads is dropped; the others get every report")
  func stalledClient() throws {
    var limits = GPSDServer.Limits()
    limits.maximumQueuedBytes = 16_384
    limits.sendBuffer = 4096
    let running = try RunningServer(limits: limits)
    running.server.publish(.deviceActivated(path: "/dev/gps", bps: nil))
    let stalled = try running.watcher(#"{"enable":true,"json":true}"#, receiveBuffer: 2048)
    let reader = try running.watcher(#"{"enable":true,"json":true}"#)
    let object = #"{"class":"SKY","padding":""# + String(repeating: "x", count: 1000) + "\"}"
    var received = 0
    for _ in 0..<400 {
      running.server.publish(.sky(Array(object.utf8)))
      if reader.line() == object + "\r\n" { received += 1 }
    }
    #expect(received == 400)
    #expect(
      running.waitForEvent { event in
        if case .dropped(let number, _, let reason) = event {
          return number == 1 && reason.hasPrefix("not reading")
        }
        return false
      })
    #expect(stalled.waitForClose())
    running.server.stop()
  }

  @Test("stop: what was published is delivered, then the connections close")
  func stopFlushes() throws {
    let running = try RunningServer()
    let client = try running.watcher(#"{"enable":true,"json":true}"#)
    running.server.publish(.tpv(Array(Self.tpv.utf8)))
    running.server.stop(flushing: 5)
    #expect(client.line() == Self.tpv + "\r\n")
    #expect(client.waitForClose())
  }

  @Test("whenWatched fires once, on the first watcher")
  func firstWatcher() throws {
    let running = try RunningServer()
    let count = Counter()
    running.server.whenWatched { count.value.withLock { $0 += 1 } }
    let idle = try TestClient(port: running.port)
    idle.send("?VERSION;\n?WATCH={\"enable\":true};\n")
    _ = idle.lines(until: #""class":"WATCH""#)
    #expect(count.value.withLock { $0 } == 0)
    _ = try running.watcher(#"{"enable":true,"nmea":true}"#)
    _ = try running.watcher(#"{"enable":true,"json":true}"#)
    #expect(count.value.withLock { $0 } == 1)
    running.server.whenWatched { count.value.withLock { $0 += 10 } }
    #expect(count.value.withLock { $0 } == 11)
    running.server.stop()
  }

  @Test("an address in use, and IPv6 loopback")
  func addresses() throws {
    let running = try RunningServer()
    #expect(throws: GPSDServerError(code: .addressInUse, address: "127.0.0.1:\(running.port)")) {
      try GPSDServer(
        listening: ListenAddress(host: "127.0.0.1", port: running.port),
        version: GPSDVersion(release: "x", revision: "x"))
    }
    running.server.stop()
    let v6 = try RunningServer(address: "[::1]:0")
    #expect(v6.server.address.host == "::1")
    let client = try TestClient(host: "::1", port: v6.port)
    #expect(client.line() == Self.version)
    v6.server.stop()
  }
}

extension GPSDServerEvent {
  /// The peer named by the event.
  var peer: String {
    switch self {
    case .connected(_, let peer), .watching(_, let peer, _, _), .disconnected(_, let peer),
      .dropped(_, let peer, _), .refused(let peer, _):
      return peer
    }
  }
}

/// A count shared with a callback.
final class Counter: Sendable {
  let value = Locked(0)
}
