/// Where PPS edges come from: the kernel's PPS API on `/dev/ppsN` (``KernelPPS``), a serial
/// port's DCD or CTS line (``ModemLinePPS``), or, in tests, edges fed by hand
/// (``PPSEdgeFeed``): the seam through which the pairing and its arithmetic are tested without
/// PPS hardware.
package protocol PPSSource: AnyObject, Sendable {
  /// What it is, for notes (`/dev/pps0`, `/dev/ttyUSB0 DCD`).
  var name: String { get }
  /// Waits up to `timeout` seconds for the next assert edge; nil when none came. Returns early
  /// (nil) when the waiting thread is interrupted (``PPSReader`` stopping).
  /// - Throws: ``TimeServiceError`` when the source failed (the device went away).
  func nextEdge(timeout: Double) throws(TimeServiceError) -> PPSEdge?
  /// Lets go of the device. Later calls do nothing.
  func close()
}
