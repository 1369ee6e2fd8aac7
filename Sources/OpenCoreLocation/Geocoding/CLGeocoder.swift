import Foundation
import Gazetteer
import Platform

/// What a geocoding request hands back: the placemarks, or an error (Core Location's type).
public typealias CLGeocodeCompletionHandler = ([CLPlacemark]?, (any Error)?) -> Void

/// Geocoding, offline (Core Location's `CLGeocoder`): from a location to the nearest populated
/// place, and from a place's name to places.
///
/// Apple's geocoder asks Apple's servers; this one looks in a gazetteer compiled into the
/// program (``Places``: GeoNames' 170,354 cities, towns and villages of 1,000 or more
/// inhabitants and seats of administrative divisions; data from https://www.geonames.org,
/// CC BY 4.0), so it needs no network and no rate limit applies. What that means:
///
/// - ``reverseGeocodeLocation(_:completionHandler:)`` gives one placemark: the nearest place
///   by geodesic distance (WGS-84), however far (a point at sea gets the nearest coast town).
///   A location whose coordinate is not valid fails with `CLError.geocodeFoundNoResult`.
/// - ``geocodeAddressString(_:completionHandler:)`` reads a place's name, optionally followed
///   by its country or first-level division after commas (`Munich`, `Munich, Germany`,
///   `Springfield, IL`), case- and accent-blind; every place of that name is a placemark, the
///   most populous first (with a region hint, those inside the region first). Street
///   addresses are out of reach offline: for `Marienplatz 1, 80331 München` the handler gets
///   München's placemarks *and* `CLError.geocodeFoundPartialResult` (the `async` forms throw
///   it); a text that names no place fails with `CLError.geocodeFoundNoResult`.
/// - ``cancelGeocode()`` ends every pending request with `CLError.geocodeCanceled`.
/// - The locale is not used: names are GeoNames' own (`Munich`, `Vienna`, `Garching bei
///   München`); alternate Latin-script names of places of 500,000 or more are found too
///   (`München`, `Wien`).
/// - Handlers run on ``completionQueue`` (the main queue, as Apple's do), in the order the
///   requests were made; the `async` forms need no queue.
open class CLGeocoder: NSObject, @unchecked Sendable {
  /// The requests: pending, and cancelled while pending.
  struct State {
    var next: UInt64 = 0
    var pending: Set<UInt64> = []
    var cancelled: Set<UInt64> = []
  }

  let state = Locked(State())
  /// Where requests run, one after the other.
  let worker = DispatchQueue(label: "CLGeocoder")
  /// Where completion handlers run (Linux extension; default: the main queue).
  open var completionQueue: DispatchQueue = .main

  /// Makes a geocoder.
  public override init() { super.init() }

  /// Whether a request is pending.
  open var isGeocoding: Bool { state.withLock { !$0.pending.isEmpty } }

  /// The nearest place to `location` (see the class discussion).
  open func reverseGeocodeLocation(
    _ location: CLLocation, completionHandler: @escaping CLGeocodeCompletionHandler
  ) {
    let coordinate = location.coordinate
    submit(completionHandler) { Self.reverse(coordinate) }
  }

  /// The same; the locale is not used (names are GeoNames').
  open func reverseGeocodeLocation(
    _ location: CLLocation, preferredLocale locale: Locale?,
    completionHandler: @escaping CLGeocodeCompletionHandler
  ) {
    reverseGeocodeLocation(location, completionHandler: completionHandler)
  }

  /// The nearest place to `location`; throws `CLError.geocodeFoundNoResult` or
  /// `geocodeCanceled`.
  open func reverseGeocodeLocation(_ location: CLLocation) async throws -> [CLPlacemark] {
    let coordinate = location.coordinate
    return try await perform { Self.reverse(coordinate) }
  }

  /// The same; the locale is not used.
  open func reverseGeocodeLocation(_ location: CLLocation, preferredLocale locale: Locale?)
    async throws -> [CLPlacemark]
  {
    try await reverseGeocodeLocation(location)
  }

  /// The places `addressString` names (see the class discussion).
  open func geocodeAddressString(
    _ addressString: String, completionHandler: @escaping CLGeocodeCompletionHandler
  ) {
    geocodeAddressString(addressString, in: nil, completionHandler: completionHandler)
  }

  /// The same, those inside `region` (a ``CLCircularRegion``) first.
  open func geocodeAddressString(
    _ addressString: String, in region: CLRegion?,
    completionHandler: @escaping CLGeocodeCompletionHandler
  ) {
    let hint = RegionHint(region)
    submit(completionHandler) { Self.forward(addressString, hint) }
  }

  /// The same; the locale is not used.
  open func geocodeAddressString(
    _ addressString: String, in region: CLRegion?, preferredLocale locale: Locale?,
    completionHandler: @escaping CLGeocodeCompletionHandler
  ) {
    geocodeAddressString(addressString, in: region, completionHandler: completionHandler)
  }

  /// The places `addressString` names; throws `geocodeFoundNoResult`,
  /// `geocodeFoundPartialResult` (a street address: only its place was found) or
  /// `geocodeCanceled`.
  open func geocodeAddressString(_ addressString: String) async throws -> [CLPlacemark] {
    try await geocodeAddressString(addressString, in: nil)
  }

  /// The same, those inside `region` first.
  open func geocodeAddressString(_ addressString: String, in region: CLRegion?) async throws
    -> [CLPlacemark]
  {
    let hint = RegionHint(region)
    return try await perform { Self.forward(addressString, hint) }
  }

  /// The same; the locale is not used.
  open func geocodeAddressString(
    _ addressString: String, in region: CLRegion?, preferredLocale locale: Locale?
  ) async throws -> [CLPlacemark] {
    try await geocodeAddressString(addressString, in: region)
  }

  /// The address book form (deprecated by Apple): `City` (or `Name`), then `State` and
  /// `Country` (or `CountryCode`) as qualifiers.
  @available(*, deprecated, message: "Use geocodeAddressString(_:completionHandler:)")
  open func geocodeAddressDictionary(
    _ addressDictionary: [AnyHashable: Any],
    completionHandler: @escaping CLGeocodeCompletionHandler
  ) {
    let text = ["City", "State", "Country"].compactMap { key -> String? in
      let value = addressDictionary[key] as? String
      if key == "City" { return value ?? addressDictionary["Name"] as? String }
      if key == "Country" { return value ?? addressDictionary["CountryCode"] as? String }
      return value
    }.joined(separator: ", ")
    geocodeAddressString(text, completionHandler: completionHandler)
  }

  /// Ends every pending request: each handler gets `CLError.geocodeCanceled` (a request that
  /// already completed is not affected).
  open func cancelGeocode() {
    state.withLock { $0.cancelled.formUnion($0.pending) }
  }
}
