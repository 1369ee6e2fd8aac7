import Foundation
import Geodesy
import Receivers

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation
@testable import VirtualReceiver

/// A drive with planned stops, its truth, and the visits ``VisitRule`` says it makes,
/// computed offline from the truth (stay-point detection over the whole track, geodesic
/// distances): the reference the live detector is held to.
struct PlannedDrive {
  let path: String
  let truth: [DriveEpoch]

  /// Stops of 7 minutes, 1 minute (a red light: no visit) and 12 minutes.
  static let stops = [
    DriveStop(at: 100, duration: 420), DriveStop(at: 700, duration: 60),
    DriveStop(at: 900, duration: 720),
  ]

  init(
    stops: [DriveStop] = PlannedDrive.stops, duration: Double = 1_900,
    heading: DriveHeadingSentence? = nil
  ) throws {
    var options = DriveOptions()
    options.startTime = 1_750_000_000
    options.duration = duration
    options.fixLoss = false
    options.stopPlan = stops
    options.headingSentence = heading
    var generator = try DriveGenerator(options: options)
    var bytes: [UInt8] = []
    var truth: [DriveEpoch] = []
    while let chunk = generator.next() {
      bytes += chunk.bytes
      if let epoch = generator.current { truth.append(epoch) }
    }
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("planned-drive-\(UUID().uuidString).nmea").path
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    self.truth = truth
  }

  func remove() { try? FileManager.default.removeItem(atPath: path) }

  /// The stays of the rule over the truth: (arrival, departure or nil when still there).
  func referenceVisits(_ rule: VisitRule = VisitRule()) -> [(arrival: Double, departure: Double?)] {
    func distance(_ a: DriveEpoch, _ b: DriveEpoch) -> Double {
      Geodesic.wgs84.inverse(
        latitude1: a.latitude, longitude1: a.longitude, latitude2: b.latitude,
        longitude2: b.longitude
      ).distance
    }
    var stays: [(Double, Double?)] = []
    var i = 0
    while i < truth.count {
      var j = i + 1
      while j < truth.count && distance(truth[i], truth[j]) <= rule.radius { j += 1 }
      if truth[j - 1].time - truth[i].time >= rule.minimumDwell {
        stays.append((truth[i].time, j == truth.count ? nil : truth[j - 1].time))
        i = j
      } else {
        i += 1
      }
    }
    return stays
  }
}
