/// The spread of a series of offsets (nanoseconds): what `locate time` prints and the
/// benchmark compares with gpsd's.
package struct OffsetStatistics: Sendable, Hashable {
  /// How many.
  package var count: Int
  /// Their mean, nanoseconds.
  package var mean: Double
  /// Their sample standard deviation (n − 1), nanoseconds; 0 for fewer than two.
  package var standardDeviation: Double
  /// The smallest and largest.
  package var minimum: Int64
  package var maximum: Int64
  /// The median (the mean of the middle two for an even count).
  package var median: Double

  /// The statistics of `values`; nil when there are none.
  package init?(_ values: [Int64]) {
    guard let minimum = values.min(), let maximum = values.max() else { return nil }
    count = values.count
    self.minimum = minimum
    self.maximum = maximum
    // Around the first value: sums of nanoseconds since 1970 would lose digits in a Double.
    let origin = values[0]
    let deltas = values.map { Double($0 &- origin) }
    let meanDelta = deltas.reduce(0, +) / Double(count)
    mean = Double(origin) + meanDelta
    let squares = deltas.reduce(0) { $0 + ($1 - meanDelta) * ($1 - meanDelta) }
    standardDeviation = count > 1 ? (squares / Double(count - 1)).squareRoot() : 0
    let sorted = values.sorted()
    let middle = count / 2
    median =
      count % 2 == 1
      ? Double(sorted[middle])
      : Double(sorted[middle - 1]) + Double(sorted[middle] &- sorted[middle - 1]) / 2
  }

  /// `maximum − minimum`, nanoseconds.
  package var range: Int64 { maximum &- minimum }
}
