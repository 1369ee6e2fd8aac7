/// A populated place of the gazetteer (GeoNames: every city, town and village of 1,000 or
/// more inhabitants, and every seat of an administrative division).
public struct Place: Sendable, Hashable {
  /// Its number in the gazetteer (0 ..< ``Places/count``).
  public var index: Int
  /// Its name, as GeoNames spells it (`Garching bei München`, `Munich`).
  public var name: String
  /// GeoNames' latitude, degrees (to 1e-5°).
  public var latitude: Double
  /// GeoNames' longitude, degrees (to 1e-5°).
  public var longitude: Double
  /// ISO 3166-1 alpha-2 country code (`DE`).
  public var countryCode: String
  /// The country's English name (`Germany`).
  public var country: String
  /// The first-level division (state, province, region: `Bavaria`), when GeoNames names it.
  public var administrativeArea: String?
  /// GeoNames' code of that division (`02` for Bavaria; a US state's postal code, `IL`).
  public var administrativeAreaCode: String?
  /// The IANA time zone (`Europe/Berlin`), when GeoNames gives one.
  public var timeZone: String?
  /// Inhabitants, as GeoNames counts them (0 when it does not know).
  public var population: Int

  /// Makes a place.
  public init(
    index: Int, name: String, latitude: Double, longitude: Double, countryCode: String,
    country: String, administrativeArea: String? = nil, administrativeAreaCode: String? = nil,
    timeZone: String? = nil, population: Int = 0
  ) {
    self.index = index
    self.name = name
    self.latitude = latitude
    self.longitude = longitude
    self.countryCode = countryCode
    self.country = country
    self.administrativeArea = administrativeArea
    self.administrativeAreaCode = administrativeAreaCode
    self.timeZone = timeZone
    self.population = population
  }

  /// `Garching bei München, Bavaria, DE`: the name, the division when known, the country code.
  public var summary: String {
    [name, administrativeArea, countryCode].compactMap { $0 }.filter { !$0.isEmpty }
      .joined(separator: ", ")
  }
}

/// The nearest place to a point, and where the point lies from it.
public struct NearbyPlace: Sendable, Hashable {
  /// The place.
  public var place: Place
  /// Geodesic (WGS-84) distance from the place to the point, metres.
  public var distance: Double
  /// The direction from the place to the point: degrees clockwise from true north, [0, 360).
  public var bearing: Double

  /// Makes a result.
  public init(place: Place, distance: Double, bearing: Double) {
    self.place = place
    self.distance = distance
    self.bearing = bearing
  }
}
