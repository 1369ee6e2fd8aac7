// Owned by the geodesy work: reading number files, a monotonic clock, and writing to stdout
// for the geodesy and nearest benchmarks.
import Foundation

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Every whitespace-separated number in a file, in order (`strtod`, as the C harnesses read).
/// Lines are kept apart: `perLine` numbers are taken from each line that has them, others skipped.
func readNumbers(path: String, perLine: Int) -> [Double]? {
  guard let data = FileManager.default.contents(atPath: path) else { return nil }
  var bytes = [CChar](repeating: 0, count: data.count + 1)
  bytes.withUnsafeMutableBytes { _ = data.copyBytes(to: $0) }
  var values: [Double] = []
  values.reserveCapacity(data.count / 16)
  bytes.withUnsafeMutableBufferPointer { buffer in
    guard var p = buffer.baseAddress else { return }
    let end = p + data.count
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
      // Skip to the next line.
      while p < end && p.pointee != 10 { p += 1 }
      p += 1
    }
  }
  return values
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
