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
    return .model(
      latitude: coordinate.latitude, longitude: coordinate.longitude,
      height: verticalAccuracy > 0 ? ellipsoidalAltitude : 0,
      at: timestamp.timeIntervalSince1970)
  }
}
