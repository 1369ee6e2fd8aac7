@_exported import TestSupport

/// The fault tests' own places.
extension Paths {
  /// `Tests/FaultTests/FuzzRegressions`.
  static let fuzzRegressions = root + "/Tests/FaultTests/FuzzRegressions"

  /// The GPX 1.1 subset schema the CLI tests validate with.
  static let gpxSchema = root + "/Tests/LocateCLITests/Fixtures/gpx-subset.xsd"
}
