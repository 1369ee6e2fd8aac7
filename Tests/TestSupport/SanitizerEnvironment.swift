// The sanitizer options a test passes to the programs it starts.
import Foundation

/// The sanitizer variables for a child process: the runner's `ASAN_`, `LSAN_` and `TSAN_`
/// ones, with `LOCATE_CHILD_LSAN_OPTIONS` (set by `make sanitize-address`) as the child's
/// `LSAN_OPTIONS`: the `locate` processes fail on a leak, while the test runner only reports
/// its own (see the Makefile).
public func sanitizerEnvironment() -> [String: String] {
  var inherited: [String: String] = [:]
  let environment = ProcessInfo.processInfo.environment
  for (key, value) in environment
  where key.hasPrefix("ASAN_") || key.hasPrefix("LSAN_") || key.hasPrefix("TSAN_") {
    inherited[key] = value
  }
  if let child = environment["LOCATE_CHILD_LSAN_OPTIONS"] { inherited["LSAN_OPTIONS"] = child }
  return inherited
}
