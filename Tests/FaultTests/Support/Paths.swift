@_exported import TestSupport

/// The fault tests' own places.
extension Paths {
  /// `Tests/FaultTests/FuzzRegressions`.
  static let fuzzRegressions = root + "/Tests/FaultTests/FuzzRegressions"
}
