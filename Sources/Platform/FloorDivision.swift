extension Int64 {
  /// The quotient rounded towards minus infinity and the remainder with the divisor's sign, as
  /// times before 1970 need (−1 ms is 23:59:59.999 of the day before, not 00:00:00.-001).
  ///
  /// - Parameter divisor: A non-zero divisor.
  /// - Returns: `quotient * divisor + remainder == self`, `remainder` in `0..<divisor` for a
  ///   positive divisor.
  public func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let quotient = self / divisor
    let remainder = self % divisor
    if remainder != 0 && (remainder < 0) != (divisor < 0) {
      return (quotient - 1, remainder + divisor)
    }
    return (quotient, remainder)
  }
}
