import Foundation
import Geodesy
import OpenCoreLocation
import Receivers

/// The body of `watch`: reads the service's update stream and hands each event to the writer
/// or to stderr, until the stream ends, the task is cancelled, or a limit is reached.
struct WatchLoop: Sendable {
  /// When to stop besides a signal or the end of the stream.
  struct Limits: Sendable {
    /// Stop after this many fixes.
    var count: Int?
    /// For replays: stop at the first fix this many seconds (of stream time) after the first.
    var streamDuration: Double?
  }

  let service: LocationService
  let source: ReceiverSource
  let writer: FixStreamWriter
  let observer: RequestObserver
  let target: GeoPoint?
  let limits: Limits

  /// Runs until the end; a refusal before the receiver ever connected is an error.
  func run() async throws(LocateError) {
    var firstTime: Date?
    // With --satellites, the sky view of the last fix's epoch comes after the fix: wait for it.
    var awaitingLastSky = false
    do {
      for try await event in service.updates() {
        observer.handle(event)
        switch event {
        case .location(let location):
          if awaitingLastSky { return }
          observer.status.clear()
          if let duration = limits.streamDuration {
            let start = firstTime ?? location.timestamp
            firstTime = start
            if location.timestamp.timeIntervalSince(start) >= duration { return }
          }
          try writer.location(location, target: reading(location))
          if let count = limits.count, writer.points >= count {
            guard writer.satellites else { return }
            awaitingLastSky = true
          }
        case .sky(let view):
          try writer.sky(view, device: observer.snapshot.device)
          if awaitingLastSky { return }
        case .authorization(let status, let state):
          try deviceChange(state, json: GPSDJSON.authorization(status, state))
        case .device(let state):
          try deviceChange(state, json: GPSDJSON.device(state))
        case .paused(let paused):
          observer.status.note(paused ? "paused: not moving" : "moving again")
          try writer.event(GPSDJSON.paused(paused))
        case .stale(let location, let age):
          observer.status.note(
            "the last fix is " + JSONText.fixed(age, 1) + " s old: the receiver has gone quiet")
          try writer.event(GPSDJSON.stale(location, age: age))
        case .progress:
          break
        }
      }
    } catch let error as LocateError {
      throw error
    } catch is CancellationError {
      return
    } catch {
      throw FailureMapping.stream(
        error, seen: observer.snapshot, source: source, afterFixes: writer.points > 0)
    }
  }

  private func deviceChange(_ state: DeviceState, json: String) throws(LocateError) {
    if !observer.snapshot.connected, let refusal = FailureMapping.refusal(state, source: source) {
      throw refusal
    }
    if case .unplugged = state { writer.receiverLost() }
    try writer.event(json)
  }

  private func reading(_ location: CLLocation) -> TargetReading? {
    guard let target else { return nil }
    let line = Geodesic.wgs84.inverse(
      latitude1: location.coordinate.latitude, longitude1: location.coordinate.longitude,
      latitude2: target.latitude, longitude2: target.longitude)
    return TargetReading(
      target: target, distance: line.distance, bearing: Bearing.normalized(line.initialAzimuth))
  }
}

extension RequestObserver.Seen {
  /// The device path last reported, for SKY objects.
  var device: String? {
    switch state {
    case .connected(let path, _), .unplugged(let path), .silent(let path, _): return path
    default: return nil
    }
  }
}
