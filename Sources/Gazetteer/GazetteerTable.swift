// The packed gazetteer (Sources/CGazetteer/gazetteer.bin), decoded once into arrays. Names stay
// where they are, in the compiled-in bytes: a place's name is read from there when asked for.
import CGazetteer
import Geodesy

/// The table's contents (the layout is in Tests/Tools/make_gazetteer_table.py).
struct GazetteerTable: @unchecked Sendable {
  /// A country, a first-level division and a time zone that places share.
  struct District {
    var country: Int
    var region: Int?
    var zone: Int?
  }

  /// The compiled-in bytes (static storage: never freed, never written).
  let bytes: UnsafeBufferPointer<UInt8>
  private(set) var countries: [(code: String, name: String)] = []
  private(set) var regions: [(name: String, code: String)] = []
  private(set) var zones: [String] = []
  private(set) var districts: [District] = []
  /// Each place's coordinate (GeoNames' own, to 1e-5°).
  private(set) var points: [GeoPoint] = []
  private(set) var populations: [UInt32] = []
  private(set) var districtOfPlace: [UInt16] = []
  /// Where each place's name is in ``bytes``.
  private(set) var names: [NameRef] = []
  /// Alternate names: the place and where the name is.
  private(set) var alternates: [(place: Int32, name: NameRef)] = []
  /// What each folded scalar becomes (see ``NameFolding``).
  private(set) var folding: [UInt32: String] = [:]
  /// Whether the bytes decoded as the layout says, to their end marker.
  private(set) var isValid = false

  /// The compiled-in table.
  static let shared = GazetteerTable(
    UnsafeBufferPointer(start: clocate_gazetteer_bytes(), count: clocate_gazetteer_size()))

  /// Decodes `bytes`; a table that does not decode is empty (``isValid`` false).
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    var reader = ByteReader(bytes)
    guard reader.take(8) == Array("LOCGAZ01".utf8) else { return }
    for _ in 0..<reader.u16() {
      let code = reader.text(2)
      countries.append((code, reader.shortText()))
    }
    for _ in 0..<reader.u16() {
      let name = reader.shortText()
      regions.append((name, reader.shortText()))
    }
    for _ in 0..<reader.u16() { zones.append(reader.shortText()) }
    for _ in 0..<reader.u16() {
      let country = Int(reader.u8())
      let region = reader.u16()
      let zone = reader.u16()
      districts.append(
        District(
          country: country, region: region == 0xFFFF ? nil : region,
          zone: zone == 0xFFFF ? nil : zone))
    }
    decodePlaces(&reader)
    decodeAlternates(&reader)
    for _ in 0..<reader.u16() {
      let scalar = UInt32(truncatingIfNeeded: reader.varint())
      folding[scalar] = reader.shortText()
    }
    isValid =
      !reader.failed && reader.take(4) == Array("END.".utf8) && reader.atEnd
      && districts.allSatisfy { $0.country < countries.count }
  }

  private mutating func decodePlaces(_ reader: inout ByteReader) {
    let count = reader.u32()
    guard count <= bytes.count else { return reader.fail() }
    points.reserveCapacity(count)
    populations.reserveCapacity(count)
    districtOfPlace.reserveCapacity(count)
    names.reserveCapacity(count)
    var latitude = 0
    var longitude = 0
    for _ in 0..<count {
      latitude += reader.zigzag()
      longitude += reader.zigzag()
      points.append(
        GeoPoint(latitude: Double(latitude) / 100_000, longitude: Double(longitude) / 100_000))
      populations.append(UInt32(truncatingIfNeeded: reader.varint()))
      // The length byte's top bit: the same district as the previous place.
      let length = reader.u8()
      if length & 0x80 != 0 {
        guard let previous = districtOfPlace.last else { return reader.fail() }
        districtOfPlace.append(previous)
      } else {
        let district = reader.varint()
        guard district < districts.count else { return reader.fail() }
        districtOfPlace.append(UInt16(district))
      }
      names.append(NameRef(start: UInt32(reader.offset), length: length & 0x7F))
      reader.skip(Int(length & 0x7F))
    }
  }

  private mutating func decodeAlternates(_ reader: inout ByteReader) {
    let count = reader.u32()
    guard count <= bytes.count else { return reader.fail() }
    var place = 0
    for _ in 0..<count {
      place += reader.varint()
      guard place < points.count else { return reader.fail() }
      let length = reader.u8()
      alternates.append((Int32(place), NameRef(start: UInt32(reader.offset), length: length)))
      reader.skip(Int(length))
    }
  }

  /// A name's text.
  func name(_ ref: NameRef) -> String {
    withName(ref) { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with a name's UTF-8 bytes.
  func withName<T>(_ ref: NameRef, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    let start = min(Int(ref.start), bytes.count)
    let end = min(start + Int(ref.length), bytes.count)
    return body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
  }

  /// The district of place `index`.
  func district(of index: Int) -> District { districts[Int(districtOfPlace[index])] }
}

/// Where a name is in the table's bytes.
struct NameRef: Sendable, Hashable {
  var start: UInt32
  var length: UInt8
}
