/// A point on the WGS-84 ellipsoid, degrees.
public struct GeoPoint: Sendable, Hashable {
  /// Degrees north, −90…90.
  public var latitude: Double
  /// Degrees east, −180…180.
  public var longitude: Double

  /// Makes a point.
  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }
}
