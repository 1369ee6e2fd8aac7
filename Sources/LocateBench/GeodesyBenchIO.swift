// Owned by the geodesy work: reading number files, a monotonic clock, and writing to stdout
// for the geodesy and nearest benchmarks.
import Foundation

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// The numbers of a text file read line by line with `strtod` (as the C harness does): the
/// first `perLine` numbers of each line that has that many; other lines are skipped. Streams
/// the file in 1 MiB chunks, so memory is the values, not the text.
func readNumbers(path: String, perLine: Int) -> [Double]? {
  let fd = open(path, O_RDONLY)
  guard fd >= 0 else { return nil }
  defer { close(fd) }
  let chunk = 1 << 20
  var buffer = [CChar](repeating: 0, count: chunk + 1)
  var values: [Double] = []
  var filled = 0
  var done = false
  while !done {
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, chunk - filled) }
    if n < 0 {
      if errno == EINTR { continue }
      return nil
    }
    filled += n
    done = n == 0
    // Parse up to the last complete line (everything at the end of the file, or when one line
    // fills the whole buffer).
    var end = filled
    if !done {
      while end > 0 && buffer[end - 1] != 10 { end -= 1 }
      if end == 0 { end = filled }
    }
    let saved = buffer[end]
    buffer[end] = 0
    buffer.withUnsafeMutableBufferPointer { parseLines($0.baseAddress!, end, perLine, &values) }
    buffer[end] = saved
    buffer.withUnsafeMutableBufferPointer { b in
      _ = memmove(b.baseAddress!, b.baseAddress! + end, filled - end)
    }
    filled -= end
  }
  return values
}

/// Appends the numbers of the lines in `count` bytes at `start` (NUL after them) to `values`.
private func parseLines(
  _ start: UnsafeMutablePointer<CChar>, _ count: Int, _ perLine: Int, _ values: inout [Double]
) {
  var p = start
  let end = start + count
  var row = [Double](repeating: 0, count: perLine)
  while p < end {
    var k = 0
    while k < perLine {
      var next: UnsafeMutablePointer<CChar>? = nil
      let x = strtod(p, &next)
      guard let q = next, q != p, !lineBreakBetween(p, q) else { break }
      row[k] = x
      k += 1
      p = q
    }
    if k == perLine { values += row }
    while p < end && p.pointee != 10 { p += 1 }
    p += 1
  }
}

/// Whether strtod skipped a line break as leading white space between `p` and `q`.
private func lineBreakBetween(_ p: UnsafeMutablePointer<CChar>, _ q: UnsafeMutablePointer<CChar>)
  -> Bool
{
  var r = p
  while r < q && (r.pointee == 32 || r.pointee == 9 || r.pointee == 10 || r.pointee == 13) {
    if r.pointee == 10 { return true }
    r += 1
  }
  return false
}

/// Buffered standard output.
struct OutputBuffer {
  private var bytes: [UInt8] = []

  /// Appends a line.
  mutating func line(_ text: String) {
    bytes += text.utf8
    bytes.append(10)
    if bytes.count > 1 << 16 { flush() }
  }

  /// Writes what is buffered.
  mutating func flush() {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let n = write(1, raw.baseAddress! + offset, raw.count - offset)
        if n <= 0 { break }
        offset += n
      }
    }
    bytes.removeAll(keepingCapacity: true)
  }
}

/// Writes a message to standard error.
func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// The value after `name` in `arguments`, if any.
func option(_ name: String, in arguments: [String]) -> String? {
  guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
  return arguments[i + 1]
}

/// `%.Nf`-style text of `x`.
func fixed(_ x: Double, _ places: Int) -> String { String(format: "%.\(places)f", x) }

/// `%.Ne`-style text of `x`.
func scientific(_ x: Double, _ places: Int) -> String { String(format: "%.\(places)e", x) }
