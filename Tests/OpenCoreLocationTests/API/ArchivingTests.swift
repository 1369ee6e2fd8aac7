import Foundation
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// `NSSecureCoding`: each type round-trips through `NSKeyedArchiver` and
/// `NSKeyedUnarchiver` with `requiringSecureCoding: true`, as apps persist the last location.
@Suite("Archiving")
struct ArchivingTests {
  static func roundTrip<T: NSObject & NSSecureCoding>(_ value: T) throws -> T {
    let data = try NSKeyedArchiver.archivedData(withRootObject: value, requiringSecureCoding: true)
    return try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: T.self, from: data))
  }

  static let time = Date(timeIntervalSince1970: 1_750_000_123.25)

  @Test func location() throws {
    let location = CLLocation(
      coordinate: CLLocationCoordinate2D(latitude: 48.1173, longitude: 11.5167), altitude: 520.5,
      horizontalAccuracy: 4.75, verticalAccuracy: 9.2, course: 271.5, courseAccuracy: 3,
      speed: 13.9, speedAccuracy: 0.4, timestamp: Self.time,
      sourceInfo: CLLocationSourceInformation(
        softwareSimulationState: true, andExternalAccessoryState: true))
    let back = try Self.roundTrip(location)
    #expect(back.coordinate == location.coordinate)
    #expect(back.altitude == 520.5 && back.ellipsoidalAltitude == 520.5)
    #expect(back.horizontalAccuracy == 4.75 && back.verticalAccuracy == 9.2)
    #expect(back.course == 271.5 && back.courseAccuracy == 3)
    #expect(back.speed == 13.9 && back.speedAccuracy == 0.4)
    #expect(back.timestamp == Self.time)
    #expect(back.sourceInformation?.isSimulatedBySoftware == true)
    #expect(back.description == location.description)

    // An array of them, as apps store a track.
    let track = [location, CLLocation(latitude: -33.9, longitude: 18.4)]
    let data = try NSKeyedArchiver.archivedData(withRootObject: track, requiringSecureCoding: true)
    let decoded =
      try NSKeyedUnarchiver.unarchivedObject(
        ofClasses: [NSArray.self, CLLocation.self], from: data) as? [CLLocation]
    #expect(decoded?.map(\.coordinate) == track.map(\.coordinate))
  }

  @Test func regions() throws {
    let circle = CLCircularRegion(
      center: CLLocationCoordinate2D(latitude: 48.1173, longitude: 11.5167), radius: 200,
      identifier: "depot")
    circle.notifyOnEntry = false
    let back = try Self.roundTrip(circle)
    #expect(back == circle && back.radius == 200 && !back.notifyOnEntry && back.notifyOnExit)
    let plain = try Self.roundTrip(CLRegion(identifier: "base"))
    #expect(plain.identifier == "base")
    let beacon = CLBeaconRegion(
      uuid: UUID(uuidString: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")!, major: 1, minor: 2,
      identifier: "shop")
    let beaconBack = try Self.roundTrip(beacon)
    #expect(beaconBack == beacon && beaconBack.minor == 2)
  }

  @Test func heading() throws {
    let heading = CLHeading(
      fields: CLHeading.Fields(
        magneticHeading: 270.1, trueHeading: 274.07, headingAccuracy: 0, timestamp: Self.time))
    let back = try Self.roundTrip(heading)
    #expect(back == heading)
    #expect(back.trueHeading == 274.07 && back.magneticHeading == 270.1)
    #expect(
      back.description
        == "magneticHeading 270.10 trueHeading 274.07 accuracy 0.00 x +0.000 y +0.000 z +0.000 "
        + "@ 6/15/25, 3:08:43 PM Coordinated Universal Time")
  }

  @Test func visit() throws {
    let ongoing = CLVisit(
      fields: CLVisit.Fields(
        arrivalDate: Self.time, departureDate: .distantFuture,
        coordinate: CLLocationCoordinate2D(latitude: 48.1, longitude: 11.5),
        horizontalAccuracy: 9.5))
    let back = try Self.roundTrip(ongoing)
    #expect(back == ongoing)
    #expect(back.departureDate == .distantFuture)
  }
}
