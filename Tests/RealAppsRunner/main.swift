// Runs one real-app file's own entry points against the receiver in $LOCATE_DEVICE (a
// `locate simulate` pseudo-terminal, started by RealAppsTests), and prints what it got:
//   RealAppsRunner SCENARIO
// Each scenario uses the file as its app does; this runner only calls and prints. Exit 0 when
// the scenario finished, 1 on an error, 2 on a 60 s timeout.
import Foundation
import OpenCoreLocation

@testable import RealAppAsyncLocationKit
@testable import RealAppExpo
@testable import RealAppGpxLocationManager
@testable import RealAppKoombea
@testable import RealAppMapLibreNavigation
@testable import RealAppOrnimetrics

/// Prints a location as `location LAT LON`.
func report(_ location: CLLocation) {
  print(
    String(
      format: "location %.6f %.6f", location.coordinate.latitude, location.coordinate.longitude))
}

/// The delegate of the scenarios whose file hands out a manager (maplibre-navigation, GPX).
final class Printer: NSObject, CLLocationManagerDelegate {
  var locations = 0
  var headings = 0
  let done: () -> Void

  init(done: @escaping () -> Void) { self.done = done }

  func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
    locations.forEach(report)
    self.locations += locations.count
    if self.locations >= 2 && headings >= (manager is NavigationLocationManager ? 0 : 2) { done() }
  }

  func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
    print(String(format: "heading %.1f", newHeading.trueHeading))
    headings += 1
  }

  func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
    print("error \(error)")
  }
}

let scenario = CommandLine.arguments.dropFirst().first ?? ""
var keep: [AnyObject] = []

DispatchQueue.main.asyncAfter(deadline: .now() + 60) {
  print("timeout")
  exit(2)
}

switch scenario {
case "gpx":
  // GpxLocationManager replays locations itself (no receiver) on the queue it was made on.
  let gpx = GpxLocationManager()
  let start = Date()
  // The file reads `locations[currentIndex + 1]` at its last location (its own off-by-one:
  // "Index out of range" in a CI run under ThreadSanitizer, where the main queue lagged): 200
  // locations at 0.05 s are 10 s of replay, far more than the two it takes to finish here.
  gpx.setLocations(
    locations: (0..<200).map { index in
      CLLocation(
        coordinate: CLLocationCoordinate2D(latitude: 48.1 + Double(index) * 0.001, longitude: 11.5),
        altitude: 500, horizontalAccuracy: 5, verticalAccuracy: 5,
        timestamp: start.addingTimeInterval(Double(index)))
    })
  gpx.secondLength = 0.05
  // The file's replay thread reads its arrays without a lock and keeps running while exit()
  // tears the process down: leave without the teardown.
  let printer = Printer {
    fflush(stdout)
    _exit(0)
  }
  keep = [gpx, printer]
  gpx.delegate = printer
  gpx.startUpdatingHeading()
  gpx.startUpdatingLocation()
case "maplibre-navigation":
  let manager = NavigationLocationManager()
  let printer = Printer { exit(0) }
  keep = [manager, printer]
  manager.delegate = printer
  manager.startUpdatingLocation()
default:
  Task { @MainActor in
    do {
      switch scenario {
      case "ornimetrics":
        let service = LocationService()
        service.requestAuthorization()
        report(try await service.currentLocation())
      case "koombea":
        let status = await LocationManager.requestAuthorization(for: .whenInUse)
        print("status \(status)")
        if let location = LocationManager.currentLocation { report(location) }
      case "asynclocationkit":
        let manager = AsyncLocationManager(desiredAccuracy: .bestAccuracy)
        keep = [manager]
        print("status \(await manager.requestPermission(with: .whenInUsage))")
        if case .didUpdateLocations(let locations)? = try await manager.requestLocation() {
          locations.forEach(report)
        }
        var count = 0
        for await event in await manager.startUpdatingLocation() {
          guard case .didUpdateLocations(let locations) = event else { continue }
          locations.forEach(report)
          count += locations.count
          if count >= 2 { break }
        }
        manager.stopUpdatingLocation()
      case "expo":
        try await AlwaysAuthorizationServiceSessionSource().request()
        print("status \(CLLocationManager.authorizationStatus())")
      default:
        print("unknown scenario '\(scenario)'")
        exit(64)
      }
      exit(0)
    } catch {
      print("error \(error)")
      exit(1)
    }
  }
}
dispatchMain()
