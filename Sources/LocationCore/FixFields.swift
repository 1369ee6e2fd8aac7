import FoundationEssentials

/// Which of a location's fields are valid, by Core Location's sentinels, read the same way by
/// every output: `locate`'s formats and gpsd's objects (GPSDServer's `GPSDJSON`).
extension Fix {
  /// Whether the altitude is known: a valid vertical accuracy (Core Location's rule; the
  /// location service gives one only to an epoch with an altitude in a 3D fix).
  package var hasAltitude: Bool { verticalAccuracy > 0 }

  /// Whether the fix has a date (see `GNSSFixInfo.hasDate`; hand-made locations do).
  package var hasDate: Bool { gnss?.hasDate ?? true }

  /// The timestamp, for outputs that leave the time out of an undated fix.
  package var datedTimestamp: Date? { hasDate ? timestamp : nil }

  /// The fix mode, from the GNSS details, or guessed from the accuracies for hand-made fixes.
  package var fixMode: GNSSFixMode {
    if let mode = gnss?.mode { return mode }
    if horizontalAccuracy < 0 { return .noFix }
    return verticalAccuracy > 0 ? .fix3D : .fix2D
  }

  /// Valid values only (Core Location marks invalid ones negative).
  package var validHorizontalAccuracy: Double? {
    horizontalAccuracy >= 0 ? horizontalAccuracy : nil
  }
  package var validVerticalAccuracy: Double? { verticalAccuracy > 0 ? verticalAccuracy : nil }
  package var validSpeed: Double? { speed >= 0 ? speed : nil }
  package var validCourse: Double? { course >= 0 ? course : nil }
  package var validSpeedAccuracy: Double? { speedAccuracy >= 0 ? speedAccuracy : nil }
  package var validCourseAccuracy: Double? { courseAccuracy >= 0 ? courseAccuracy : nil }
}
