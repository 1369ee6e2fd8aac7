import Foundation
import NMEA

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// Builds NMEA sentences for tests, with correct checksums.
enum Synthetic {
  /// `$body*hh\r\n`.
  static func line(_ body: String) -> String {
    NMEAText.sentence(body)
  }

  /// `ddmm.mmmmmmmm,N` (8 decimals of minutes: about 0.02 mm).
  static func latitude(_ value: Double) -> String {
    NMEAText.latitude(value, decimals: 8)
  }

  /// `dddmm.mmmmmmmm,E`.
  static func longitude(_ value: Double) -> String {
    NMEAText.longitude(value, decimals: 8)
  }

  /// `hhmmss.ss` for seconds since midnight.
  static func time(_ seconds: Double) -> String {
    NMEAText.time(seconds)
  }

  static func gga(
    _ seconds: Double, _ lat: Double, _ lon: Double, quality: Int = 1, satellites: Int = 8,
    hdop: Double = 1.0, altitude: Double = 100, separation: Double = 40, talker: String = "GP"
  ) -> String {
    line(
      "\(talker)GGA,\(time(seconds)),\(latitude(lat)),\(longitude(lon)),\(quality),"
        + String(format: "%02d,%.1f,%.1f,M,%.1f,M,,", satellites, hdop, altitude, separation))
  }

  static func rmc(
    _ seconds: Double, _ lat: Double, _ lon: Double, status: String = "A", knots: Double = 0,
    course: Double = 0, date: String = "150625", mode: String = "A", talker: String = "GP"
  ) -> String {
    line(
      "\(talker)RMC,\(time(seconds)),\(status),\(latitude(lat)),\(longitude(lon)),"
        + String(format: "%.2f,%.2f,", knots, course) + "\(date),,,\(mode)")
  }

  static func gsa(
    mode: Int = 3, ids: [Int] = [2, 5, 7, 9, 13, 20], pdop: Double = 1.8, hdop: Double = 1.0,
    vdop: Double = 1.5, talker: String = "GP", systemID: Int? = nil
  ) -> String {
    var fields = ids.map { String(format: "%02d", $0) }
    while fields.count < 12 { fields.append("") }
    let dops = String(format: "%.1f,%.1f,%.1f", pdop, hdop, vdop)
    return line(
      "\(talker)GSA,A,\(mode),\(fields.joined(separator: ",")),\(dops)"
        + (systemID.map { ",\($0)" } ?? ""))
  }

  static func gst(_ seconds: Double, lat: Double, lon: Double, alt: Double) -> String {
    line("GPGST,\(time(seconds)),1.0,2.0,1.0,0.0,\(lat),\(lon),\(alt)")
  }

  /// A standard epoch: GGA, GSA, RMC.
  static func epoch(
    _ seconds: Double, _ lat: Double, _ lon: Double, knots: Double = 0, hdop: Double = 1.0,
    date: String = "150625"
  ) -> String {
    gga(seconds, lat, lon, hdop: hdop) + gsa(hdop: hdop)
      + rmc(seconds, lat, lon, knots: knots, date: date)
  }

  /// Decodes text and runs it through an assembler, collecting every report.
  static func assemble(
    _ text: String, rollover: WeekRollover = .replay, into assembler: inout FixAssembler
  ) -> [EpochReport] {
    var decoder = NMEADecoder()
    var reports: [EpochReport] = []
    Array(text.utf8).withUnsafeBytes { buffer in
      decoder.feed(buffer) { event in
        guard case .sentence(let sentence, _) = event else { return }
        let step = assembler.add(sentence, at: 0, read: 1)
        if step.closed, let report = assembler.closedReport { reports.append(report) }
        if step.completed, let report = assembler.completedReport { reports.append(report) }
      }
    }
    return reports
  }
}
