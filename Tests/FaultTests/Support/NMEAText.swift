import Foundation

/// Sentences written by hand for the time tests: one epoch is GGA, GSA and RMC at a time of
/// day (seconds) and date (`ddmmyy`), at a position.
extension NMEAText {
  static func gga(_ seconds: Double, _ lat: Double, _ lon: Double) -> String {
    sentence(
      "GPGGA,\(time(seconds)),\(latitude(lat)),\(longitude(lon)),1,08,0.9,545.4,M,46.9,M,,")
  }

  static func gsa() -> String { sentence("GPGSA,A,3,04,05,09,12,24,25,,,,,,,1.6,0.9,1.3") }

  static func rmc(_ seconds: Double, _ lat: Double, _ lon: Double, date: String) -> String {
    sentence("GPRMC,\(time(seconds)),A,\(latitude(lat)),\(longitude(lon)),010.0,084.4,\(date),,,A")
  }

  static func zda(_ seconds: Double, day: Int, month: Int, year: Int) -> String {
    sentence(String(format: "GPZDA,%@,%02d,%02d,%04d,00,00", time(seconds), day, month, year))
  }

  /// A whole epoch: GGA, GSA, RMC (with the date, or none for a GGA-only receiver).
  static func epoch(_ seconds: Double, date: String?, lat: Double = 48.1, lon: Double = 11.5)
    -> String
  {
    gga(seconds, lat, lon) + gsa() + (date.map { rmc(seconds, lat, lon, date: $0) } ?? "")
  }
}
