import Foundation
import Testing

/// A pseudo-terminal made by socat (`socat pty,link=PATH,raw,echo=0 STDIO`), as users bridge a
/// network or Bluetooth receiver to a device path: socat holds the master and keeps the slave
/// open read-write so that the master never reads end-of-file. It is the pty's creator, not a
/// competing reader: `locate` reads it (gpsd does too) instead of calling it busy (75).
@Suite("a pty made by socat")
struct SocatPtyEndToEndTests {
  @Test("current reads it and gets a fix; devices calls it available")
  func currentReadsSocatsPty() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let link = directory + "/gps"
    let socat = try Spawned(
      ["pty,link=\(link),raw,echo=0", "STDIO"], program: "/usr/bin/socat")
    defer { socat.stop() }
    try #require(waitUntil(timeout: 20) { FileManager.default.fileExists(atPath: link) })
    let devices = try CLI.run(["devices", "--device", link])
    #expect(devices.status == 0, "\(devices)")
    #expect(devices.stdout.hasPrefix("\(link)  available"), "\(devices)")
    let current = try Spawned(["current", "--device", link, "--baud", "9600", "--json"])
    defer { current.stop() }
    // One epoch every 100 ms until current has its fix (the first read may be a backlog).
    for second in 0..<300 where current.exitStatus == nil {
      let time = NMEAText.time(36_000 + Double(second) / 10)
      socat.send(
        String(
          NMEAText.sentence(
            "GPGGA,\(time),4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,"
          ).dropLast()))
      usleep(100_000)
    }
    #expect(try current.wait(timeout: 30) == 0, "\(current.stderr)")
    #expect(
      current.stdout.contains("\"lat\":48.117300000,\"lon\":11.516666667"), "\(current.stdout)")
  }
}
