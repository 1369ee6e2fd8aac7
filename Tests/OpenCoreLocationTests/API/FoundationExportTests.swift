import LocationEngine
// Only these two imports: `NSObject`, `UserDefaults`, `Notification`, `TimeInterval`, `Date`
// and `NotificationCenter` come with OpenCoreLocation, as they do with Apple's CoreLocation.
import OpenCoreLocation
import Testing

/// What four of the real-app files needed from Foundation without importing it.
final class LastPlaceStore: NSObject {
  static let changed = Notification.Name("LastPlaceStore.changed")
  let defaults: UserDefaults
  let maximumAge: TimeInterval = 600

  init(defaults: UserDefaults) {
    self.defaults = defaults
    super.init()
  }

  func save(_ location: CLLocation) {
    defaults.set(location.coordinate.latitude, forKey: "lat")
    defaults.set(location.timestamp.timeIntervalSince1970, forKey: "time")
    NotificationCenter.default.post(name: Self.changed, object: location)
  }

  func isFresh(now: Date) -> Bool {
    now.timeIntervalSince1970 - defaults.double(forKey: "time") < maximumAge
  }
}

@Test("import OpenCoreLocation brings Foundation")
func foundationComesWithTheImport() throws {
  let defaults = try #require(UserDefaults(suiteName: "FoundationExportTests"))
  let store = LastPlaceStore(defaults: defaults)
  store.save(CLLocation(latitude: 48.1, longitude: 11.5))
  #expect(defaults.double(forKey: "lat") == 48.1)
  #expect(store.isFresh(now: Date()))
  defaults.removePersistentDomain(forName: "FoundationExportTests")
}
