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
    var normal = NormalSum()
    Self.wholeDegrees.withUnsafeBufferPointer { table in
      for (elevation, azimuth) in directions {
        normal.add(elevation: elevation, azimuth: azimuth, table: table)
      }
    }
    self.init(normal)
  }

  /// The DOPs of satellites seen at `directions` (`x` elevation, `y` azimuth, degrees), as
  /// ``init(directions:)`` gives them, read in place (no array of tuples to build per epoch).
  package init?(directions: UnsafeBufferPointer<SIMD2<Double>>) {
    var normal = NormalSum()
    Self.wholeDegrees.withUnsafeBufferPointer { table in
      for direction in directions {
        normal.add(elevation: direction.x, azimuth: direction.y, table: table)
      }
    }
    self.init(normal)
  }

  /// The DOPs of the normal matrix `GᵀG` of `normal.count` satellites.
  private init?(_ normal: NormalSum) {
    guard normal.count >= 4, let inverse = Self.inverted(normal.matrix) else { return nil }
    let diagonal = SIMD4(inverse[0][0], inverse[1][1], inverse[2][2], inverse[3][3])
    guard (0..<4).allSatisfy({ diagonal[$0] >= 0 && diagonal[$0].isFinite }) else { return nil }
    x = diagonal[0].squareRoot()
    y = diagonal[1].squareRoot()
    vertical = diagonal[2].squareRoot()
    time = diagonal[3].squareRoot()
    horizontal = (diagonal[0] + diagonal[1]).squareRoot()
    position = (diagonal[0] + diagonal[1] + diagonal[2]).squareRoot()
    geometric = (diagonal[0] + diagonal[1] + diagonal[2] + diagonal[3]).squareRoot()
  }

  /// `GᵀG` summed a satellite at a time, its ten distinct entries in scalars: with the row
  /// `(x, y, z, 1)` the entry (i, j) gets `row[i] * row[j]`, which is (j, i)'s (a product does
  /// not depend on the order of its factors), and the last column gets `row[i] * 1`, that is
  /// `row[i]`. The same products and sums in the same order as adding `row[i] * row` into a
  /// ``Matrix4`` row by row, so the same bits, at less than half the arithmetic.
  private struct NormalSum {
    var xx = 0.0
    var xy = 0.0
    var xz = 0.0
    var x1 = 0.0
    var yy = 0.0
    var yz = 0.0
    var y1 = 0.0
    var zz = 0.0
    var z1 = 0.0
    var ones = 0.0
    /// The satellites added.
    var count = 0

    /// Adds the line of sight at `elevation`, `azimuth` (degrees), unless gpsd skips it: a
    /// non-finite value, an azimuth outside 0…359 or an elevation beyond ±90. `table` is
    /// ``DilutionOfPrecision/wholeDegrees``, read once per matrix rather than per angle.
    @inline(__always)
    mutating func add(
      elevation: Double, azimuth: Double, table: UnsafeBufferPointer<(sine: Double, cosine: Double)>
    ) {
      guard elevation.isFinite, azimuth.isFinite, abs(elevation) <= 90, azimuth >= 0,
        azimuth <= 359
      else { return }
      let el = DilutionOfPrecision.sineAndCosine(degrees: elevation, table: table)
      let az = DilutionOfPrecision.sineAndCosine(degrees: azimuth, table: table)
      let x = az.sine * el.cosine
      let y = az.cosine * el.cosine
      let z = el.sine
      xx += x * x
      xy += x * y
      xz += x * z
      x1 += x
      yy += y * y
      yz += y * z
      y1 += y
      zz += z * z
      z1 += z
      ones += 1
      count += 1
    }

    /// The sum as a matrix.
    var matrix: Matrix4 {
      Matrix4(
        rows: (
          SIMD4(xx, xy, xz, x1), SIMD4(xy, yy, yz, y1), SIMD4(xz, yz, zz, z1),
          SIMD4(x1, y1, z1, ones)
        ))
    }
  }

  /// The sine and cosine of `degrees`, exactly as `sin(degrees * .pi / 180)` and its cosine
  /// give them: from a table for whole degrees (what NMEA sends), worked out on the spot
  /// otherwise. The trigonometry was most of the DOPs' cost, and they are worked out again
  /// whenever a satellite moves (about every second epoch in a drive).
  @inline(__always)
  static func sineAndCosine(degrees: Double) -> (sine: Double, cosine: Double) {
    wholeDegrees.withUnsafeBufferPointer { sineAndCosine(degrees: degrees, table: $0) }
  }

  /// ``sineAndCosine(degrees:)`` with ``wholeDegrees`` already in hand (reading the global
  /// went through its lazy initialiser's check at each angle).
  @inline(__always)
  static func sineAndCosine(
    degrees: Double, table: UnsafeBufferPointer<(sine: Double, cosine: Double)>
  ) -> (sine: Double, cosine: Double) {
    // Within -90…359 the conversion cannot overflow, and it gives back `degrees` exactly when
    // `degrees` is whole (as `Int(exactly:)` would say, without its call to libm's `trunc`).
    if degrees >= -90, degrees <= 359, Double(Int(degrees)) == degrees,
      degrees != 0 || degrees.sign == .plus
    {
      // 0…449: `table` has the 450 whole degrees from -90 to 359.
      return table[Int(degrees) + 90]
    }
    let radians = degrees * .pi / 180
    return (sin(radians), cos(radians))
  }

  /// The sine and cosine of each whole degree from -90 to 359, computed as the loop would.
  private static let wholeDegrees: [(sine: Double, cosine: Double)] = (-90...359).map { whole in
    let radians = Double(whole) * .pi / 180
    return (sin(radians), cos(radians))
  }

  /// The inverse of a 4×4 matrix by Gauss–Jordan elimination with partial pivoting; nil when
  /// it is singular.
  static func inverted(_ matrix: Matrix4) -> Matrix4? {
    var left = matrix
    var right = Matrix4.identity
    for column in 0..<4 {
      var pivot = column
      for row in column..<4 where abs(left[row][column]) > abs(left[pivot][column]) {
        pivot = row
      }
      guard abs(left[pivot][column]) > 1e-12 else { return nil }
      left.swapRows(column, pivot)
      right.swapRows(column, pivot)
      let scale = left[column][column]
      left[column] /= scale
      right[column] /= scale
      for row in 0..<4 where row != column {
        let factor = left[row][column]
        guard factor != 0 else { continue }
        left[row] -= factor * left[column]
        right[row] -= factor * right[column]
      }
    }
    return right
  }
}

/// A 4×4 matrix of doubles, by rows, kept in place (no heap storage).
struct Matrix4 {
  private var rows = (SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>())

  /// All zero.
  init() {}

  /// The matrix with these rows.
  init(rows: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)) { self.rows = rows }

  /// The identity matrix.
  static var identity: Matrix4 {
    var matrix = Matrix4()
    matrix.rows = (SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))
    return matrix
  }

  /// Row `index` (0…3).
  subscript(index: Int) -> SIMD4<Double> {
    get {
      switch index {
      case 0: rows.0
      case 1: rows.1
      case 2: rows.2
      default: rows.3
      }
    }
    set {
      switch index {
      case 0: rows.0 = newValue
      case 1: rows.1 = newValue
      case 2: rows.2 = newValue
      default: rows.3 = newValue
      }
    }
  }

  /// Swaps rows `a` and `b`.
  mutating func swapRows(_ a: Int, _ b: Int) {
    guard a != b else { return }
    let row = self[a]
    self[a] = self[b]
    self[b] = row
  }
}
