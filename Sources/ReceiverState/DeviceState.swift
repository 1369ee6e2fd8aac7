/// Who holds a busy device, from /proc.
public struct DeviceHolder: Sendable, Hashable {
  /// Process ID.
  public var pid: Int32
  /// Command name (`gpsd`, `ModemManager`, `locate`).
  public var command: String
  /// The holder's user, when it is not this process's (`nil`: the same user, or unknown).
  public var user: String?
  /// Whether the holder is a `locate` that shares the device with this user: opening it joins
  /// that process's stream instead of failing as busy.
  public var shared: Bool
  /// For a `locate` of this user that does not share the device: why, when known (`it has no
  /// private directory to listen in: /tmp/locate-1000 belongs to mallory, not to alice`).
  public var notSharing: String?

  /// Makes a holder.
  public init(
    pid: Int32, command: String, user: String? = nil, shared: Bool = false,
    notSharing: String? = nil
  ) {
    self.pid = pid
    self.command = command
    self.user = user
    self.shared = shared
    self.notSharing = notSharing
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
  /// one), or, when `baud` is nil, at any rate ``BaudSetting/auto`` tried (a binary protocol, or an
  /// unusual rate). Reading goes on: NMEA that comes back is `connected` again.
  case garbled(path: String, baud: Int?)
  /// A replay (file, stdin) or a stream that cannot reconnect reached its end.
  case ended
}
