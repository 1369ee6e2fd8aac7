// NMEA test lines built by the library's own encoder, so the tests share one checksum.
import Foundation
import NMEA

/// NMEA sentences as text for tests.
public enum NMEAText {
  /// `$BODY*hh\r\n`: `body` (without `$`) closed with its checksum by ``NMEAEncoder``.
  public static func sentence(_ body: String) -> String {
    String(decoding: bytes(body), as: UTF8.self)
  }

  /// `$BODY*hh`, without the line end.
  public static func checksummed(_ body: String) -> String {
    String(decoding: bytes(body).dropLast(2), as: UTF8.self)
  }

  /// `$BODY*hh\r\n` as bytes.
  public static func bytes(_ body: String) -> [UInt8] {
    NMEAEncoder().encode(.unknown(UnknownSentence(address: "", talker: nil, line: "$" + body)))
  }

  /// `hhmmss.ss` for seconds since midnight.
  public static func time(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.down))
    let hundredths = Int(((seconds - Double(whole)) * 100).rounded())
    return String(
      format: "%02d%02d%02d.%02d", whole / 3600 % 24, whole / 60 % 60, whole % 60, hundredths)
  }

  /// `ddmm.mmmm,N` with `decimals` decimals of minutes.
  public static func latitude(_ value: Double, decimals: Int = 4) -> String {
    coordinate(value, degreeDigits: 2, decimals: decimals, hemispheres: ("N", "S"))
  }

  /// `dddmm.mmmm,E` with `decimals` decimals of minutes.
  public static func longitude(_ value: Double, decimals: Int = 4) -> String {
    coordinate(value, degreeDigits: 3, decimals: decimals, hemispheres: ("E", "W"))
  }

  static func coordinate(
    _ value: Double, degreeDigits: Int, decimals: Int, hemispheres: (String, String)
  ) -> String {
    let degrees = Int(abs(value))
    let minutes = (abs(value) - Double(degrees)) * 60
    let minutesFormat = "%0\(decimals + 3).\(decimals)f"
    return String(format: "%0\(degreeDigits)d", degrees) + String(format: minutesFormat, minutes)
      + "," + (value < 0 ? hemispheres.1 : hemispheres.0)
  }
}
