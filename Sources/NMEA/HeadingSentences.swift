// The heading sentences: where the vessel or vehicle points, as gyrocompasses, dual-antenna
// GNSS receivers, inertial units and magnetic compasses send it. Heading is not course over
// ground (RMC, VTG): a boat in a current or a car reversing points one way and moves another.

/// HDT: heading, degrees true (gyrocompass, dual-antenna receiver).
public struct HDT: Sendable, Hashable {
  /// Who sent it (`HE` gyro, `GP`/`GN` receiver, `IN` integrated navigation…).
  public var talker: Talker
  /// Field 1, heading in degrees true.
  public var heading: Double?

  /// Makes an HDT with the heading absent.
  @inlinable
  public init(talker: Talker) { self.talker = talker }
}

/// THS: true heading and status (NMEA 3.0+), the successor of HDT with a mode letter.
public struct THS: Sendable, Hashable {
  /// Who sent it.
  public var talker: Talker
  /// Field 1, heading in degrees true.
  public var heading: Double?
  /// Field 2, how the heading was obtained; ``HeadingStatus/invalid`` (`V`) means the
  /// heading must not be used.
  public var status: HeadingStatus?

  /// Makes a THS with every field absent.
  @inlinable
  public init(talker: Talker) { self.talker = talker }
}

/// HDG: a magnetic sensor's heading, with its deviation and the magnetic variation.
///
/// Magnetic heading = sensor heading + deviation; true heading = magnetic heading +
/// variation (east positive, as NMEA defines them).
public struct HDG: Sendable, Hashable {
  /// Who sent it (`HC` magnetic compass…).
  public var talker: Talker
  /// Field 1, the sensor's heading, degrees.
  public var heading: Double?
  /// Fields 2–3, the sensor's deviation, degrees, west negative.
  public var deviation: Double?
  /// Fields 4–5, the magnetic variation, degrees, west negative.
  public var variation: Double?

  /// Makes an HDG with every field absent.
  @inlinable
  public init(talker: Talker) { self.talker = talker }
}

/// HDM: heading, degrees magnetic.
public struct HDM: Sendable, Hashable {
  /// Who sent it (`HC` magnetic compass, `AP` autopilot…).
  public var talker: Talker
  /// Field 1, heading in degrees magnetic.
  public var heading: Double?

  /// Makes an HDM with the heading absent.
  @inlinable
  public init(talker: Talker) { self.talker = talker }
}

/// THS's mode letter.
public enum HeadingStatus: Sendable, Hashable {
  /// `A` autonomous.
  case autonomous
  /// `E` estimated (dead reckoning).
  case estimated
  /// `M` manual input.
  case manual
  /// `S` simulator.
  case simulator
  /// `V` data not valid.
  case invalid
  /// Any other letter, kept as sent.
  case other(UInt8)

  /// The status for one mode letter.
  @inlinable
  public init(_ letter: UInt8) {
    switch letter {
    case UInt8(ascii: "A"): self = .autonomous
    case UInt8(ascii: "E"): self = .estimated
    case UInt8(ascii: "M"): self = .manual
    case UInt8(ascii: "S"): self = .simulator
    case UInt8(ascii: "V"): self = .invalid
    default: self = .other(letter)
    }
  }

  /// The mode letter, as sent.
  public var letter: UInt8 {
    switch self {
    case .autonomous: return UInt8(ascii: "A")
    case .estimated: return UInt8(ascii: "E")
    case .manual: return UInt8(ascii: "M")
    case .simulator: return UInt8(ascii: "S")
    case .invalid: return UInt8(ascii: "V")
    case .other(let letter): return letter
    }
  }
}
