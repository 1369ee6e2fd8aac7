// Forward geocoding's index: every place's folded name (and the alternate names the table
// carries), hashed and sorted, so a name is found by a binary search and a check of the few
// places with that hash.

/// Places by folded name.
struct NameIndex: Sendable {
  /// (hash of a folded name, place), sorted.
  private let entries: [(hash: UInt64, place: Int32, name: NameRef)]
  private let folding: NameFolding
  private let table: GazetteerTable

  /// Indexes every name of `table`, folded by `folding`.
  init(_ table: GazetteerTable, folding: NameFolding) {
    var list: [(hash: UInt64, place: Int32, name: NameRef)] = []
    list.reserveCapacity(table.names.count + table.alternates.count)
    var buffer: [UInt8] = []
    buffer.reserveCapacity(256)
    for (place, name) in table.names.enumerated() {
      table.withName(name) { folding.fold($0, into: &buffer) }
      list.append((Self.hash(buffer), Int32(place), name))
    }
    for (place, name) in table.alternates {
      table.withName(name) { folding.fold($0, into: &buffer) }
      list.append((Self.hash(buffer), place, name))
    }
    list.sort { ($0.hash, $0.place, $0.name.start) < ($1.hash, $1.place, $1.name.start) }
    self.table = table
    self.folding = folding
    entries = list
  }

  /// The places one of whose names folds to the same as `name`, each once, in table order.
  func places(named name: String) -> [Int] {
    let key = folding.fold(name)
    guard !key.isEmpty else { return [] }
    let hash = Self.hash(key)
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].hash < hash { low = middle + 1 } else { high = middle }
    }
    var found: [Int] = []
    var buffer: [UInt8] = []
    while low < entries.count && entries[low].hash == hash {
      let entry = entries[low]
      low += 1
      table.withName(entry.name) { folding.fold($0, into: &buffer) }
      if buffer == key && !found.contains(Int(entry.place)) {
        found.append(Int(entry.place))
      }
    }
    return found.sorted()
  }

  /// FNV-1a, 64 bits.
  static func hash(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }
}
