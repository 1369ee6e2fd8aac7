import Foundation
import Geodesy
import Receivers
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation
@testable import VirtualReceiver

@Suite("Visits")
struct VisitTests {
  @Test("a drive with stops of 7, 1 and 12 minutes: two visits, each on arrival and departure")
  func plannedDrive() async throws {
    let drive = try PlannedDrive()
    defer { drive.remove() }
    let reference = drive.referenceVisits()
    #expect(reference.count == 2)
    #expect(reference.allSatisfy { $0.departure != nil })

    let manager = CLLocationManager(
      source: .file(path: drive.path, pacing: .asFastAsPossible), replayTimestamps: .asRecorded)
    let recorder = ReplayRecorder()
    manager.delegateQueue = DispatchQueue(label: "visits")
    manager.delegate = recorder
    await recorder.run(manager) { manager.startMonitoringVisits() }

    let visits = recorder.visits
    #expect(visits.count == 4)
    guard visits.count == 4 else { return }
    for (index, expected) in reference.enumerated() {
      let arrival = visits[2 * index]
      let departure = visits[2 * index + 1]
      #expect(arrival.departureDate == .distantFuture)
      #expect(abs(arrival.arrivalDate.timeIntervalSince1970 - expected.arrival) <= 1)
      #expect(departure.arrivalDate == arrival.arrivalDate)
      #expect(abs(departure.departureDate.timeIntervalSince1970 - (expected.departure ?? 0)) <= 1)
      // Where it stood: within a few metres of the truth while stopped.
      let stop = try #require(drive.truth.first { $0.time > expected.arrival && $0.speed == 0 })
      let offset = Geodesic.wgs84.inverse(
        latitude1: departure.coordinate.latitude, longitude1: departure.coordinate.longitude,
        latitude2: stop.latitude, longitude2: stop.longitude
      ).distance
      #expect(offset < 5)
      #expect(departure.horizontalAccuracy >= 0 && departure.horizontalAccuracy < 50)
    }
    // Updates were never started: visits alone keep the receiver open.
    #expect(recorder.locations.isEmpty)
  }

  @Test("still there when the input ends: only the arrival")
  func stillThere() async throws {
    let drive = try PlannedDrive(stops: [DriveStop(at: 60, duration: 3_600)], duration: 600)
    defer { drive.remove() }
    #expect(drive.referenceVisits().map(\.departure) == [nil])
    var options = LocationServiceOptions(
      source: .file(path: drive.path, pacing: .asFastAsPossible))
    options.visits = VisitRule()
    var visits: [Visit] = []
    for try await event in LocationService(options: options).updates() {
      if case .visit(let visit) = event { visits.append(visit) }
    }
    #expect(visits.count == 1)
    #expect(visits.first?.departureDate == .distantFuture)
    let arrival = try #require(drive.referenceVisits().first?.arrival)
    #expect(abs((visits.first?.arrivalDate.timeIntervalSince1970 ?? 0) - arrival) <= 1)
  }

  @Test("the detector: jitter within the radius stays, a gap does not end a stay")
  func detector() {
    var detector = VisitDetector(rule: VisitRule(radius: 50, minimumDwell: 300))
    let start = Date(timeIntervalSince1970: 1_000)
    var events: [Visit] = []
    func fix(_ seconds: Double, north metres: Double) -> VisitDetector.Fix {
      VisitDetector.Fix(
        latitude: 48 + metres / 111_200, longitude: 11, time: start + seconds, accuracy: 5)
    }
    // 200 s jittering ±20 m, a 10-minute gap, 200 s more, then away.
    for second in stride(from: 0.0, through: 200, by: 1) {
      if let visit = detector.add(
        fix(second, north: second.truncatingRemainder(dividingBy: 2) * 40 - 20))
      {
        events.append(visit)
      }
    }
    #expect(events.isEmpty)
    for second in stride(from: 800.0, through: 1_000, by: 1) {
      if let visit = detector.add(fix(second, north: 10)) { events.append(visit) }
    }
    if let visit = detector.add(fix(1_001, north: 500)) { events.append(visit) }
    #expect(events.count == 2)
    #expect(events.first?.arrivalDate == start)
    #expect(events.first?.departureDate == .distantFuture)
    #expect(events.last?.departureDate == start + 1_000)
    // Mean of ±20 m jitter and 10 m: north of 48° by a few metres; spread above accuracy 5.
    #expect(abs((events.last?.coordinate.latitude ?? 0) - 48) * 111_200 < 10)
    #expect((events.last?.horizontalAccuracy ?? 0) > 5)
  }

  @Test("CLVisit: Apple's sentinels, subclassing, archiving")
  func visitObject() throws {
    let visit = CLVisit()
    #expect(visit.arrivalDate == .distantPast)
    #expect(visit.departureDate == .distantFuture)
    #expect(!CLLocationCoordinate2DIsValid(visit.coordinate))
    #expect(visit.horizontalAccuracy == -1)
  }
}
