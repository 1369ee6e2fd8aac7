import Foundation
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// Apple's names, values, sentinels and formats.
@Suite("Core Location API")
struct CoreLocationAPITests {
  @Test("constants and raw values are Apple's")
  func constants() {
    #expect(kCLLocationAccuracyBestForNavigation == -2)
    #expect(kCLLocationAccuracyBest == -1)
    #expect(kCLLocationAccuracyNearestTenMeters == 10)
    #expect(kCLLocationAccuracyHundredMeters == 100)
    #expect(kCLLocationAccuracyKilometer == 1000)
    #expect(kCLLocationAccuracyThreeKilometers == 3000)
    #expect(kCLLocationAccuracyReduced == 3000)
    #expect(kCLDistanceFilterNone == -1)
    #expect(kCLErrorDomain == "kCLErrorDomain")
    #expect(!CLLocationCoordinate2DIsValid(kCLLocationCoordinate2DInvalid))
    #expect(CLLocationCoordinate2DIsValid(CLLocationCoordinate2DMake(-90, 180)))
    #expect(
      [
        CLAuthorizationStatus.notDetermined, .restricted, .denied, .authorizedAlways,
        .authorizedWhenInUse,
      ].map(\.rawValue) == [0, 1, 2, 3, 4])
    #expect(
      [CLActivityType.other, .automotiveNavigation, .fitness, .otherNavigation, .airborne]
        .map(\.rawValue) == [1, 2, 3, 4, 5])
    #expect(CLError.Code.locationUnknown.rawValue == 0 && CLError.Code.denied.rawValue == 1)
    #expect(CLError.Code.network.rawValue == 2 && CLError.Code.headingFailure.rawValue == 3)
    #expect(
      CLError.Code.deferredFailed.rawValue == 11 && CLError.Code.promptDeclined.rawValue == 18)
  }

  @Test("a manager's defaults are Apple's")
  @MainActor
  func managerDefaults() {
    let manager = CLLocationManager(source: .device(path: "/dev/null-gps", baud: .auto))
    #expect(manager.desiredAccuracy == kCLLocationAccuracyBest)
    #expect(manager.distanceFilter == kCLDistanceFilterNone)
    #expect(manager.activityType == .other)
    #expect(manager.pausesLocationUpdatesAutomatically)
    // The process's authorization at once, as Apple's: no receiver at that path is denied.
    #expect(manager.authorizationStatus == .denied)
    #expect(manager.accuracyAuthorization == .fullAccuracy)
    #expect(manager.location == nil)
    #expect(!CLLocationManager.headingAvailable())
  }

  @Test("CLError bridges to NSError in kCLErrorDomain, with its reason")
  func errors() {
    let error = CLError(.permissionDenied(path: "/dev/ttyUSB0", group: "dialout"))
    #expect(error.code == .denied)
    let bridged = error as NSError
    #expect(bridged.domain == kCLErrorDomain)
    #expect(bridged.code == 1)
    #expect(
      bridged.localizedDescription
        == "/dev/ttyUSB0: permission denied (add yourself to the 'dialout' group: sudo usermod -aG"
        + " dialout $USER, then log in again)")
    #expect(CLError(.locationUnknown).description == "locationUnknown")
    #expect(CLError.denied == .denied)
  }

  @Test("description in Apple's format, in UTC")
  func description() {
    let location = CLLocation(
      coordinate: CLLocationCoordinate2D(latitude: 37.33233141, longitude: -122.0312186),
      altitude: 10, horizontalAccuracy: 5, verticalAccuracy: 3, course: 177.5, speed: 35.09,
      timestamp: Date(timeIntervalSince1970: 1_704_192_101))
    #expect(
      location.description
        == "<+37.33233141,-122.03121860> +/- 5.00m (speed 35.09 mps / course 177.50) @ 1/2/24, "
        + "10:41:41 AM Coordinated Universal Time")
  }

  @Test("distance(from:) is the geodesic on WGS-84")
  func distance() {
    let a = CLLocation(latitude: 0, longitude: 0)
    let b = CLLocation(latitude: 0, longitude: 1)
    // One degree of the equator: a × π / 180.
    #expect(abs(a.distance(from: b) - 6_378_137 * Double.pi / 180) < 1e-6)
    // JFK to LHR (`GeodSolve -i`: 5554908.791 m).
    let jfk = CLLocation(latitude: 40.6413, longitude: -73.7781)
    let lhr = CLLocation(latitude: 51.47, longitude: -0.4543)
    #expect(abs(jfk.distance(from: lhr) - 5_554_908.791) < 0.001)
    #expect(a.horizontalAccuracy == 0 && a.verticalAccuracy == -1 && a.speed == -1)
  }
}
