import Foundation

/// A place where the receiver stayed (Core Location's `CLVisit`), decided by ``VisitRule``.
///
/// A visit is delivered twice, as on Apple's platforms: on arrival (``departureDate`` is
/// `Date.distantFuture` while still there) and on departure, complete. Both carry the same
/// ``arrivalDate``; the departure's ``coordinate`` and ``horizontalAccuracy`` cover the whole
/// stay.
open class CLVisit: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  /// The stored values: the engine's reading.
  typealias Fields = Visit

  let fields: Fields

  init(fields: Fields) {
    self.fields = fields
    super.init()
  }

  /// A visit with nothing known (arrival `distantPast`, departure `distantFuture`, invalid
  /// coordinate), for subclasses (apps that fake visits in tests).
  public override init() {
    fields = Fields()
    super.init()
  }

  /// Decodes a visit archived by ``encode(with:)``; nil without its dates.
  public required init?(coder: NSCoder) {
    guard let arrival = coder.decodeObject(of: NSDate.self, forKey: "arrivalDate"),
      let departure = coder.decodeObject(of: NSDate.self, forKey: "departureDate")
    else { return nil }
    fields = Fields(
      arrivalDate: arrival as Date, departureDate: departure as Date,
      coordinate: CLLocationCoordinate2D(
        latitude: coder.decodeDouble(forKey: "latitude"),
        longitude: coder.decodeDouble(forKey: "longitude")),
      horizontalAccuracy: coder.decodeDouble(forKey: "horizontalAccuracy"))
    super.init()
  }

  /// When the receiver arrived: the first fix of the stay (see ``VisitRule``).
  open var arrivalDate: Date { fields.arrivalDate }
  /// When it left: the last fix of the stay; `Date.distantFuture` while it is still there.
  open var departureDate: Date { fields.departureDate }
  /// The middle of the stay: the mean position of its fixes.
  open var coordinate: CLLocationCoordinate2D { fields.coordinate }
  /// The radius of uncertainty of ``coordinate``, metres (see ``VisitRule``).
  open var horizontalAccuracy: CLLocationAccuracy { fields.horizontalAccuracy }

  /// Archives are decoded with `requiringSecureCoding: true`.
  public class var supportsSecureCoding: Bool { true }

  /// Archives the dates, the coordinate and the accuracy.
  open func encode(with coder: NSCoder) {
    coder.encode(arrivalDate as NSDate, forKey: "arrivalDate")
    coder.encode(departureDate as NSDate, forKey: "departureDate")
    coder.encode(coordinate.latitude, forKey: "latitude")
    coder.encode(coordinate.longitude, forKey: "longitude")
    coder.encode(horizontalAccuracy, forKey: "horizontalAccuracy")
  }

  /// The same visit (visits are immutable).
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// Equal when the dates, the coordinate and the accuracy are.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? CLVisit else { return false }
    return other.arrivalDate == arrivalDate && other.departureDate == departureDate
      && other.coordinate == coordinate && other.horizontalAccuracy == horizontalAccuracy
  }

  /// The hash of the stored values.
  open override var hash: Int { fields.hashValue }

  /// `<+48.11730000,+11.51670000> +/- 12.00m arrived 6/15/25, 10:02:03 AM … departed …`.
  open override var description: String {
    let position = String(
      format: "<%+.8f,%+.8f> +/- %.2fm", coordinate.latitude, coordinate.longitude,
      horizontalAccuracy)
    let departure =
      departureDate == .distantFuture ? "still there" : CLLocation.describe(departureDate)
    return "\(position) arrived \(CLLocation.describe(arrivalDate)), departed \(departure)"
  }
}
