import Platform

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
  /// The device in `$LOCATE_DEVICE` if set (``environmentDevice(_:)``), otherwise the first
  /// receiver discovery finds.
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

extension ReceiverSource {
  /// The kinds of source, as errors and policies tell them apart.
  public enum Kind: Sendable, Hashable {
    /// A serial device or pty (named, or found by discovery).
    case device
    /// A capture file.
    case file
    /// Standard input.
    case standardInput
    /// An NMEA-over-TCP bridge.
    case tcp
    /// A gpsd server.
    case gpsd

    /// Whether it is reached over the network (TCP or gpsd).
    public var isNetwork: Bool { self == .tcp || self == .gpsd }
  }

  /// What kind of source it is.
  public var kind: Kind {
    switch self {
    case .device, .discover: return .device
    case .file: return .file
    case .standardInput: return .standardInput
    case .tcp: return .tcp
    case .gpsd: return .gpsd
    }
  }

  /// Whether the source is reached over the network (a TCP bridge or a gpsd server).
  public var isNetwork: Bool { kind.isNetwork }

  /// How states, errors, fixes and `locate`'s output name the source — its one rendering: the
  /// device path as given (a symlink is not resolved, as gpsd does), the file's path, `standard
  /// input`, the URL with the port always written and an IPv6 host in brackets
  /// (`tcp://192.0.2.1:10110`, `gpsd://[::1]:2947`); for ``discover(baud:)``, the device in
  /// `$LOCATE_DEVICE`, or `nil` until ``resolved()`` decides which device it is.
  public var name: String? {
    switch self {
    case .device(let path, _): return path
    case .discover: return Self.environmentDevice()
    case .file(let path, _): return path
    case .standardInput: return Self.standardInputName
    case .tcp(let host, let port): return "tcp://\(Self.bracketed(host)):\(port)"
    case .gpsd(let host, let port): return "gpsd://\(Self.bracketed(host)):\(port)"
    }
  }

  /// The name of ``standardInput`` in states and errors.
  public static let standardInputName = "standard input"

  /// A host as a URL writes it: an IPv6 address in brackets.
  private static func bracketed(_ host: String) -> String {
    host.contains(":") ? "[\(host)]" : host
  }

  /// The environment variable that names the receiver to read when none is given.
  public static let deviceVariable = "LOCATE_DEVICE"

  /// The device `$LOCATE_DEVICE` names in `environment` (the process's own when `nil`), or `nil`
  /// when it is unset or empty. Every reader of the variable asks here.
  public static func environmentDevice(_ environment: [String: String]? = nil) -> String? {
    let value =
      environment.map { $0[deviceVariable] } ?? CurrentProcess.environment(deviceVariable)
    guard let value, !value.isEmpty else { return nil }
    return value
  }
}
