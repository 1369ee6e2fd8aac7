// Failing, waiting and telling a sanitizer build: what every test target needs.
import Foundation

/// A failure in the test machinery itself, or an outcome that makes going on pointless.
public struct TestFailure: Error, CustomStringConvertible {
  /// What went wrong.
  public var description: String

  /// A failure saying `description`.
  public init(_ description: String) { self.description = description }
}

/// Sleeps for `seconds` (polling loops use it; no test asserts a duration).
public func pause(_ seconds: Double) {
  usleep(UInt32(seconds * 1_000_000))
}

/// Polls `condition` every 20 ms until it holds or `timeout` seconds pass (generous timeouts:
/// the machine may be loaded); returns whether it held.
@discardableResult
public func waitUntil(timeout: Double = 60, _ condition: () throws -> Bool) rethrows -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if try condition() { return true }
    pause(0.02)
  }
  return try condition()
}

/// Whether this process (and so the `locate` it runs, from the same build) is built with
/// AddressSanitizer or ThreadSanitizer: resident memory then measures the sanitizer's shadow
/// memory and quarantine, not `locate`'s.
public let runsUnderSanitizer: Bool = {
  guard let process = dlopen(nil, RTLD_NOW) else { return false }
  defer { dlclose(process) }
  return dlsym(process, "__asan_init") != nil || dlsym(process, "__tsan_init") != nil
}()
