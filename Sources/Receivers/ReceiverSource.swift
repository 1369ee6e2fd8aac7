/// How fast a serial port runs.
public enum BaudSetting: Sendable, Hashable {
  /// A fixed standard rate (4800–921600).
  case fixed(Int)
  /// Hunt the rate: the last good rate for this device first, then the standard rates.
  case auto
}

/// How a capture file is replayed.
public enum Pacing: Sendable, Hashable {
  /// As fast as the bytes can be read.
  case asFastAsPossible
  /// Paced by the capture's own timestamps, `speed` times real time (1 = as recorded).
  case realtime(speed: Double)
}

/// Where the bytes come from.
public enum ReceiverSource: Sendable, Hashable {
  /// A serial device (or pty) by path.
  case device(path: String, baud: BaudSetting)
  /// `$LOCATE_DEVICE` if set, otherwise the first receiver discovery finds.
  case discover(baud: BaudSetting)
  /// A capture file.
  case file(path: String, pacing: Pacing)
  /// Standard input.
  case standardInput
  /// An NMEA-over-TCP bridge (`tcp://HOST:PORT`), reconnected when it drops.
  case tcp(host: String, port: UInt16)
  /// A gpsd server's raw NMEA relay (`gpsd://HOST[:PORT]`, port 2947 by default).
  case gpsd(host: String, port: UInt16)

  /// Whether the source is live (a device, TCP or gpsd) rather than a replay (file, stdin).
  /// Live sources run on the system clock; replays on the stream's own clock.
  public var isLive: Bool {
    switch self {
    case .device, .discover, .tcp, .gpsd: return true
    case .file, .standardInput: return false
    }
  }

  /// Whether bytes can wait in a kernel buffer from before the source was opened: a serial
  /// device's (what a receiver sent while nobody read it). TCP, gpsd, standard input and files
  /// deliver a stream whose first read is as new as any other.
  public var hasKernelBuffer: Bool {
    switch self {
    case .device, .discover: return true
    case .tcp, .gpsd, .file, .standardInput: return false
    }
  }
}

/// Who holds a busy device, from /proc.
public struct DeviceHolder: Sendable, Hashable {
  /// Process ID.
  public var pid: Int32
  /// Command name (`gpsd`, `ModemManager`, `locate`).
  public var command: String

  /// Makes a holder.
  public init(pid: Int32, command: String) {
    self.pid = pid
    self.command = command
  }
}

/// The state of a receiver as the reader sees it; each change is reported once.
public enum DeviceState: Sendable, Hashable {
  /// Present and free to open, but not being read (what discovery reports for a usable device).
  case available(path: String)
  /// Open and delivering bytes (`baud` is nil for non-serial sources).
  case connected(path: String, baud: Int?)
  /// The OS refused access (EACCES/EPERM); `group` owns the device (usually `dialout`).
  case denied(path: String, group: String?)
  /// Another program holds the device exclusively.
  case busy(path: String, holder: DeviceHolder?)
  /// No receiver exists (nothing discovered, or the path does not exist).
  case unavailable(path: String?)
  /// The device went away (unplugged); reopening is under way.
  case unplugged(path: String)
  /// Connected, but no bytes for `seconds`.
  case silent(path: String, seconds: Double)
  /// Bytes keep coming, but no NMEA sentence: at `baud` (a fixed rate, probably the wrong
  /// one), or, when `baud` is nil, at any rate `--baud auto` tried (a binary protocol, or an
  /// unusual rate). Reading goes on: NMEA that comes back is `connected` again.
  case garbled(path: String, baud: Int?)
  /// A replay (file, stdin) or a stream that cannot reconnect reached its end.
  case ended
}

extension DeviceState: CustomStringConvertible {
  /// A short phrase for status lines: `connected to /dev/ttyUSB0 at 9600 baud`.
  public var description: String {
    switch self {
    case .available(let path):
      return "\(path) is available"
    case .connected(let path, let baud?):
      return "connected to \(path) at \(baud) baud"
    case .connected(let path, nil):
      return "connected to \(path)"
    case .denied(let path, let group):
      return ReceiverError(code: .permissionDenied(group: group), path: path).description
    case .busy(let path, let holder):
      return ReceiverError(code: .busy(holder: holder), path: path).description
    case .unavailable(let path?):
      return "\(path) is not there (unplugged?)"
    case .unavailable(nil):
      return "no GPS receiver found"
    case .unplugged(let path):
      return "\(path) went away; waiting for it to come back"
    case .silent(let path, let seconds):
      return "\(path) is connected but has sent nothing for \(Int(seconds.rounded())) s"
    case .garbled(let path, let baud?):
      return "\(path) sends bytes at \(baud) baud, but no NMEA"
    case .garbled(let path, nil):
      return "\(path) sends bytes, but no NMEA at any baud rate"
    case .ended:
      return "end of input"
    }
  }
}
