/// The EGM96 geoid: how far mean sea level (the geoid) lies above the WGS-84 ellipsoid.
///
/// A receiver that sends no geoid separation (GGA field 11 empty) still sends its altitude
/// above mean sea level; the height above the ellipsoid is that plus this separation. The
/// table (``GeoidTable``: 398 KB packed, a 558 KB source file, 2 MB once unpacked on first
/// use) is PROJ's 15′ EGM96 grid (`egm96_15.gtx`, Debian `proj-data`; EGM96 is public domain,
/// from NGA) packed by `Tests/Tools/make_geoid_table.py`, and it is read bilinearly as PROJ
/// reads it: it differs from `cs2cs` only by the 5 cm steps its heights are stored in (at most
/// 2.5 cm; 1.0 cm RMS).
public enum Geoid {
  /// The EGM96 geoid height (ellipsoid to geoid, metres; negative where the geoid lies below
  /// the ellipsoid) at a latitude and longitude in degrees. Longitudes wrap; latitudes beyond
  /// ±90° are taken as the pole; 0 for a coordinate that is not a number.
  public static func egm96(latitude: Double, longitude: Double) -> Double {
    guard latitude.isFinite, longitude.isFinite else { return 0 }
    let grid = unpacked
    let columns = GeoidTable.columns
    let row = (min(max(latitude, -90), 90) + 90) * 4
    var column = (longitude + 180).truncatingRemainder(dividingBy: 360) * 4
    if column < 0 { column += Double(columns) }
    let row0 = min(Int(row.rounded(.down)), GeoidTable.rows - 2)
    let column0 = min(Int(column.rounded(.down)), columns - 1)
    let column1 = (column0 + 1) % columns
    let across = column - Double(column0)
    let up = row - Double(row0)
    let south = row0 * columns
    let north = south + columns
    let value =
      (Double(grid[south + column0]) * (1 - across) + Double(grid[south + column1]) * across)
      * (1 - up)
      + (Double(grid[north + column0]) * (1 - across) + Double(grid[north + column1]) * across)
      * up
    return value * GeoidTable.quantum
  }

  /// The table's heights in 5 cm steps, row by row from the south (unpacked once).
  static let unpacked: [Int16] = unpack(GeoidTable.packed)

  /// Undoes `make_geoid_table.py`'s packing: base64, Rice codes, predicted residuals.
  static func unpack(_ text: String) -> [Int16] {
    var bits = BitReader(base64(text))
    let columns = GeoidTable.columns
    var values = [Int16](repeating: 0, count: GeoidTable.rows * columns)
    values.withUnsafeMutableBufferPointer { values in
      for index in 0..<values.count {
        let (row, column) = index.quotientAndRemainder(dividingBy: columns)
        var predicted = 0
        if row > 0 && column > 0 {
          predicted =
            Int(values[index - 1]) + Int(values[index - columns])
            - Int(values[index - columns - 1])
        } else if column > 0 {
          predicted = Int(values[index - 1])
        } else if row > 0 {
          predicted = Int(values[index - columns])
        }
        let ones = bits.ones(upTo: 16)
        let zigzag = ones == 16 ? bits.take(16) : ones << 1 | bits.take(1)
        let residual = zigzag & 1 == 0 ? zigzag >> 1 : -(zigzag >> 1) - 1
        values[index] = Int16(truncatingIfNeeded: predicted + residual)
      }
    }
    return values
  }

  /// Standard base64 (line breaks and padding skipped).
  static func base64(_ text: String) -> [UInt8] {
    var values = [UInt8](repeating: 255, count: 256)
    for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8
      .enumerated()
    {
      values[Int(byte)] = UInt8(index)
    }
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count * 3 / 4)
    var buffer: UInt32 = 0
    var bits = 0
    for byte in text.utf8 {
      let value = values[Int(byte)]
      if value == 255 { continue }
      buffer = buffer << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
      }
    }
    return out
  }
}

/// Reads bits most significant first, 64 at a time (zeros past the end).
struct BitReader {
  private let bytes: [UInt8]
  private var next = 0
  /// Bits not yet read, aligned to the top.
  private var word: UInt64 = 0
  private var count = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  private mutating func refill() {
    while count <= 56 {
      let byte = next < bytes.count ? UInt64(bytes[next]) : 0
      next += 1
      word |= byte << UInt64(56 - count)
      count += 8
    }
  }

  /// The number of one-bits before the next zero (that zero read too), at most `limit` (then
  /// no zero is read).
  mutating func ones(upTo limit: Int) -> Int {
    refill()
    let run = min((~word).leadingZeroBitCount, limit)
    let used = run == limit ? run : run + 1
    word <<= UInt64(used)
    count -= used
    return run
  }

  /// The next `width` bits (at most 32) as a number.
  mutating func take(_ width: Int) -> Int {
    refill()
    let value = Int(word >> UInt64(64 - width))
    word <<= UInt64(width)
    count -= width
    return value
  }
}
