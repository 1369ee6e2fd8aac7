import Platform

// Discovery without opening anything: the candidates' paths, and what opening one would meet.
extension DeviceDiscovery {
  /// The candidates in preference order (/dev/serial/by-id/*, ttyUSB*, ttyACM*,
  /// /dev/serial0, ttyAMA*), each device once: its path, its by-id link, and what it resolves
  /// to. Nothing is opened.
  static func candidates(roots: DiscoveryRoots) -> [(path: String, byID: String?, identity: String)]
  {
    var links: [String: String] = [:]  // device path → by-id link
    var paths: [String] = []
    for name in FileSystem.directoryEntries(roots.byIDDirectory).sorted() {
      let link = "\(roots.byIDDirectory)/\(name)"
      guard let device = linkDestination(link) else { continue }
      if links[device] == nil { links[device] = link }
      paths.append(device)
    }
    let names = FileSystem.directoryEntries(roots.dev)
    paths += ttys(names, prefix: "ttyUSB", in: roots.dev)
    paths += ttys(names, prefix: "ttyACM", in: roots.dev)
    if names.contains("serial0") {
      paths.append(linkDestination("\(roots.dev)/serial0") ?? "\(roots.dev)/serial0")
    }
    paths += ttys(names, prefix: "ttyAMA", in: roots.dev)
    var seen = Set<String>()
    var found: [(path: String, byID: String?, identity: String)] = []
    for path in paths {
      guard let identity = FileSystem.resolvedPath(path), seen.insert(identity).inserted else {
        continue
      }
      found.append((path, links[path], identity))
    }
    return found
  }

  /// What opening `path` would meet, told without opening it (so the receiver, its port's
  /// settings and its modem lines are left alone): `unavailable` when nothing is there,
  /// `denied` when this process may not read and write it (`access(2)`), `busy` when another
  /// program holds it (from `/proc`; a `locate` of this user that shares it is not busy:
  /// opening joins it), else `available`. A process of this program's own holding it is not
  /// another program.
  public static func peek(path: String) -> DeviceState {
    peek(path: path, roots: .system)
  }

  static func peek(path: String, roots: DiscoveryRoots) -> DeviceState {
    guard FileSystem.exists(path) else { return .unavailable(path: path) }
    if let error = FileSystem.readWriteAccessError(path) {
      return stateForError(error, path: path, roots: roots)
    }
    if let other = DeviceHolders.others(path, procRoot: roots.proc).first, !other.shared {
      return .busy(path: path, holder: other)
    }
    return .available(path: path)
  }

  /// The receiver ``ReceiverSource/discover(baud:)`` would open, found without opening
  /// anything: the device ``ReceiverSource/resolved()`` decides on; when none may be opened,
  /// the first candidate in ``list(probeSerialPorts:)``'s order (whose state says why); nil
  /// when there is none.
  public static func firstCandidate() -> String? {
    if let path = try? ReceiverSource.discoveredPath(roots: .system) { return path }
    return candidates(roots: .system).first?.path
  }
}
