import Platform

/// Stepping the system clock once from the receiver (`locate time --set-clock`), for a
/// computer that boots without a real-time clock (a Raspberry Pi starts at its last shutdown,
/// or in 1970): the receiver's time of an epoch plus the monotonic time since the epoch's first
/// byte arrived, so that the time spent between the arrival and the step is not lost. The
/// receiver's delay in sending the epoch (tens to hundreds of milliseconds) is not corrected:
/// a time service (chrony, ntpd) does better once the clock is near.
package struct ClockStep: Sendable, Hashable {
  /// The receiver's time of the epoch, nanoseconds since 1970.
  package var reference: Int64
  /// The system clock at the epoch's first byte.
  package var system: Int64
  /// The monotonic clock at the epoch's first byte.
  package var monotonic: Int64

  /// What to do.
  package enum Decision: Sendable, Hashable {
    /// The system clock is within the threshold of the receiver (`ahead` ns): left alone.
    case within(ahead: Int64)
    /// The system clock is `ahead` ns off: step it.
    case step(ahead: Int64)
  }

  /// Makes a step from one epoch's timing.
  package init(reference: Int64, system: Int64, monotonic: Int64) {
    self.reference = reference
    self.system = system
    self.monotonic = monotonic
  }

  /// Whether the system clock, `system − reference` off, is further than `threshold`
  /// nanoseconds from the receiver.
  package func decide(threshold: Int64) -> Decision {
    let ahead = system &- reference
    return ahead.magnitude > threshold.magnitude ? .step(ahead: ahead) : .within(ahead: ahead)
  }

  /// The time to set when the monotonic clock reads `monotonicNow`.
  package func target(monotonicNow: Int64) -> Int64 {
    reference &+ (monotonicNow &- monotonic)
  }

  /// Steps the clock through `setter` (the kernel's by default) to ``target(monotonicNow:)``
  /// of now; returns the time set. `EPERM` without `CAP_SYS_TIME`.
  package func apply(
    monotonicNow: () -> Int64 = { SystemTime.now() },
    setter: (Int64) throws(Errno) -> Void = { nanoseconds throws(Errno) in
      try KernelClock.setRealtime(nanoseconds: nanoseconds)
    }
  ) throws(Errno) -> Int64 {
    let time = target(monotonicNow: monotonicNow())
    try setter(time)
    return time
  }
}
