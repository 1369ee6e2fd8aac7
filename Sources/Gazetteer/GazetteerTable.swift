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
  /// Where each place's name (its length byte) is in ``bytes``.
  private(set) var nameOffsets: [UInt32] = []
  /// Alternate names: the place and where the name is.
  private(set) var alternates: [(place: Int32, offset: UInt32)] = []
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
    nameOffsets.reserveCapacity(count)
    var latitude = 0
    var longitude = 0
    for _ in 0..<count {
      latitude += reader.zigzag()
      longitude += reader.zigzag()
      points.append(
        GeoPoint(latitude: Double(latitude) / 100_000, longitude: Double(longitude) / 100_000))
      populations.append(UInt32(truncatingIfNeeded: reader.varint()))
      let district = reader.varint()
      guard district < districts.count else { return reader.fail() }
      districtOfPlace.append(UInt16(district))
      nameOffsets.append(UInt32(reader.offset))
      reader.skip(Int(reader.u8()))
    }
  }

  private mutating func decodeAlternates(_ reader: inout ByteReader) {
    let count = reader.u32()
    guard count <= bytes.count else { return reader.fail() }
    var place = 0
    for _ in 0..<count {
      place += reader.varint()
      guard place < points.count else { return reader.fail() }
      alternates.append((Int32(place), UInt32(reader.offset)))
      reader.skip(Int(reader.u8()))
    }
  }

  /// The name whose length byte is at `offset`.
  func name(at offset: UInt32) -> String {
    withName(at: offset) { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with the UTF-8 bytes of the name whose length byte is at `offset`.
  func withName<T>(at offset: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    guard !bytes.isEmpty else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    let start = min(Int(offset), bytes.count - 1)
    let end = min(start + 1 + Int(bytes[start]), bytes.count)
    return body(UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]))
  }

  /// The district of place `index`.
  func district(of index: Int) -> District { districts[Int(districtOfPlace[index])] }
}
