import Geodesy

/// The places `distance` measures to, stored compactly for large points files (up to
/// ``PointsFile/maximumPlaces``): the positions in one array (what ``NearestIndex`` is built on,
/// without a copy), the names' UTF-8 bytes in another with the offset where each ends, instead
/// of a `String` per place (a name longer than 15 bytes is an allocation of its own: 500 000
/// places of 25-byte names took 98 MiB as `[NamedPoint]`).
struct PlaceList: RandomAccessCollection, Sendable {
  /// The positions, in order.
  private(set) var points: [GeoPoint] = []
  /// Every name's UTF-8 bytes, one after another.
  private var nameBytes: [UInt8] = []
  /// Where each name ends in ``nameBytes``.
  private var nameEnds: [Int] = []

  /// An empty list.
  init() {}

  /// The places given.
  init(_ places: some Sequence<NamedPoint>) {
    for place in places { append(place) }
  }

  var startIndex: Int { 0 }
  var endIndex: Int { points.count }

  subscript(position: Int) -> NamedPoint {
    NamedPoint(name: name(at: position), point: points[position])
  }

  /// The name of the place at `position`.
  func name(at position: Int) -> String {
    let start = position == 0 ? 0 : nameEnds[position - 1]
    return String(decoding: nameBytes[start..<nameEnds[position]], as: UTF8.self)
  }

  /// Adds a place at the end.
  mutating func append(_ place: NamedPoint) {
    var name = place.name
    name.withUTF8 { nameBytes.append(contentsOf: $0) }
    nameEnds.append(nameBytes.count)
    points.append(place.point)
  }

  /// Adds `other`'s places at the end (takes them over when this list is empty).
  mutating func append(contentsOf other: PlaceList) {
    guard !isEmpty else {
      self = other
      return
    }
    for index in other.indices { append(other[index]) }
  }
}
