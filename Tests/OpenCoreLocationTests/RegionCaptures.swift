import Foundation
import Geodesy
import NMEA
import TestSupport

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// Synthetic drives for the region tests, written as NMEA captures (GGA, GST, RMC per second,
/// by the NMEA module's encoder, lossless) and replayed as file sources. Fix `i` is at
/// 2025-06-15T10:00:00Z + `i` seconds; its horizontal accuracy is exact (GST errors
/// 0.6a and 0.8a give √(σlat² + σlon²) = a).
enum RegionCaptures {
  /// One fix: where, and how accurate.
  struct Fix {
    var latitude: Double
    var longitude: Double
    var accuracy: Double = 5
  }

  /// A region of a scenario.
  struct Region {
    var name: String
    var latitude: Double
    var longitude: Double
    var radius: Double
    var center: CLLocationCoordinate2D {
      CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
    }
  }

  /// 2025-06-15T10:00:00Z.
  static let start = Double(TourCapture.start)

  /// The index of the fix a time belongs to.
  static func index(_ date: Date) -> Int { Int((date.timeIntervalSince1970 - start).rounded()) }

  /// The capture's bytes.
  static func nmea(_ fixes: [Fix]) -> [UInt8] {
    TourCapture.nmea(fixes.map { ($0.latitude, $0.longitude, $0.accuracy) })
  }

  /// Writes the capture to a new temporary file; returns its path.
  static func file(_ fixes: [Fix], name: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("locate-regions-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent(name).path
    FileManager.default.createFile(atPath: path, contents: Data(nmea(fixes)))
    return path
  }

  /// The point `distance` metres from `origin` on `azimuth` (negative: backwards).
  static func fix(
    _ origin: CLLocationCoordinate2D, _ azimuth: Double, _ distance: Double, accuracy: Double = 5
  ) -> Fix {
    let point = Geodesic.wgs84.direct(
      latitude: origin.latitude, longitude: origin.longitude, azimuth: azimuth,
      distance: distance)
    return Fix(latitude: point.latitude, longitude: point.longitude, accuracy: accuracy)
  }

  static func distance(_ a: CLLocationCoordinate2D, _ b: CLLocationCoordinate2D) -> Double {
    Geodesic.wgs84.inverse(
      latitude1: a.latitude, longitude1: a.longitude, latitude2: b.latitude,
      longitude2: b.longitude
    ).distance
  }

  static func azimuth(_ a: CLLocationCoordinate2D, _ b: CLLocationCoordinate2D) -> Double {
    Geodesic.wgs84.inverse(
      latitude1: a.latitude, longitude1: a.longitude, latitude2: b.latitude,
      longitude2: b.longitude
    ).initialAzimuth
  }
}

/// The tour: a drive through four regions in Munich, one fix a second, 10 m apart.
///
/// - A (fixes 0–120): from 5 m east of the depot's centre straight to the yard's centre,
///   5 + 10i m from the depot; fixes 50–150 m from the yard's centre have 80 m accuracy. The
///   path passes about 289 m from the centre of graze (r 300 m).
/// - B (121–219): from 5 m past the yard's centre towards the gate's, 5 + 10j m from the yard,
///   while more than 215 m from the gate's centre.
/// - Park (220–819): ten minutes 205 m from the gate's centre (outside by 5 m), jittering
///   ±15 m along the path.
/// - C (820–864): on into the gate, 195, 185 … 5 m from its centre, then out beyond it,
///   5, 15 … 245 m.
enum Tour {
  static let depot = RegionCaptures.Region(
    name: "depot", latitude: 48.1173, longitude: 11.5167, radius: 200)
  static let graze = RegionCaptures.Region(
    name: "graze", latitude: 48.1199, longitude: 11.525, radius: 300)
  static let yard = RegionCaptures.Region(
    name: "yard", latitude: 48.1173, longitude: 11.533, radius: 100)
  static let gate = RegionCaptures.Region(
    name: "gate", latitude: 48.11, longitude: 11.545, radius: 200)
  static let regions = [depot, graze, yard, gate]

  /// Depot to yard, and yard to gate, metres.
  static let lengthA = RegionCaptures.distance(depot.center, yard.center)
  static let lengthB = RegionCaptures.distance(yard.center, gate.center)

  /// The jitter of each parked fix, metres towards the gate (−15…15, in centimetres).
  static let jitter: [Double] = {
    var generator = SeededRandom(seed: 9)
    return (0..<600).map { _ in Double(generator.next() % 3001) / 100 - 15 }
  }()

  static let fixes: [RegionCaptures.Fix] = {
    var fixes: [RegionCaptures.Fix] = []
    let toYard = RegionCaptures.azimuth(depot.center, yard.center)
    var s = 5.0
    while s < lengthA {
      let toGo = lengthA - s
      let poor = toGo > 50 && toGo <= 150
      fixes.append(RegionCaptures.fix(depot.center, toYard, s, accuracy: poor ? 80 : 5))
      s += 10
    }
    let toGate = RegionCaptures.azimuth(yard.center, gate.center)
    s = 5
    while lengthB - s > 215 {
      fixes.append(RegionCaptures.fix(yard.center, toGate, s))
      s += 10
    }
    for offset in jitter {
      fixes.append(RegionCaptures.fix(yard.center, toGate, lengthB - 205 + offset))
    }
    for distance in stride(from: 195.0, through: 5, by: -10) {
      fixes.append(RegionCaptures.fix(yard.center, toGate, lengthB - distance))
    }
    for beyond in stride(from: 5.0, through: 245, by: 10) {
      fixes.append(RegionCaptures.fix(yard.center, toGate, lengthB + beyond))
    }
    return fixes
  }()

  /// The events, as `region state @fix`: first states at fix 0, the depot left at 225 m
  /// (fix 22), the yard entered at the first accurate fix after the poor ones (fix 116, 48.6 m
  /// from its centre; at 5 m accuracy fix 113 would have), left at 125 m (fix 133), nothing
  /// while parked, the gate entered at 175 m (fix 822) and left at 225 m (fix 862).
  static let expected = [
    "depot inside @0", "graze outside @0", "yard outside @0", "gate outside @0",
    "depot outside @22", "yard inside @116", "yard outside @133", "gate inside @822",
    "gate outside @862",
  ]
}

/// A region across the antimeridian: r 500 m around (−16.5°, 180°), crossed due east from
/// 1495 m west of the centre to 805 m east of it, 10 m a second: outside at fix 0, entered at
/// 475 m (fix 102), left at 525 m (fix 202).
enum Dateline {
  static let region = RegionCaptures.Region(
    name: "dateline", latitude: -16.5, longitude: 180, radius: 500)
  static let fixes = (0...230).map { k in
    RegionCaptures.fix(region.center, 90, -1495 + 10 * Double(k))
  }
  static let expected = ["dateline outside @0", "dateline inside @102", "dateline outside @202"]
}

/// A region around the North Pole: r 1000 m, crossed from 2995 m out along 30° E, over the
/// pole, out along 150° W: outside at fix 0, entered at 975 m (fix 202), left at 1025 m
/// (fix 402).
enum Pole {
  static let region = RegionCaptures.Region(
    name: "pole", latitude: 90, longitude: 0, radius: 1000)
  static let fixes = (0...420).map { k in
    RegionCaptures.fix(region.center, 30, 2995 - 10 * Double(k))
  }
  static let expected = ["pole outside @0", "pole inside @202", "pole outside @402"]
}
