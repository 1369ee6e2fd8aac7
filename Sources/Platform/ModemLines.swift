import CLocateSys
import Glibc

/// A serial port's modem control lines and line discipline: what a PPS signal wired to DCD or
/// CTS, or the kernel's PPS line discipline, needs.
extension FileDescriptor {
  /// The modem lines a PPS signal may be wired to.
  package struct ModemLines: OptionSet, Sendable, Hashable {
    /// The `TIOCM_…` bits.
    package let rawValue: Int32
    /// Wraps `TIOCM_…` bits.
    package init(rawValue: Int32) { self.rawValue = rawValue }
    /// Data carrier detect (`TIOCM_CD`, pin 1 of a DE-9).
    package static let carrierDetect = ModemLines(rawValue: Int32(TIOCM_CD))
    /// Clear to send (`TIOCM_CTS`, pin 8).
    package static let clearToSend = ModemLines(rawValue: Int32(TIOCM_CTS))
    /// Ring indicator (`TIOCM_RI`, pin 9).
    package static let ringIndicator = ModemLines(rawValue: Int32(TIOCM_RI))
    /// Data set ready (`TIOCM_DSR`, pin 6).
    package static let dataSetReady = ModemLines(rawValue: Int32(TIOCM_DSR))
  }

  /// Blocks until one of `lines` changes (`EINTR` when a signal arrives: see
  /// ``JoinableThread/interrupt(with:)``; `ENOTTY` or `EINVAL` on a port without modem lines,
  /// such as a pseudo-terminal; `EIO` once the device is gone).
  ///
  /// The corresponding C call is `ioctl(TIOCMIWAIT)`.
  package func waitForModemChange(_ lines: ModemLines) throws(Errno) {
    try nothingOrErrno(retryOnInterrupt: false) {
      ioctl(rawValue, UInt(TIOCMIWAIT), CInt(lines.rawValue))
    }.get()
  }

  /// The modem lines set now.
  ///
  /// The corresponding C call is `ioctl(TIOCMGET)`.
  package func modemLines() throws(Errno) -> ModemLines {
    var bits: CInt = 0
    try nothingOrErrno { ioctl(rawValue, UInt(TIOCMGET), &bits) }.get()
    return ModemLines(rawValue: bits)
  }

  /// `N_PPS`: the kernel's PPS line discipline (`<linux/tty.h>`), which timestamps DCD edges
  /// and registers a `/dev/ppsN` for the port.
  package static let ppsLineDiscipline: CInt = 18

  /// The terminal's line discipline (`N_TTY` 0, ``ppsLineDiscipline``…).
  ///
  /// The corresponding C call is `ioctl(TIOCGETD)`.
  package func lineDiscipline() throws(Errno) -> CInt {
    var discipline: CInt = 0
    try nothingOrErrno { ioctl(rawValue, UInt(TIOCGETD), &discipline) }.get()
    return discipline
  }

  /// Sets the terminal's line discipline (`EINVAL` when the kernel has none by that number).
  ///
  /// The corresponding C call is `ioctl(TIOCSETD)`.
  package func setLineDiscipline(_ discipline: CInt) throws(Errno) {
    var value = discipline
    try nothingOrErrno { ioctl(rawValue, UInt(TIOCSETD), &value) }.get()
  }

  /// The RFC 2783 capabilities of a PPS device (`PPS_CAPTUREASSERT` 0x01…).
  ///
  /// The corresponding C call is `ioctl(PPS_GETCAP)`.
  package func ppsCapabilities() throws(Errno) -> Int32 {
    var capabilities: CInt = 0
    try nothingOrErrno { clocate_pps_capabilities(rawValue, &capabilities) }.get()
    return capabilities
  }

  /// Asks a PPS device to timestamp its assert edges.
  ///
  /// The corresponding C calls are `ioctl(PPS_GETPARAMS)` and `ioctl(PPS_SETPARAMS)`.
  package func ppsCaptureAssert() throws(Errno) {
    try nothingOrErrno { clocate_pps_capture_assert(rawValue) }.get()
  }

  /// The last assert and clear events of a PPS device, after waiting up to `timeout` seconds
  /// for a new one (``Errno/timedOut`` when none came; `EINTR` when a signal arrives): each
  /// the kernel's `CLOCK_REALTIME` timestamp in nanoseconds since 1970, and its sequence
  /// number.
  ///
  /// The corresponding C call is `ioctl(PPS_FETCH)`.
  package func ppsFetch(timeout: Double) throws(Errno) -> (
    assert: (nanoseconds: Int64, sequence: UInt32), clear: (nanoseconds: Int64, sequence: UInt32)
  ) {
    var assert = clocate_pps_event()
    var clear = clocate_pps_event()
    try nothingOrErrno(retryOnInterrupt: false) {
      clocate_pps_fetch(rawValue, timeout, &assert, &clear)
    }.get()
    return (
      (Int64(assert.sec) &* 1_000_000_000 &+ Int64(assert.nsec), assert.sequence),
      (Int64(clear.sec) &* 1_000_000_000 &+ Int64(clear.nsec), clear.sequence)
    )
  }
}
