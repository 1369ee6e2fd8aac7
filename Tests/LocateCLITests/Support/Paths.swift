@_exported import TestSupport

/// The CLI tests' own places.
extension Paths {
  /// `Tests/LocateCLITests/Fixtures/NAME`.
  static func fixture(_ name: String) -> String {
    root + "/Tests/LocateCLITests/Fixtures/" + name
  }
}
