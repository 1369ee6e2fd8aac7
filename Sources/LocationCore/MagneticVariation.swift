import FoundationEssentials
import Geodesy

/// The magnetic variation (declination) at a fix: how far magnetic north lies east of true
/// north there, degrees (west negative).
///
/// The receiver's own when its RMC sent one; otherwise the World Magnetic Model's (WMM2025,
/// ``MagneticModel``) at the fix's position, height above the ellipsoid (0 when unknown) and
/// date, as gpsd computes one from its own model when the receiver sends none.
public struct MagneticVariation: Sendable, Hashable {
  /// Where a variation comes from.
  public enum Source: Sendable, Hashable {
    /// The receiver sent it (RMC fields 10 and 11).
    case receiver
    /// The World Magnetic Model 2025.
    case model
  }

  /// Degrees east of true north (west negative).
  public var degrees: Double
  /// Who said it.
  public var source: Source

  /// Makes a variation.
  public init(degrees: Double, source: Source) {
    self.degrees = degrees
    self.source = source
  }

  /// The model's variation at a point and time (`seconds` since 1970, UTC): see
  /// ``MagneticModel/declination(latitude:longitude:height:year:)``.
  public static func model(
    latitude: Double, longitude: Double, height: Double = 0, at seconds: Double
  )
    -> MagneticVariation?
  {
    MagneticModel.declination(
      latitude: latitude, longitude: longitude, height: height,
      year: MagneticModel.decimalYear(secondsSince1970: seconds)
    ).map { MagneticVariation(degrees: $0, source: .model) }
  }

  /// A direction relative to true north turned into one relative to magnetic north (true
  /// minus the variation), in [0, 360).
  public func magnetic(fromTrue degrees: Double) -> Double {
    let value = (degrees - self.degrees).truncatingRemainder(dividingBy: 360)
    return value < 0 ? value + 360 : value
  }
}

extension Fix {
  /// The magnetic variation at the fix (see ``MagneticVariation``): the receiver's, else the
  /// model's; nil only for a coordinate that is not valid.
  public var magneticVariation: MagneticVariation? {
    if let own = gnss?.magneticVariation {
      return MagneticVariation(degrees: own, source: .receiver)
    }
    if let model = gnss?.modelVariation { return MagneticVariation(degrees: model, source: .model) }
    return .model(
      latitude: coordinate.latitude, longitude: coordinate.longitude,
      height: verticalAccuracy > 0 ? ellipsoidalAltitude : 0,
      at: timestamp.timeIntervalSince1970)
  }
}

/// The World Magnetic Model's declination along a receiver's track, evaluated again only when
/// the fix has moved 0.01° (about 1 km) in latitude or longitude from where it last was, or a
/// day has passed: the model's spherical harmonics cost more than the rest of a fix (14 % of
/// `locate watch --json`'s instructions when evaluated for every TPV). The declination varies
/// by a few hundredths of a degree over such a step, except within a few hundred kilometres of
/// the magnetic poles.
struct DeclinationCache {
  /// How far a fix may move, in degrees of latitude or longitude, before the model is
  /// evaluated again.
  static let step = 0.01
  private var last: (latitude: Double, longitude: Double, day: Int, degrees: Double?)?

  /// The model's declination at a fix (degrees east), or nil off the globe.
  mutating func declination(latitude: Double, longitude: Double, height: Double, at seconds: Double)
    -> Double?
  {
    let day = Int((seconds / 86_400).rounded(.down))
    if let last, last.day == day, abs(last.latitude - latitude) < Self.step,
      abs(last.longitude - longitude) < Self.step
    {
      return last.degrees
    }
    let degrees = MagneticVariation.model(
      latitude: latitude, longitude: longitude, height: height, at: seconds)?.degrees
    last = (latitude, longitude, day, degrees)
    return degrees
  }
}
