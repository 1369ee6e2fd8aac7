// Offline geocoding over the compiled-in gazetteer: the nearest place to a point (reverse),
// and places by name (forward).
import Geodesy
import Synchronization

/// GeoNames' populated places, offline: reverse geocoding to the nearest place and forward
/// geocoding of place names.
///
/// The table (Sources/CGazetteer/gazetteer.bin, 3.5 MB, written by
/// `Tests/Tools/make_gazetteer_table.py`) holds the 170,354 places of GeoNames' `cities1000`
/// (every place of 1,000 or more inhabitants, and every seat of an administrative division;
/// data from https://www.geonames.org, CC BY 4.0): name, coordinate, country, first-level
/// division, time zone and population; and Latin-script alternate names: all of those of
/// places of 1,000,000 or more (`München`, `Wien`), and of every place those that lengthen its
/// name (`Garching bei München` for Garching). It knows places, not streets: there are no
/// street addresses, postcodes or house numbers offline.
///
/// The first lookup decodes the table (34–56 ms, some 9 MB, measured by `LocateBench places`
/// on a shared 2-core machine under load). The first four reverse lookups scan it
/// (``NearestScan``: 4–6 ms each there); the fifth builds a k-d tree over it (``NearestIndex``)
/// and the name index, after which a reverse lookup costs about 10 µs of CPU there (6.4 µs of
/// it the tree search; `make bench` measures it). ``prepare()`` does all of it ahead.
public enum Places {
  /// How many places the gazetteer holds.
  public static var count: Int { table.points.count }

  /// The place numbered `index`, nil outside 0 ..< ``count``.
  public static func place(at index: Int) -> Place? {
    guard index >= 0, index < table.points.count else { return nil }
    let point = table.points[index]
    let district = table.district(of: index)
    let country = table.countries[district.country]
    let region = district.region.flatMap { $0 < table.regions.count ? table.regions[$0] : nil }
    return Place(
      index: index, name: table.name(table.names[index]), latitude: point.latitude,
      longitude: point.longitude, countryCode: country.code, country: country.name,
      administrativeArea: region.map(\.name).flatMap { $0.isEmpty ? nil : $0 },
      administrativeAreaCode: region.map(\.code),
      timeZone: district.zone.flatMap { $0 < table.zones.count ? table.zones[$0] : nil },
      population: Int(table.populations[index]))
  }

  /// The nearest place to `point` by geodesic distance on the WGS-84 ellipsoid (the same as
  /// measuring to every place: ties go to the lower index), with the distance and the bearing
  /// from the place to the point; nil for a point that is not valid.
  public static func nearest(to point: GeoPoint) -> NearbyPlace? {
    // The first lookups scan (milliseconds each); from the fifth, the k-d tree (built once)
    // answers in microseconds.
    let found =
      lookups.add(1, ordering: .relaxed).newValue > scansBeforeTree
      ? spatial.nearest(to: point) : NearestScan.nearest(to: point, among: table.points)
    guard let neighbor = found, let place = place(at: neighbor.index) else { return nil }
    let back = Geodesic.wgs84.inverse(
      from: GeoPoint(latitude: place.latitude, longitude: place.longitude), to: point)
    let bearing = back.initialAzimuth < 0 ? back.initialAzimuth + 360 : back.initialAzimuth
    return NearbyPlace(place: place, distance: neighbor.distance, bearing: bearing)
  }

  /// The places one of whose names is `name` — case-, accent- and punctuation-blind (see
  /// ``NameFolding``) — most populous first (then by index).
  public static func named(_ name: String) -> [Place] {
    byPopulation(names.places(named: name).compactMap(place(at:)))
  }

  /// Forward geocoding of a place's name, optionally qualified: the text before the first comma
  /// is the name (``named(_:)``); each part after a comma must name the place's country (its
  /// ISO code or English name) or its first-level division (name or GeoNames code, which for
  /// the US is the postal code): `Munich`, `Munich, Germany`, `Springfield, IL`,
  /// `Paris, Texas, US`. Most populous first; empty when nothing matches.
  public static func search(_ text: String) -> [Place] {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard let first = parts.first else { return [] }
    let qualifiers = parts.dropFirst().map { folding.fold($0) }.filter { !$0.isEmpty }
    return named(first).filter { place in
      let names = [
        place.countryCode, place.country, place.administrativeArea ?? "",
        place.administrativeAreaCode ?? "",
      ].map { folding.fold($0) }
      return qualifiers.allSatisfy { names.contains($0) }
    }
  }

  /// Decodes the table and builds both indexes now, so that later lookups are fast.
  public static func prepare() {
    _ = spatial.points.count
    _ = names
    lookups.store(scansBeforeTree, ordering: .relaxed)
  }

  /// Decodes the table now, so that a first reverse lookup only scans it: for a program that
  /// will look up one place (`locate current` does this while it waits for the fix).
  public static func load() { _ = table.points.count }

  /// Most populous first, then by index.
  static func byPopulation(_ places: [Place]) -> [Place] {
    places.sorted { ($1.population, $0.index) < ($0.population, $1.index) }
  }

  /// Lookups by scan before the tree is built.
  static let scansBeforeTree = 4
  /// Reverse lookups so far.
  static let lookups = Atomic<Int>(0)
  static let table = GazetteerTable.shared
  static let spatial = NearestIndex(points: table.points)
  static let names = NameIndex(table, folding: folding)
  static let folding = NameFolding(table.folding)
}
