/// Number members of a ``JSONObject`` written through a cursor into memory reserved once for
/// all of them (``JSONObject/addMembers(_:_:)``), with the same text as the object's own
/// `add` methods. For an object of many numbers (gpsd's TPV): each member's own reservation (a
/// uniqueness and a capacity check, an output span, a call) cost about as many instructions as
/// its digits.
package struct JSONMembers: ~Copyable {
  /// The longest member one call writes: a comma, a key of at most 16 bytes in quotes, a colon,
  /// and C's `%.12f` of the largest `Double` (309 digits, a point, 12 decimals and a sign).
  package static let longestMember = 1 + 18 + 1 + 323

  @usableFromInline
  let base: UnsafeMutablePointer<UInt8>
  @usableFromInline
  var index: Int
  @usableFromInline
  let end: Int
  @usableFromInline
  var comma: Bool

  @inlinable
  init(base: UnsafeMutablePointer<UInt8>, index: Int, end: Int, comma: Bool) {
    self.base = base
    self.index = index
    self.end = end
    self.comma = comma
  }

  /// Starts a member (its comma, key and colon) where `key` has at most 16 bytes.
  @inlinable @inline(__always)
  mutating func key(_ key: StaticString) {
    precondition(key.utf8CodeUnitCount <= 16, "JSONMembers: key too long")
    precondition(end &- index >= Self.longestMember, "JSONMembers: no room")
    key.withUTF8Buffer { utf8 in
      index &+= JSONObject.writeKey(utf8, comma: comma, at: base + index)
    }
    comma = true
  }

  /// A number member with a fixed number of decimals (gpsd's `%.Nf`), as
  /// ``JSONObject/add(_:_:places:)`` writes it.
  @inlinable @inline(__always)
  package mutating func add(_ key: StaticString, _ value: Double?, places: Int) {
    guard let value, value.isFinite else { return }
    self.key(key)
    guard let (units, divisor) = TextBytes.fixedUnits(value, places: places) else {
      return write(TextBytes.formatted(value, places: places))
    }
    if value < 0 && units != 0 {
      base[index] = UInt8(ascii: "-")
      index &+= 1
    }
    index &+= TextBytes.writeFixed(units, places: places, divisor: divisor, at: base + index)
  }

  /// An integer member, as ``JSONObject/add(_:_:)`` writes it.
  @inlinable @inline(__always)
  package mutating func add(_ key: StaticString, _ value: Int?) {
    guard let value else { return }
    self.key(key)
    if value < 0 {
      base[index] = UInt8(ascii: "-")
      index &+= 1
    }
    index &+= TextBytes.writeDigits(value.magnitude, at: base + index)
  }

  /// Copies `text` (what C wrote for a number beyond ``TextBytes/fixedUnits(_:places:)``: at
  /// most 323 bytes, which ``key(_:)`` made room for).
  @usableFromInline
  mutating func write(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      precondition(utf8.count <= 323, "JSONMembers: number too long")
      guard let source = utf8.baseAddress else { return }
      (base + index).initialize(from: source, count: utf8.count)
      index &+= utf8.count
    }
  }
}

extension JSONObject {
  /// Adds up to `count` members through `body` (``JSONMembers``), in memory reserved once for
  /// all of them: `count` × ``JSONMembers/longestMember`` bytes, so no member can run out of
  /// room (a writer that reuses its object's memory, ``init(reusing:)``, reserves it once).
  @inlinable
  package mutating func addMembers(_ count: Int, _ body: (inout JSONMembers) -> Void) {
    let comma = buffer.bytes.count > 1
    buffer.bytes.append(addingCapacity: count * JSONMembers.longestMember) { span in
      span.withUnsafeMutableBufferPointer { storage, initialized in
        // `storage` has room for at least one member, so a base address.
        guard let base = storage.baseAddress else { return }
        var members = JSONMembers(
          base: base, index: initialized,
          end: min(storage.count, initialized + count * JSONMembers.longestMember), comma: comma)
        body(&members)
        initialized = members.index
      }
    }
  }
}
