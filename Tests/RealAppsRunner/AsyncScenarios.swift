// The scenarios of the apps written with async/await: each returns when it is done.
import Foundation
import OpenCoreLocation
import RealAppGeofencing
import RealAppLocationAccess
import RealAppLocationService
import RealAppTripRecorder

let asyncScenarios: [String: @MainActor () async throws -> Void] = [
  // The singleton's async wrappers.
  "service-async": {
    let service = LocationService.shared
    say("status \(await service.requestAuthorization())")
    report(try await service.currentLocation())
  },
  // A liveUpdates() loop recording five fixes.
  "trip": {
    let trip = try await TripRecorder().record(fixes: 5)
    trip.points.forEach(report)
    say(
      String(
        format: "trip %d fixes %.1f m %.0f s max %.1f m/s", trip.points.count, trip.distance,
        trip.duration, trip.maximumSpeed))
  },
  // CLMonitor over the same two fences as "regions": four events.
  "monitor": {
    try await FenceMonitor.watch(
      [
        Fence(name: "start", center: driveStart, radius: 50),
        Fence(name: "ahead", center: driveAhead, radius: 50),
      ], events: 4
    ) { say($0) }
  },
  // CLServiceSession: always authorization, then a map screen's live updates.
  "session": {
    switch try await LocationAccess.requestAlways() {
    case .granted(let status): say("status \(status)")
    case .denied: say("denied")
    case .restricted: say("restricted")
    }
    let map = LiveMapModel()
    let (stream, continuation) = AsyncStream<CLLocation>.makeStream()
    map.appear(onLocation: { continuation.yield($0) }, onEnd: { say("end \($0)") })
    var count = 0
    for await location in stream {
      report(location)
      count += 1
      if count == 2 { break }
    }
    map.disappear()
  },
]
