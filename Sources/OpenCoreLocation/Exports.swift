// `import OpenCoreLocation` brings Foundation, as `import CoreLocation` does on Apple's
// platforms: code that uses `NSObject`, `Date`, `TimeInterval`, `UserDefaults` or
// `Notification` with only the Core Location import keeps compiling when the import is
// swapped.
@_exported import Foundation
// Core Location's value types (coordinates, authorization, activity types, the accuracy
// constants, `CLError`'s codes) are the engine's: the facade brings them with it.
@_exported import LocationEngine
