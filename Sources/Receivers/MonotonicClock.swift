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

  /// The clock value `seconds` from now.
  package static func deadline(after seconds: Double) -> UInt64 {
    now() &+ UInt64(max(0, seconds) * 1e9)
  }
}
