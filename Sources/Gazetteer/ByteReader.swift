// A cursor over the packed gazetteer's bytes.

/// Reads the table's fields in order; past the end it reads zeros and remembers that it failed.
struct ByteReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var offset = 0
  private(set) var failed = false

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  var atEnd: Bool { offset == bytes.count }

  mutating func fail() { failed = true }

  mutating func u8() -> UInt8 {
    guard offset < bytes.count else {
      failed = true
      return 0
    }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func u16() -> Int { Int(u8()) | Int(u8()) << 8 }

  mutating func u32() -> Int { u16() | u16() << 16 }

  mutating func varint() -> Int {
    var value = 0
    var shift = 0
    while shift < 63 {
      let byte = u8()
      value |= Int(byte & 0x7F) << shift
      if byte & 0x80 == 0 { return value }
      shift += 7
    }
    failed = true
    return 0
  }

  mutating func zigzag() -> Int {
    let z = varint()
    return z & 1 == 0 ? z >> 1 : -(z >> 1) - 1
  }

  mutating func take(_ count: Int) -> [UInt8] { (0..<count).map { _ in u8() } }

  mutating func skip(_ count: Int) {
    guard offset + count <= bytes.count else {
      offset = bytes.count
      failed = true
      return
    }
    offset += count
  }

  mutating func text(_ count: Int) -> String { String(decoding: take(count), as: UTF8.self) }

  mutating func shortText() -> String { text(Int(u8())) }
}
