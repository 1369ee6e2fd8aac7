/// A two-character talker ID (`GP`, `GN`, `GL`, `GA`, `GB`, `BD`, `GQ`, `QZ`, `GI`, `IN`, …).
///
/// Any two printable characters are accepted; the constants name the common ones.
public struct Talker: Sendable, Hashable, CustomStringConvertible {
  /// The two ASCII bytes, first in the high byte.
  public let rawValue: UInt16

  /// Makes a talker from its two ASCII bytes.
  @inlinable
  public init(_ first: UInt8, _ second: UInt8) { rawValue = UInt16(first) << 8 | UInt16(second) }

  /// Makes a talker from a two-character string such as `"GN"`; `nil` for any other length.
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 2 else { return nil }
    self.init(bytes[0], bytes[1])
  }

  /// The two characters, such as `GP`.
  public var description: String {
    String(decoding: [UInt8(rawValue >> 8), UInt8(rawValue & 0xFF)], as: UTF8.self)
  }

  /// GPS.
  public static let gps = Talker(0x47, 0x50)
  /// Combined GNSS.
  public static let gnss = Talker(0x47, 0x4E)
  /// GLONASS.
  public static let glonass = Talker(0x47, 0x4C)
  /// Galileo.
  public static let galileo = Talker(0x47, 0x41)
  /// BeiDou (NMEA 4.11 spelling).
  public static let beidou = Talker(0x47, 0x42)
  /// BeiDou (older spelling).
  public static let beidouBD = Talker(0x42, 0x44)
  /// QZSS (NMEA 4.11 spelling).
  public static let qzss = Talker(0x47, 0x51)
  /// QZSS (older spelling).
  public static let qzssQZ = Talker(0x51, 0x5A)
  /// NavIC / IRNSS.
  public static let navic = Talker(0x47, 0x49)
}

/// A UTC time of day as sent (`hhmmss.sss`), to the nanosecond.
public struct UTCTime: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Hour, 0–23.
  public var hour: UInt8
  /// Minute, 0–59.
  public var minute: UInt8
  /// Second, 0–60 (60 only for a leap second).
  public var second: UInt8
  /// Fraction of the second in nanoseconds.
  public var nanosecond: UInt32

  /// Makes a time; the values are not checked here (the parser checks them).
  @inlinable
  public init(hour: UInt8, minute: UInt8, second: UInt8, nanosecond: UInt32 = 0) {
    self.hour = hour
    self.minute = minute
    self.second = second
    self.nanosecond = nanosecond
  }

  /// Nanoseconds since midnight.
  @inlinable
  public var nanosecondsOfDay: Int64 {
    (Int64(hour) * 3600 + Int64(minute) * 60 + Int64(second)) * 1_000_000_000 + Int64(nanosecond)
  }

  /// Seconds since midnight, with the fraction.
  @inlinable
  public var secondsOfDay: Double { Double(nanosecondsOfDay) / 1e9 }

  /// Orders times within one day.
  @inlinable
  public static func < (lhs: UTCTime, rhs: UTCTime) -> Bool {
    lhs.nanosecondsOfDay < rhs.nanosecondsOfDay
  }

  /// `hh:mm:ss.sss`.
  public var description: String {
    func two(_ value: UInt8) -> String { value < 10 ? "0\(value)" : "\(value)" }
    var millis = String(nanosecond / 1_000_000)
    while millis.count < 3 { millis = "0" + millis }
    return "\(two(hour)):\(two(minute)):\(two(second)).\(millis)"
  }
}

/// A calendar date as sent by RMC (`ddmmyy`) or ZDA (day, month, four-digit year).
///
/// RMC's two-digit years are windowed at 1980 (the GPS epoch): 80–99 are 1980–1999, 00–79 are
/// 2000–2079. The 1024-week rollover of old firmware is the fix assembler's business, not this.
public struct NMEADate: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Four-digit year.
  public var year: Int16
  /// Month, 1–12.
  public var month: UInt8
  /// Day of the month, 1–31 (checked against the month's length).
  public var day: UInt8

  /// Makes a date; the values are not checked here (the parser checks them).
  @inlinable
  public init(year: Int16, month: UInt8, day: UInt8) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Orders dates.
  @inlinable
  public static func < (lhs: NMEADate, rhs: NMEADate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// `yyyy-mm-dd`.
  public var description: String {
    func two(_ value: UInt8) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(two(month))-\(two(day))"
  }
}

/// `A` (data valid) or `V` (void, a warning) from RMC and GLL.
public enum DataStatus: UInt8, Sendable, Hashable {
  /// `A`: the receiver considers the data valid.
  case valid = 0x41
  /// `V`: void; the position must not be used as a fix.
  case void = 0x56
}

