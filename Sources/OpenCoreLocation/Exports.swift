// `import OpenCoreLocation` brings Foundation, as `import CoreLocation` does on Apple's
// platforms: code that uses `NSObject`, `Date`, `TimeInterval`, `UserDefaults` or
// `Notification` with only the Core Location import keeps compiling when the import is
// swapped.
@_exported import Foundation
