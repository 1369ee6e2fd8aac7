import Glibc
import Testing

@testable import LocateCLI

/// `--timeout`'s deadline for input files and fix requests is on the monotonic clock
/// (issue 23, point 4): a wall clock stepped while `locate` waits — by NTP, or by the
/// receiver itself on a board without a real-time clock — neither ends the wait early nor
/// stretches it.
@Suite struct InputDeadlineTests {
  /// Now on CLOCK_MONOTONIC, nanoseconds.
  static func monotonic() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  @Test func endsOnTheMonotonicClock() {
    let before = Self.monotonic()
    let deadline = InputFile.Deadline(seconds: 5)
    let after = Self.monotonic()
    #expect(deadline.end >= before + 5_000_000_000)
    #expect(deadline.end <= after + 5_000_000_000)
    #expect(deadline.seconds == 5)
    #expect(deadline.secondsLeft > 4 && deadline.secondsLeft <= 5)
  }

  @Test func passedDeadlineHasNoTimeLeft() {
    let deadline = InputFile.Deadline(seconds: 0)
    #expect(deadline.secondsLeft <= 0)
  }
}