/// The NMEA 2.3+ mode indicator (FAA mode) of RMC, GLL, VTG and GNS.
public enum FAAMode: Sendable, Hashable {
  /// `A` autonomous.
  case autonomous
  /// `D` differential.
  case differential
  /// `E` estimated (dead reckoning).
  case estimated
  /// `F` float RTK.
  case floatRTK
  /// `M` manual input.
  case manual
  /// `N` data not valid.
  case notValid
  /// `P` precise.
  case precise
  /// `R` fixed RTK.
  case rtk
  /// `S` simulator.
  case simulator
  /// Any other letter, kept as sent.
  case other(UInt8)

  /// The mode for one indicator letter.
  @inlinable
  public init(_ letter: UInt8) {
    switch letter {
    case UInt8(ascii: "A"): self = .autonomous
    case UInt8(ascii: "D"): self = .differential
    case UInt8(ascii: "E"): self = .estimated
    case UInt8(ascii: "F"): self = .floatRTK
    case UInt8(ascii: "M"): self = .manual
    case UInt8(ascii: "N"): self = .notValid
    case UInt8(ascii: "P"): self = .precise
    case UInt8(ascii: "R"): self = .rtk
    case UInt8(ascii: "S"): self = .simulator
    default: self = .other(letter)
    }
  }

  /// The indicator letter, as sent.
  public var letter: UInt8 {
    switch self {
    case .autonomous: UInt8(ascii: "A")
    case .differential: UInt8(ascii: "D")
    case .estimated: UInt8(ascii: "E")
    case .floatRTK: UInt8(ascii: "F")
    case .manual: UInt8(ascii: "M")
    case .notValid: UInt8(ascii: "N")
    case .precise: UInt8(ascii: "P")
    case .rtk: UInt8(ascii: "R")
    case .simulator: UInt8(ascii: "S")
    case .other(let letter): letter
    }
  }
}

/// The NMEA 4.1 navigational status of RMC and GNS: `S` safe, `C` caution, `U` unsafe,
/// `V` not valid for navigation; other letters kept as sent.
public enum NavigationStatus: Sendable, Hashable {
  /// `S`.
  case safe
  /// `C`.
  case caution
  /// `U`.
  case unsafe
  /// `V`.
  case notValid
  /// Any other letter.
  case other(UInt8)

  /// The status for one letter.
  @inlinable
  public init(_ letter: UInt8) {
    switch letter {
    case UInt8(ascii: "S"): self = .safe
    case UInt8(ascii: "C"): self = .caution
    case UInt8(ascii: "U"): self = .unsafe
    case UInt8(ascii: "V"): self = .notValid
    default: self = .other(letter)
    }
  }

  /// The status letter, as sent.
  public var letter: UInt8 {
    switch self {
    case .safe: UInt8(ascii: "S")
    case .caution: UInt8(ascii: "C")
    case .unsafe: UInt8(ascii: "U")
    case .notValid: UInt8(ascii: "V")
    case .other(let letter): letter
    }
  }
}

/// GGA's fix quality indicator (field 6).
public enum GGAQuality: Sendable, Hashable {
  /// 0: no fix.
  case invalid
  /// 1: GPS (SPS) fix.
  case gps
  /// 2: differential GPS.
  case differential
  /// 3: PPS.
  case pps
  /// 4: RTK fixed.
  case rtkFixed
  /// 5: RTK float.
  case rtkFloat
  /// 6: estimated (dead reckoning).
  case estimated
  /// 7: manual input.
  case manual
  /// 8: simulator.
  case simulator
  /// Any other digit, kept as sent.
  case other(UInt8)

  /// The quality for its number.
  @inlinable
  public init(_ value: UInt8) {
    switch value {
    case 0: self = .invalid
    case 1: self = .gps
    case 2: self = .differential
    case 3: self = .pps
    case 4: self = .rtkFixed
    case 5: self = .rtkFloat
    case 6: self = .estimated
    case 7: self = .manual
    case 8: self = .simulator
    default: self = .other(value)
    }
  }

  /// The quality's number, as sent.
  public var number: UInt8 {
    switch self {
    case .invalid: 0
    case .gps: 1
    case .differential: 2
    case .pps: 3
    case .rtkFixed: 4
    case .rtkFloat: 5
    case .estimated: 6
    case .manual: 7
    case .simulator: 8
    case .other(let value): value
    }
  }
}

/// GSA's fix mode (field 2): 1 no fix, 2 2D, 3 3D.
public enum GSAFixMode: UInt8, Sendable, Hashable {
  /// 1.
  case noFix = 1
  /// 2.
  case fix2D = 2
  /// 3.
  case fix3D = 3
}

/// GSA's selection mode (field 1): `M` manual or `A` automatic 2D/3D.
public enum GSASelectionMode: UInt8, Sendable, Hashable {
  /// `M`.
  case manual = 0x4D
  /// `A`.
  case automatic = 0x41
}
