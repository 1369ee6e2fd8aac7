import FoundationEssentials

/// A visit the engine detected (the facade's `CLVisit` is built from one): a stay of at least
/// five minutes within a small radius.
public struct Visit: Sendable, Hashable {
  /// When the stay began; `Date.distantPast` when unknown.
  public var arrivalDate = Date.distantPast
  /// When it ended; `Date.distantFuture` while it goes on.
  public var departureDate = Date.distantFuture
  /// The centre of the stay.
  public var coordinate = kCLLocationCoordinate2DInvalid
  /// The radius of the stay, metres; negative when invalid.
  public var horizontalAccuracy: CLLocationAccuracy = -1

  /// Makes a visit; what is not given is unknown.
  public init(
    arrivalDate: Date = .distantPast, departureDate: Date = .distantFuture,
    coordinate: CLLocationCoordinate2D = kCLLocationCoordinate2DInvalid,
    horizontalAccuracy: CLLocationAccuracy = -1
  ) {
    self.arrivalDate = arrivalDate
    self.departureDate = departureDate
    self.coordinate = coordinate
    self.horizontalAccuracy = horizontalAccuracy
  }
}
