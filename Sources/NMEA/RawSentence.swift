/// One framed sentence as it arrived: a view into the framer's or the caller's bytes.
///
/// A `RawSentence` is valid only inside the callback that receives it: copy what you need to
/// keep (``text`` makes a `String`). Framing has already checked the checksum according to the
/// framer's ``ChecksumPolicy``.
public struct RawSentence {
  /// The whole line from the start character (`$` or `!`) up to, not including, the line end.
  public let line: UnsafeRawBufferPointer
  /// The bytes between the start character and the `*` (or the line end when there is no
  /// checksum): the address field and the data fields, comma-separated.
  public let body: UnsafeRawBufferPointer
  /// Whether the line carried a `*hh` checksum (it was verified when present).
  public let hasChecksum: Bool

  /// Makes a view over `line`; `body` and `hasChecksum` must describe the same bytes.
  @inlinable
  public init(line: UnsafeRawBufferPointer, body: UnsafeRawBufferPointer, hasChecksum: Bool) {
    self.line = line
    self.body = body
    self.hasChecksum = hasChecksum
  }

  /// `true` for `!` (encapsulated, such as AIS `!AIVDM`), `false` for `$`.
  @inlinable
  public var isEncapsulated: Bool { line.count > 0 && line[0] == UInt8(ascii: "!") }

  /// The address field: `GPRMC`, `GNGGA`, `PGRME`, … (the bytes before the first comma).
  @inlinable
  public var address: UnsafeRawBufferPointer {
    var cursor = FieldCursor(body)
    return cursor.next() ?? UnsafeRawBufferPointer(rebasing: body[0..<0])
  }

  /// The comma-separated fields of the body, the address field first.
  @inlinable
  public var fields: FieldCursor { FieldCursor(body) }

  /// A copy of the whole line as text (invalid UTF-8 repaired), for messages and pass-through.
  public var text: String { String(decoding: line, as: UTF8.self) }
}

/// Walks the comma-separated fields of a sentence body without allocating.
///
/// Each field is a view into the same bytes as the body; an empty field is an empty buffer.
public struct FieldCursor: IteratorProtocol {
  @usableFromInline let base: UnsafeRawBufferPointer
  @usableFromInline var position: Int
  @usableFromInline var finished: Bool

  /// Starts at the first field of `body`.
  @inlinable
  public init(_ body: UnsafeRawBufferPointer) {
    base = body
    position = 0
    finished = false
  }

  /// The next field, or `nil` after the last one. A body `a,,b` yields `a`, empty, `b`.
  @inlinable
  public mutating func next() -> UnsafeRawBufferPointer? {
    if finished { return nil }
    var end = position
    let count = base.count
    while end < count && base[end] != UInt8(ascii: ",") { end += 1 }
    let field = UnsafeRawBufferPointer(rebasing: base[position..<end])
    if end >= count { finished = true } else { position = end + 1 }
    return field
  }
}
