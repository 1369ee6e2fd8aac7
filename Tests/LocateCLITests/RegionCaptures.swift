import Foundation
import Geodesy
import NMEA
import TestSupport

/// The region tests' drive (the same as OpenCoreLocationTests' `Tour`), written as an NMEA
/// capture: GGA, GST and RMC each second by the NMEA module's encoder (lossless), fix `i` at
/// 2025-06-15T10:00:00Z + `i` s, its horizontal accuracy exact through GST (0.6a and 0.8a).
///
/// - A (fixes 0–120): from 5 m east of the depot's centre straight to the yard's centre, 5 + 10i
///   m from the depot; fixes 50–150 m from the yard's centre have 80 m accuracy; the path
///   passes about 289 m from the centre of graze (r 300 m).
/// - B (121–219): from 5 m past the yard's centre towards the gate's, 5 + 10j m from the yard,
///   while more than 215 m from the gate's centre.
/// - Park (220–819): ten minutes 205 m from the gate's centre, jittering ±15 m along the path.
/// - C (820–864): into the gate, 195, 185 … 5 m from its centre, then beyond, 5 … 245 m.
enum RegionTour {
  struct Region {
    var name: String
    var center: GeoPoint
    var radius: Double
    /// The `--region` value.
    var spec: String {
      "\(name)=\(center.latitude),\(center.longitude),\(Int(radius))"
    }
  }

  struct Fix {
    var point: GeoPoint
    var accuracy = 5.0
  }

  static let depot = Region(
    name: "depot", center: GeoPoint(latitude: 48.1173, longitude: 11.5167), radius: 200)
  static let graze = Region(
    name: "graze", center: GeoPoint(latitude: 48.1199, longitude: 11.525), radius: 300)
  static let yard = Region(
    name: "yard", center: GeoPoint(latitude: 48.1173, longitude: 11.533), radius: 100)
  static let gate = Region(
    name: "gate", center: GeoPoint(latitude: 48.11, longitude: 11.545), radius: 200)
  static let regions = [depot, graze, yard, gate]

  static let lengthA = Geodesic.wgs84.inverse(from: depot.center, to: yard.center).distance
  static let lengthB = Geodesic.wgs84.inverse(from: yard.center, to: gate.center).distance

  static let jitter: [Double] = {
    var generator = SeededRandom(seed: 9)
    return (0..<600).map { _ in Double(generator.next() % 3001) / 100 - 15 }
  }()

  static let fixes: [Fix] = {
    func along(_ from: GeoPoint, _ to: GeoPoint, _ distance: Double, _ accuracy: Double = 5)
      -> Fix
    {
      let azimuth = Geodesic.wgs84.inverse(from: from, to: to).initialAzimuth
      let point = Geodesic.wgs84.direct(from: from, azimuth: azimuth, distance: distance).point
      return Fix(point: point, accuracy: accuracy)
    }
    var fixes: [Fix] = []
    var s = 5.0
    while s < lengthA {
      let toGo = lengthA - s
      fixes.append(along(depot.center, yard.center, s, toGo > 50 && toGo <= 150 ? 80 : 5))
      s += 10
    }
    s = 5
    while lengthB - s > 215 {
      fixes.append(along(yard.center, gate.center, s))
      s += 10
    }
    for offset in jitter { fixes.append(along(yard.center, gate.center, lengthB - 205 + offset)) }
    for distance in stride(from: 195.0, through: 5, by: -10) {
      fixes.append(along(yard.center, gate.center, lengthB - distance))
    }
    for beyond in stride(from: 5.0, through: 245, by: 10) {
      fixes.append(along(yard.center, gate.center, lengthB + beyond))
    }
    return fixes
  }()

  /// The capture's bytes.
  static func nmea(_ fixes: [Fix]) -> [UInt8] {
    TourCapture.nmea(fixes.map { ($0.point.latitude, $0.point.longitude, $0.accuracy) })
  }

  /// `10:00:00` + `index` seconds, as the CLI writes it.
  static func time(_ index: Int) -> String {
    let day = 36_000 + index
    return String(format: "2025-06-15T%02d:%02d:%02d.000Z", day / 3600, day / 60 % 60, day % 60)
  }

  /// Metres from fix `index` to a region's centre.
  static func distance(_ index: Int, _ region: Region) -> Double {
    Geodesic.wgs84.inverse(from: fixes[index].point, to: region.center).distance
  }

  /// The text line for an event.
  static func line(_ index: Int, _ verb: String, _ region: Region) -> String {
    let centre = "\(region.center.latitude), \(region.center.longitude) r \(Int(region.radius)) m"
    let metres = String(format: "%.1f", distance(index, region))
    return "\(time(index))  \(verb) \(region.name) (\(centre)): \(metres) m from centre ±5.0 m"
  }

  /// The events: (fix, verb, region), in order.
  static let events: [(Int, String, Region)] = [
    (0, "inside", depot), (0, "outside", graze), (0, "outside", yard), (0, "outside", gate),
    (22, "exited", depot), (116, "entered", yard), (133, "exited", yard), (822, "entered", gate),
    (862, "exited", gate),
  ]
}
