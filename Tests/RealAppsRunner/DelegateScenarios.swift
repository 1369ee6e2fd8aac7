// The scenarios of the apps that work through a delegate and callbacks: each starts its app
// and returns; the callbacks print and finish the run.
import Foundation
import OpenCoreLocation
import RealAppCompass
import RealAppGeofencing
import RealAppLocationService
import RealAppNavigationKit
import RealAppVisitJournal

/// The start of the simulator's drive (`locate simulate`'s default) and a point 150 m along
/// its first heading, 45°.
let driveStart = CLLocationCoordinate2D(latitude: 48.1173, longitude: 11.5167)
let driveAhead = CLLocationCoordinate2D(latitude: 48.118254, longitude: 11.518129)

let delegateScenarios: [String: () -> Void] = [
  // The singleton: authorization, one location, then tracking.
  "service": {
    let service = LocationService.shared
    service.requestAuthorization { status in
      say("status \(status)")
      service.requestLocation { result in
        switch result {
        case .success(let location): report(location)
        case .failure(let error):
          say("error \(error)")
          finish(1)
        }
        var tracked = 0
        service.startTracking { location in
          report(location)
          tracked += 1
          if tracked == 2 {
            service.stopTracking()
            finish()
          }
        }
      }
    }
  },
  // The subclass configured in `override init()`, driven by a route follower.
  "navigation": {
    let follower = RouteFollower(to: driveAhead)
    keep = [follower]
    let manager = follower.manager
    say(
      "settings \(manager.desiredAccuracy) \(manager.distanceFilter) \(manager.activityType) "
        + "\(manager.pausesLocationUpdatesAutomatically)")
    var count = 0
    follower.onProgress = { location, left in
      report(location)
      say(String(format: "left %.0f", left))
      count += 1
      if count == 2 {
        follower.stop()
        say("starts \(manager.startCount)")
        finish()
      }
    }
    follower.onError = { say("error \($0)") }
    follower.start()
  },
  // The demo-mode subclass: its own route north, with its CLHeading subclass; no receiver.
  "replay": {
    let route = (0..<10).map {
      CLLocationCoordinate2D(latitude: 48.1 + Double($0) * 0.001, longitude: 11.5)
    }
    let manager = SimulatedLocationManager(route: route, interval: 0.05)
    let printer = Printer(locations: 3, headings: 3)
    keep = [manager, printer]
    manager.delegate = printer
    manager.startUpdatingLocation()
    manager.startUpdatingHeading()
  },
  // Two fences through the delegate: the start of the drive, and a point 150 m ahead.
  "regions": {
    let fences = GeofenceManager()
    keep = [fences]
    var crossings = 0
    fences.onTransition = { transition in
      say("\(transition)")
      if case .entered = transition { crossings += 1 }
      if case .exited = transition { crossings += 1 }
      if crossings == 2 { finish() }
    }
    fences.add("start", center: driveStart, radius: 50)
    fences.add("ahead", center: driveAhead, radius: 50)
    say("fences \(fences.fences.joined(separator: " "))")
  },
  // The compass: the receiver's heading once it has sent one, the course until then.
  "compass": {
    let compass = Compass()
    keep = [compass]
    var readings = 0
    compass.onReading = { reading in
      say(String(format: "heading %.1f ", reading.degrees) + reading.reference)
      readings += 1
      if reading.reference != "course" || readings == 20 { finish() }
    }
    compass.start()
  },
  // The visit diary: an arrival, then its departure.
  "visits": {
    let journal = VisitJournal()
    keep = [journal]
    let format = ISO8601DateFormatter()
    journal.onChange = { entry in
      let place = String(
        format: "%.6f %.6f ±%.0f", entry.coordinate.latitude, entry.coordinate.longitude,
        entry.accuracy)
      if let departure = entry.departure, let duration = entry.duration {
        say("left \(format.string(from: departure)) after \(Int(duration.rounded())) s \(place)")
        finish()
      } else {
        say("arrived \(format.string(from: entry.arrival)) \(place)")
      }
    }
    journal.start()
  },
]

/// Prints what a manager tells its delegate; finishes after enough of it.
final class Printer: NSObject, CLLocationManagerDelegate {
  var locations: Int
  var headings: Int

  init(locations: Int, headings: Int) {
    self.locations = locations
    self.headings = headings
  }

  func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
    locations.forEach(report)
    self.locations -= locations.count
    check()
  }

  func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
    say(String(format: "heading %.1f ", newHeading.trueHeading) + "\(type(of: newHeading))")
    headings -= 1
    check()
  }

  func check() {
    if locations <= 0 && headings <= 0 { finish() }
  }
}
