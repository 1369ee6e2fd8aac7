/// Picks the raw NMEA lines out of a gpsd stream watched with `"nmea":true`: lines that start
/// with `$` or `!` pass, with their line ends; gpsd's JSON reports (`{"class":…}`) are dropped.
struct GpsdRelayFilter {
  /// Lines longer than this are dropped whole.
  static let maxLine = 4096
  /// The request that makes gpsd relay its devices' NMEA.
  static let watchRequest = Array("?WATCH={\"enable\":true,\"nmea\":true};\n".utf8)

  private var line: [UInt8] = []
  private var overLong = false

  init() { line.reserveCapacity(Self.maxLine) }

  /// Feeds a chunk; `deliver` receives each complete NMEA line.
  mutating func feed(_ chunk: UnsafeRawBufferPointer, _ deliver: (UnsafeRawBufferPointer) -> Void) {
    var start = 0
    for index in chunk.indices where chunk[index] == 0x0A {
      take(UnsafeRawBufferPointer(rebasing: chunk[start...index]))
      start = index + 1
      if !overLong, let first = line.first, first == 0x24 || first == 0x21 {
        line.withUnsafeBytes(deliver)
      }
      line.removeAll(keepingCapacity: true)
      overLong = false
    }
    take(UnsafeRawBufferPointer(rebasing: chunk[start...]))
  }

  private mutating func take(_ bytes: UnsafeRawBufferPointer) {
    guard !overLong else { return }
    if line.count + bytes.count > Self.maxLine {
      overLong = true
      line.removeAll(keepingCapacity: true)
    } else {
      line.append(contentsOf: bytes)
    }
  }
}
