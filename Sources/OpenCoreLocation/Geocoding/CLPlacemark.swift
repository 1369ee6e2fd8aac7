import Foundation
import Gazetteer

/// A place a ``CLGeocoder`` found (Core Location's `CLPlacemark`), from the offline gazetteer
/// (GeoNames' populated places; see ``CLGeocoder``).
///
/// A placemark names a populated place, never a street address: ``name`` and ``locality`` are
/// the place's name, ``administrativeArea`` its first-level division (state, province, region)
/// where GeoNames names it, ``isoCountryCode`` and ``country`` its country, ``timeZone`` its
/// IANA time zone, ``location`` GeoNames' coordinate of it. `thoroughfare`,
/// `subThoroughfare`, `subLocality`, `subAdministrativeArea`, `postalCode`, `inlandWater`,
/// `ocean`, `areasOfInterest` and `region` are nil: the gazetteer does not know them.
open class CLPlacemark: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  /// The stored values.
  struct Fields: Sendable, Hashable {
    var name: String?
    var locality: String?
    var administrativeArea: String?
    var isoCountryCode: String?
    var country: String?
    var timeZone: String?
    var latitude: Double?
    var longitude: Double?
  }

  let fields: Fields

  init(fields: Fields) {
    self.fields = fields
    super.init()
  }

  /// The placemark of a gazetteer place.
  convenience init(_ place: Place) {
    self.init(
      fields: Fields(
        name: place.name, locality: place.name, administrativeArea: place.administrativeArea,
        isoCountryCode: place.countryCode, country: place.country, timeZone: place.timeZone,
        latitude: place.latitude, longitude: place.longitude))
  }

  /// A placemark with the same values as another.
  public init(placemark: CLPlacemark) {
    fields = placemark.fields
    super.init()
  }

  /// Decodes a placemark archived by ``encode(with:)``.
  public required init?(coder: NSCoder) {
    func text(_ key: String) -> String? {
      coder.decodeObject(of: NSString.self, forKey: key).map { $0 as String }
    }
    let hasLocation = coder.containsValue(forKey: "latitude")
    fields = Fields(
      name: text("name"), locality: text("locality"),
      administrativeArea: text("administrativeArea"), isoCountryCode: text("isoCountryCode"),
      country: text("country"), timeZone: text("timeZone"),
      latitude: hasLocation ? coder.decodeDouble(forKey: "latitude") : nil,
      longitude: hasLocation ? coder.decodeDouble(forKey: "longitude") : nil)
    super.init()
  }

  /// Archives are decoded with `requiringSecureCoding: true`.
  public class var supportsSecureCoding: Bool { true }

  /// Archives the names, the time zone and the coordinate.
  open func encode(with coder: NSCoder) {
    let texts: [(String, String?)] = [
      ("name", fields.name), ("locality", fields.locality),
      ("administrativeArea", fields.administrativeArea), ("isoCountryCode", fields.isoCountryCode),
      ("country", fields.country), ("timeZone", fields.timeZone),
    ]
    for case (let key, let value?) in texts { coder.encode(value as NSString, forKey: key) }
    if let latitude = fields.latitude, let longitude = fields.longitude {
      coder.encode(latitude, forKey: "latitude")
      coder.encode(longitude, forKey: "longitude")
    }
  }

  /// The same placemark (placemarks are immutable).
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// GeoNames' coordinate of the place (horizontal accuracy 0, altitude unknown).
  open var location: CLLocation? {
    guard let latitude = fields.latitude, let longitude = fields.longitude else { return nil }
    return CLLocation(latitude: latitude, longitude: longitude)
  }
  /// Always nil: the gazetteer has points, not areas.
  open var region: CLRegion? { nil }
  /// The place's time zone (GeoNames' IANA name), when known.
  open var timeZone: TimeZone? { fields.timeZone.flatMap { TimeZone(identifier: $0) } }
  /// The place's name (`Garching bei München`).
  open var name: String? { fields.name }
  /// Always nil: no streets offline.
  open var thoroughfare: String? { nil }
  /// Always nil: no house numbers offline.
  open var subThoroughfare: String? { nil }
  /// The place's name: the city, town or village.
  open var locality: String? { fields.locality }
  /// Always nil.
  open var subLocality: String? { nil }
  /// The first-level division (`Bavaria`), when GeoNames names it.
  open var administrativeArea: String? { fields.administrativeArea }
  /// Always nil.
  open var subAdministrativeArea: String? { nil }
  /// Always nil: no postcodes offline.
  open var postalCode: String? { nil }
  /// ISO 3166-1 alpha-2 (`DE`).
  open var isoCountryCode: String? { fields.isoCountryCode }
  /// The country's English name (`Germany`).
  open var country: String? { fields.country }
  /// Always nil.
  open var inlandWater: String? { nil }
  /// Always nil.
  open var ocean: String? { nil }
  /// Always nil.
  open var areasOfInterest: [String]? { nil }

  /// The address book form (deprecated by Apple): `Name`, `City`, `State`, `Country`,
  /// `CountryCode`, and `FormattedAddressLines`.
  @available(*, deprecated, message: "Use the placemark's properties")
  open var addressDictionary: [AnyHashable: Any]? {
    var dictionary: [AnyHashable: Any] = [:]
    dictionary["Name"] = name
    dictionary["City"] = locality
    dictionary["State"] = administrativeArea
    dictionary["Country"] = country
    dictionary["CountryCode"] = isoCountryCode
    dictionary["FormattedAddressLines"] = [locality, administrativeArea, country].compactMap { $0 }
    return dictionary
  }

  /// Equal when every value is.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? CLPlacemark else { return false }
    return other.fields == fields
  }

  /// The hash of the values.
  open override var hash: Int { fields.hashValue }

  /// Apple's format: `Garching bei München, Garching bei München, Bavaria, Germany @
  /// <+48.24896000,+11.65101000> +/- 0.00m, region (null)`.
  open override var description: String {
    let names = [name, locality, administrativeArea, country].compactMap { $0 }
      .joined(separator: ", ")
    guard let location else { return "\(names), region (null)" }
    let position = String(
      format: "<%+.8f,%+.8f> +/- %.2fm", location.coordinate.latitude,
      location.coordinate.longitude, location.horizontalAccuracy)
    return "\(names) @ \(position), region (null)"
  }
}
