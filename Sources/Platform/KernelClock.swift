import CLocateSys
import Glibc

/// The kernel's system clock: its synchronisation state (`adjtimex(2)`, read only) and
/// stepping it (`clock_settime(2)`).
package enum KernelClock {
  /// What `adjtimex(2)` reports, unchanged.
  package struct Status: Sendable, Hashable {
    /// The clock state it returns: `TIME_OK` (0), `TIME_INS` (1, a leap second will be
    /// inserted at midnight), `TIME_DEL` (2), `TIME_OOP` (3, the leap second is under way),
    /// `TIME_WAIT` (4, one just happened), `TIME_ERROR` (5, not synchronised).
    package var state: Int32
    /// The `STA_…` status bits.
    package var statusBits: Int32
    /// The maximum error, microseconds.
    package var maximumError: Int64
    /// The estimated error, microseconds.
    package var estimatedError: Int64
    /// TAI − UTC as the kernel was told (0 when nobody told it).
    package var taiOffset: Int32

    /// Whether a time service disciplines the clock (`STA_UNSYNC` clear, not `TIME_ERROR`).
    package var isSynchronised: Bool {
      state != 5 && statusBits & KernelClock.unsynchronised == 0
    }

    /// The state's name (`TIME_OK`), as `<sys/timex.h>` numbers them.
    package var stateName: String {
      let names = ["TIME_OK", "TIME_INS", "TIME_DEL", "TIME_OOP", "TIME_WAIT", "TIME_ERROR"]
      return names.indices.contains(Int(state)) ? names[Int(state)] : "state \(state)"
    }
  }

  /// `STA_UNSYNC`: the clock is not synchronised (`<sys/timex.h>`, which Swift cannot import).
  package static let unsynchronised: Int32 = 0x0040

  /// The clock's state now.
  ///
  /// The corresponding C call is `adjtimex` with `modes` 0 (nothing is changed).
  package static func status() throws(Errno) -> Status {
    var raw = clocate_clock_status()
    try nothingOrErrno { clocate_clock_status(&raw) }.get()
    return Status(
      state: raw.state, statusBits: raw.status, maximumError: raw.maxerror,
      estimatedError: raw.esterror, taiOffset: raw.tai)
  }

  /// Steps the system clock (`CLOCK_REALTIME`) to `nanoseconds` since 1970. `EPERM` without
  /// `CAP_SYS_TIME`.
  ///
  /// The corresponding C call is `clock_settime(CLOCK_REALTIME)`.
  package static func setRealtime(nanoseconds: Int64) throws(Errno) {
    let (seconds, fraction) = nanoseconds.floorDivided(by: 1_000_000_000)
    var spec = timespec(tv_sec: Int(seconds), tv_nsec: Int(fraction))
    try nothingOrErrno { clock_settime(CLOCK_REALTIME, &spec) }.get()
  }
}
