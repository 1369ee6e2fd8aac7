/// A client's input split into request lines, each at most `maximumLength` bytes: a longer line
/// is dropped as it comes (memory stays bounded whatever a client sends) and reported once.
struct RequestReader {
  /// What one line turned out to be.
  enum Line {
    /// A complete line, without its LF (nor a CR before it).
    case text(ArraySlice<UInt8>)
    /// A line longer than the limit (dropped).
    case tooLong
  }

  /// The longest line kept.
  let maximumLength: Int
  private var pending: [UInt8] = []
  private var overLong = false

  /// A reader for lines of at most `maximumLength` bytes.
  init(maximumLength: Int) { self.maximumLength = maximumLength }

  /// Takes the bytes of one read; `handle` gets each line they complete, in order.
  mutating func feed(_ chunk: UnsafeRawBufferPointer, _ handle: (Line) -> Void) {
    var start = 0
    for index in 0..<chunk.count where chunk[index] == 0x0A {
      take(UnsafeRawBufferPointer(rebasing: chunk[start..<index]))
      start = index + 1
      if overLong {
        handle(.tooLong)
      } else {
        var end = pending.endIndex
        if end > 0, pending[end - 1] == 0x0D { end -= 1 }
        handle(.text(pending[0..<end]))
      }
      pending.removeAll(keepingCapacity: true)
      overLong = false
    }
    take(UnsafeRawBufferPointer(rebasing: chunk[start...]))
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
