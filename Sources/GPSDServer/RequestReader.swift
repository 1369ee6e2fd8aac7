/// A client's input split into requests, as gpsd reads them: a line, or — as gpsd answers
/// what each read brought, line end or not (`printf '?POLL;' | nc` gets its POLL) — what a
/// read leaves after its last line end, once that is complete: it ends in `;` (spaces after
/// it aside) outside a JSON string or object, or in the `}` closing a request's object, so a
/// request split across reads is still taken whole. Each line is at most `maximumLength` bytes: a longer one is dropped as it comes
/// (memory stays bounded whatever a client sends) and reported once.
struct RequestReader {
  /// How a line ended: gpsd quotes a bad request with its line end (`'?FOO;\n'`), and adds
  /// `\n` to one that had none.
  enum LineEnd: Equatable {
    /// LF.
    case lineFeed
    /// CR LF.
    case carriageReturnLineFeed
    /// None: the request ended a read.
    case none

    /// The text gpsd quotes after a bad request.
    var quoted: String { self == .carriageReturnLineFeed ? "\r\n" : "\n" }
  }

  /// What one line turned out to be.
  enum Line {
    /// A complete line, without its line end.
    case text(ArraySlice<UInt8>, LineEnd)
    /// A line longer than the limit (dropped).
    case tooLong
  }

  /// The longest line kept.
  let maximumLength: Int
  private var pending: [UInt8] = []
  private var overLong = false

  /// A reader for lines of at most `maximumLength` bytes.
  init(maximumLength: Int) { self.maximumLength = maximumLength }

  /// Takes the bytes of one read; `handle` gets each line they complete, in order, then what
  /// follows the last line end when it is a complete request.
  mutating func feed(_ chunk: UnsafeRawBufferPointer, _ handle: (Line) -> Void) {
    var start = 0
    for index in 0..<chunk.count where chunk[index] == 0x0A {
      take(UnsafeRawBufferPointer(rebasing: chunk[start..<index]))
      start = index + 1
      if overLong {
        handle(.tooLong)
      } else {
        var end = pending.endIndex
        var lineEnd = LineEnd.lineFeed
        if end > 0, pending[end - 1] == 0x0D {
          end -= 1
          lineEnd = .carriageReturnLineFeed
        }
        handle(.text(pending[0..<end], lineEnd))
      }
      pending.removeAll(keepingCapacity: true)
      overLong = false
    }
    take(UnsafeRawBufferPointer(rebasing: chunk[start...]))
    if !overLong, Self.isComplete(pending[...]) {
      handle(.text(pending[...], .none))
      pending.removeAll(keepingCapacity: true)
    }
  }

  /// Whether `bytes` (no line end) hold whole requests: the last byte other than a space, tab
  /// or CR is a `;` outside any JSON string, object or array, or the `}` that closes a
  /// request's object (`?WATCH={"enable":true}`).
  static func isComplete(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard
      let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }),
      bytes[last] == UInt8(ascii: ";") || bytes[last] == UInt8(ascii: "}")
    else { return false }
    var nesting = JSONNesting()
    for byte in bytes[..<last] { _ = nesting.take(byte) }
    if nesting.inString { return false }
    return bytes[last] == UInt8(ascii: ";") ? nesting.depth <= 0 : nesting.depth == 1
  }

  private mutating func take(_ bytes: UnsafeRawBufferPointer) {
    guard !overLong else { return }
    if pending.count + bytes.count > maximumLength {
      overLong = true
      pending = []
    } else {
      pending.append(contentsOf: bytes)
    }
  }
}
