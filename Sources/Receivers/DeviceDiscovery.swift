// CONTRACT STUB — the receivers work implements discovery, keeping this shape.

/// A receiver found on this machine.
public struct DiscoveredDevice: Sendable, Hashable {
  /// The device path (`/dev/ttyUSB0`).
  public var path: String
  /// The stable `/dev/serial/by-id/…` link to it, if any.
  public var byID: String?
  /// USB vendor and product (`1546:01a7 u-blox GNSS receiver`), from sysfs.
  public var usbDescription: String?
  /// Kernel driver (`cdc_acm`, `pl2303`, `cp210x`, `ftdi_sio`), from sysfs.
  public var driver: String?
  /// Whether we may open it now.
  public var state: DeviceState

  /// Makes a record.
  public init(
    path: String, byID: String? = nil, usbDescription: String? = nil, driver: String? = nil,
    state: DeviceState
  ) {
    self.path = path
    self.byID = byID
    self.usbDescription = usbDescription
    self.driver = driver
    self.state = state
  }
}

/// Finds serial GNSS receivers.
public enum DeviceDiscovery {
  /// Candidates in preference order: /dev/serial/by-id/*, ttyUSB*, ttyACM*, /dev/serial0,
  /// ttyAMA*; ttyS* only when `probeSerialPorts` and it really talks NMEA.
  public static func list(probeSerialPorts: Bool = false) -> [DiscoveredDevice] { [] }
}
