import Foundation

/// Archiving (`NSSecureCoding`): apps persist the last location with `NSKeyedArchiver`.
///
/// The keys are `kCLLocationCodingKey…` names; values are doubles, the timestamp an `NSDate`
/// and the source information a ``CLLocationSourceInformation``. The Linux extension
/// ``CLLocation/gnss`` is not archived (a decoded location has none).
extension CLLocation.Fields {
  private enum Key {
    static let latitude = "kCLLocationCodingKeyCoordinateLatitude"
    static let longitude = "kCLLocationCodingKeyCoordinateLongitude"
    static let altitude = "kCLLocationCodingKeyAltitude"
    static let ellipsoidalAltitude = "kCLLocationCodingKeyEllipsoidalAltitude"
    static let horizontalAccuracy = "kCLLocationCodingKeyHorizontalAccuracy"
    static let verticalAccuracy = "kCLLocationCodingKeyVerticalAccuracy"
    static let course = "kCLLocationCodingKeyCourse"
    static let courseAccuracy = "kCLLocationCodingKeyCourseAccuracy"
    static let speed = "kCLLocationCodingKeySpeed"
    static let speedAccuracy = "kCLLocationCodingKeySpeedAccuracy"
    static let timestamp = "kCLLocationCodingKeyTimestamp"
    static let sourceInformation = "kCLLocationCodingKeySourceInformation"
  }

  /// The fields of an archive; nil without a coordinate or a timestamp.
  init?(coder: NSCoder) {
    guard coder.containsValue(forKey: Key.latitude), coder.containsValue(forKey: Key.longitude),
      let timestamp = coder.decodeObject(of: NSDate.self, forKey: Key.timestamp)
    else { return nil }
    func number(_ key: String, _ absent: Double) -> Double {
      coder.containsValue(forKey: key) ? coder.decodeDouble(forKey: key) : absent
    }
    let altitude = number(Key.altitude, 0)
    self.init(
      coordinate: CLLocationCoordinate2D(
        latitude: coder.decodeDouble(forKey: Key.latitude),
        longitude: coder.decodeDouble(forKey: Key.longitude)),
      altitude: altitude, ellipsoidalAltitude: number(Key.ellipsoidalAltitude, altitude),
      horizontalAccuracy: number(Key.horizontalAccuracy, -1),
      verticalAccuracy: number(Key.verticalAccuracy, -1), course: number(Key.course, -1),
      courseAccuracy: number(Key.courseAccuracy, -1), speed: number(Key.speed, -1),
      speedAccuracy: number(Key.speedAccuracy, -1), timestamp: timestamp as Date,
      sourceInformation: coder.containsValue(forKey: Key.sourceInformation)
        ? coder.decodeObject(of: CLLocationSourceInformation.self, forKey: Key.sourceInformation)
        : nil)
  }

  /// Writes the fields under their keys.
  func encode(with coder: NSCoder) {
    coder.encode(coordinate.latitude, forKey: Key.latitude)
    coder.encode(coordinate.longitude, forKey: Key.longitude)
    coder.encode(altitude, forKey: Key.altitude)
    coder.encode(ellipsoidalAltitude, forKey: Key.ellipsoidalAltitude)
    coder.encode(horizontalAccuracy, forKey: Key.horizontalAccuracy)
    coder.encode(verticalAccuracy, forKey: Key.verticalAccuracy)
    coder.encode(course, forKey: Key.course)
    coder.encode(courseAccuracy, forKey: Key.courseAccuracy)
    coder.encode(speed, forKey: Key.speed)
    coder.encode(speedAccuracy, forKey: Key.speedAccuracy)
    coder.encode(timestamp as NSDate, forKey: Key.timestamp)
    if let sourceInformation { coder.encode(sourceInformation, forKey: Key.sourceInformation) }
  }
}
