import Gazetteer
import Geodesy

/// Places by name where a command takes a point (`locate distance Munich Vienna`,
/// `--from Munich`), from the gazetteer compiled into the program (GeoNames' populated places;
/// ``Places``).
enum PlaceNames {
  /// A point: `LAT,LON` in any notation Geodesy reads, else a place's name, optionally
  /// qualified after commas by its country or first-level division (`Springfield, IL`). Of
  /// several places of that name the most populous is taken; `notes` (given with --verbose)
  /// hears which, and the others. `label` names the argument in errors.
  static func point(_ text: String, label: String, notes: StatusLine?) throws(LocateError)
    -> NamedPoint
  {
    let coordinateError: GeodesyError
    do {
      return NamedPoint(name: text, point: try Coordinates.parsePoint(text))
    } catch {
      coordinateError = error
    }
    let places = Places.search(text)
    guard let place = places.first else {
      throw LocateError(
        .usage, label,
        "neither a coordinate (\(coordinateError.reason)) nor a place the offline gazetteer "
          + "knows (GeoNames' places of 1,000 or more inhabitants; no street addresses)",
        remedy: "give LAT,LON, e.g. 48.1173,11.5167, or a place's name, e.g. Munich or "
          + "'Springfield, IL'")
    }
    if let notes, places.count > 1 {
      notes.note(
        "\(text): \(places.count) places have this name; using the most populous, "
          + describe(place) + "; the others:")
      for other in places.dropFirst() { notes.note("  " + describe(other)) }
    }
    return NamedPoint(
      name: place.summary, point: GeoPoint(latitude: place.latitude, longitude: place.longitude))
  }

  /// `Springfield, Missouri, US (170,188 inhabitants) at 37.21533, -93.29824`.
  static func describe(_ place: Place) -> String {
    place.summary + " (" + grouped(place.population) + " inhabitants) at "
      + Coordinates.formatPoint(
        GeoPoint(latitude: place.latitude, longitude: place.longitude), style: .decimal(places: 5))
  }

  /// `170,188`.
  static func grouped(_ value: Int) -> String {
    var digits = String(value)
    var out = ""
    while digits.count > 3 {
      out = "," + digits.suffix(3) + out
      digits = String(digits.dropLast(3))
    }
    return digits + out
  }
}
