import Glibc

/// `CLOCK_MONOTONIC` in nanoseconds: the arrival times of ``ReceiverEvent/data(_:at:)``.
package enum MonotonicClock {
  /// Now, in nanoseconds since an arbitrary start (`clock_gettime(CLOCK_MONOTONIC)`).
  package static func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
  }

  /// Seconds from `start` to now.
  package static func seconds(since start: UInt64) -> Double {
    Double(now() &- start) / 1e9
  }

  /// Milliseconds until `deadline` (a ``now()`` value), clamped to 0…`cap`, rounded up.
  package static func milliseconds(until deadline: UInt64, cap: Int32 = 1000) -> Int32 {
    let current = now()
    if deadline <= current { return 0 }
    let millis = (deadline - current + 999_999) / 1_000_000
    return Int32(min(UInt64(cap), millis))
  }

  /// The clock value `seconds` from now (NaN is 0, more than ``longest`` is ``longest``).
  package static func deadline(after seconds: Double) -> UInt64 {
    now() &+ nanoseconds(seconds)
  }

  /// The longest span a deadline is set for, seconds (about 31 years).
  package static let longest = 1e9

  /// `seconds` in nanoseconds, clamped to 0…``longest`` (never a trap on a huge, infinite or
  /// NaN value).
  package static func nanoseconds(_ seconds: Double) -> UInt64 {
    guard seconds > 0 else { return 0 }
    return UInt64(min(seconds, longest) * 1e9)
  }
}
