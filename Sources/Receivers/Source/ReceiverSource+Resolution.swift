import Platform

/// Which device a source opens, decided in one place: ``ReceiverSource/discover(baud:)``
/// becomes `$LOCATE_DEVICE`, else the first receiver discovery finds that may be opened.
/// Everything that names the source (device states, errors, fixes, the engine a client
/// shares, `locate`'s time feed) asks here, so that they name the same device.
extension ReceiverSource {
  /// The source as it opens now: ``discover(baud:)`` resolved to the ``device(path:baud:)``
  /// that discovery picks; any other source as it is.
  /// - Throws: ``ReceiverError`` when discovery finds no receiver that may be opened (not
  ///   found, or the first one's refusal: permission denied, busy).
  public func resolved() throws(ReceiverError) -> ReceiverSource {
    try resolved(roots: .system)
  }

  /// ``resolved()`` under `roots` (tests use a fake /dev, /sys and /proc).
  func resolved(roots: DiscoveryRoots) throws(ReceiverError) -> ReceiverSource {
    guard case .discover(let baud) = self else { return self }
    return .device(path: try Self.discoveredPath(roots: roots), baud: baud)
  }

  /// `$LOCATE_DEVICE` when set, else the first device discovery finds that may be opened (or
  /// joined: held by a `locate` that shares it).
  /// Throws not found, or the refusal of the first device when none may be opened.
  static func discoveredPath(roots: DiscoveryRoots) throws(ReceiverError) -> String {
    if let variable = environmentDevice() { return variable }
    let devices = DeviceDiscovery.list(roots: roots, probeSerialPorts: false)
    let usable = devices.first { device in
      switch device.state {
      case .available: true
      case .busy(_, let holder?): holder.shared
      default: false
      }
    }
    if let usable {
      return usable.byID ?? usable.path
    }
    guard let first = devices.first else { throw ReceiverError(code: .notFound, path: "") }
    switch first.state {
    case .denied(let path, let group):
      throw ReceiverError(
        code: .permissionDenied(group: group), path: path, errno: Errno.accessDenied.rawValue)
    case .busy(let path, let holder):
      throw ReceiverError(code: .busy(holder: holder), path: path, errno: Errno.busy.rawValue)
    default:
      throw ReceiverError(code: .notFound, path: first.path)
    }
  }
}
