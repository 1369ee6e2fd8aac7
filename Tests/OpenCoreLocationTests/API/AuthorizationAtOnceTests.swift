import Foundation
import Platform
import TestSupport
import Testing

@testable import OpenCoreLocation
@testable import VirtualReceiver

/// A new manager says the process's authorization at once, as Apple's does: before it opens
/// anything (a sailing SDK reads it right after creating the manager, and gives up on
/// `.notDetermined`).
@Suite("Authorization at once")
struct AuthorizationAtOnceTests {
  @Test("a free receiver: authorized at once, without being opened")
  func freeDevice() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let manager = CLLocationManager(source: .device(path: pty.slavePath, baud: .auto))
    #expect(manager.authorizationStatus == .authorizedAlways)
    #expect(manager.state.withLock { $0.session } == nil)
  }

  @Test("a receiver another program holds: restricted at once")
  func heldDevice() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let holder = try ChildProcess(
      "/bin/sh", ["-c", "exec sleep 30 < \"$0\"", pty.slavePath],
      environment: ProcessInfo.processInfo.environment, stdin: nil, stdout: 2, stderr: 2)
    defer { holder.kill() }
    #expect(
      waitUntil(timeout: 10) {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(holder.pid)/fd/0"))
          == pty.slavePath
      })
    let manager = CLLocationManager(source: .device(path: pty.slavePath, baud: .auto))
    #expect(manager.authorizationStatus == .restricted)
  }

  @Test("no receiver at the path: denied (location services disabled), as opening would say")
  func missingDevice() {
    let manager = CLLocationManager(source: .device(path: "/dev/nonexistent-gps", baud: .auto))
    #expect(manager.authorizationStatus == .denied)
  }

  @Test("a capture file: authorized; a TCP server: not determined until connected")
  func otherSources() {
    let capture = Paths.simulatedDrive
    let file = CLLocationManager(source: .file(path: capture, pacing: .asFastAsPossible))
    #expect(file.authorizationStatus == .authorizedAlways)
    let missing = CLLocationManager(
      source: .file(path: "/nonexistent.nmea", pacing: .asFastAsPossible))
    #expect(missing.authorizationStatus == .denied)
    let tcp = CLLocationManager(source: .tcp(host: "127.0.0.1", port: 9))
    #expect(tcp.authorizationStatus == .notDetermined)
  }

  @Test("the delegate hears the status at once; opening a confirmed status says nothing new")
  func delegateAtOnce() async throws {
    let capture = Paths.simulatedDrive
    final class Recorder: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
      let statuses = Locked<[CLAuthorizationStatus]>([])
      let locations = Locked(0)
      func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        statuses.withLock { $0.append(manager.authorizationStatus) }
      }
      func locationManager(_ manager: CLLocationManager, didUpdateLocations: [CLLocation]) {
        locations.withLock { $0 += didUpdateLocations.count }
      }
    }
    let manager = CLLocationManager(
      source: .file(path: capture, pacing: .asFastAsPossible), replayTimestamps: .asRecorded)
    let recorder = Recorder()
    manager.delegateQueue = DispatchQueue(label: "authorization-at-once")
    manager.delegate = recorder
    manager.pausesLocationUpdatesAutomatically = false
    manager.startUpdatingLocation()
    #expect(waitUntil(timeout: 30) { recorder.locations.withLock { $0 } > 10 })
    manager.stopUpdatingLocation()
    #expect(recorder.statuses.withLock { $0 } == [.authorizedAlways])
  }
}
