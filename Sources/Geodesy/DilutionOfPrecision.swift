import Glibc

/// Dilutions of precision from the geometry of the satellites used in a fix, as gpsd computes
/// them (`fill_dop`): each satellite's line of sight in the local east-north-up frame,
/// `(sin az · cos el, cos az · cos el, sin el, 1)`, forms a row of the geometry matrix `G`; the
/// DOPs are square roots of the diagonal of `(GᵀG)⁻¹` — east (x), north (y), up (vertical),
/// clock (time) — and of its sums (horizontal, position, geometric). One clock column serves
/// every constellation, as in gpsd 3.22.
///
/// ```swift
/// let dop = DilutionOfPrecision(directions: [(14, 150), (15, 254), (43, 192), (6, 81)])
/// dop?.x  // 0.763, gpsd's SKY xdop 0.76
/// ```
public struct DilutionOfPrecision: Sendable, Hashable {
  /// East (gpsd's `xdop`).
  public var x: Double
  /// North (`ydop`).
  public var y: Double
  /// Up (`vdop`).
  public var vertical: Double
  /// Receiver clock (`tdop`).
  public var time: Double
  /// Horizontal, √(x² + y²) (`hdop`).
  public var horizontal: Double
  /// Position, √(x² + y² + v²) (`pdop`).
  public var position: Double
  /// Geometric, position and time (`gdop`).
  public var geometric: Double

  /// The DOPs of satellites seen at `directions` (elevation, azimuth in degrees); nil with
  /// fewer than four, or when their geometry does not fix a position (the matrix is singular).
  /// Directions gpsd skips are skipped: a non-finite value, an azimuth outside 0…359 or an
  /// elevation beyond ±90.
  public init?(directions: [(elevation: Double, azimuth: Double)]) {
    var normal = [[Double]](repeating: [Double](repeating: 0, count: 4), count: 4)
    var count = 0
    for (elevation, azimuth) in directions {
      guard elevation.isFinite, azimuth.isFinite, abs(elevation) <= 90, azimuth >= 0,
        azimuth <= 359
      else { continue }
      let el = elevation * .pi / 180
      let az = azimuth * .pi / 180
      let row = [sin(az) * cos(el), cos(az) * cos(el), sin(el), 1]
      for i in 0..<4 {
        for j in 0..<4 { normal[i][j] += row[i] * row[j] }
      }
      count += 1
    }
    guard count >= 4, let inverse = Self.inverted(normal) else { return nil }
    let diagonal = (0..<4).map { inverse[$0][$0] }
    guard diagonal.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
    x = diagonal[0].squareRoot()
    y = diagonal[1].squareRoot()
    vertical = diagonal[2].squareRoot()
    time = diagonal[3].squareRoot()
    horizontal = (diagonal[0] + diagonal[1]).squareRoot()
    position = (diagonal[0] + diagonal[1] + diagonal[2]).squareRoot()
    geometric = diagonal.reduce(0, +).squareRoot()
  }

  /// The inverse of a 4×4 matrix by Gauss–Jordan elimination with partial pivoting; nil when
  /// it is singular.
  static func inverted(_ matrix: [[Double]]) -> [[Double]]? {
    let size = matrix.count
    var left = matrix
    var right = (0..<size).map { row in (0..<size).map { row == $0 ? 1.0 : 0.0 } }
    for column in 0..<size {
      var pivot = column
      for row in column..<size where abs(left[row][column]) > abs(left[pivot][column]) {
        pivot = row
      }
      guard abs(left[pivot][column]) > 1e-12 else { return nil }
      left.swapAt(column, pivot)
      right.swapAt(column, pivot)
      let scale = left[column][column]
      for j in 0..<size {
        left[column][j] /= scale
        right[column][j] /= scale
      }
      for row in 0..<size where row != column {
        let factor = left[row][column]
        guard factor != 0 else { continue }
        for j in 0..<size {
          left[row][j] -= factor * left[column][j]
          right[row][j] -= factor * right[column][j]
        }
      }
    }
    return right
  }
}
