import Platform

/// Where discovery looks: `/dev`, `/sys` and `/proc`, or a fake tree of symlinks to real ptys
/// in a test's temporary directory.
struct DiscoveryRoots: Sendable, Hashable {
  /// The device directory (`/dev`).
  var dev = "/dev"
  /// The sysfs mount (`/sys`).
  var sys = "/sys"
  /// The procfs mount (`/proc`).
  var proc = "/proc"

  /// The system's roots.
  static let system = DiscoveryRoots()

  /// The stable-name directory, `/dev/serial/by-id`.
  var byIDDirectory: String { "\(dev)/serial/by-id" }

  /// The `/dev/serial/by-id/…` link that leads to the same device as `path`, if any.
  func stableLink(for path: String) -> String? {
    if path.hasPrefix(byIDDirectory + "/") { return path }
    guard let target = FileSystem.resolvedPath(path) else { return nil }
    return FileSystem.directoryEntries(byIDDirectory).sorted().lazy
      .map { "\(byIDDirectory)/\($0)" }
      .first { FileSystem.resolvedPath($0) == target }
  }
}

/// `path` with `.` and `..` components folded and duplicate slashes removed (no symlinks
/// followed): where a relative link such as `../../ttyUSB0` points, within the same tree.
func normalizedPath(_ path: String) -> String {
  var parts: [Substring] = []
  for part in path.split(separator: "/", omittingEmptySubsequences: true) {
    if part == "." { continue }
    if part == ".." {
      if !parts.isEmpty { parts.removeLast() }
      continue
    }
    parts.append(part)
  }
  return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
}

/// Where the symlink at `path` points, one level, as a normalized path in the same tree
/// (`/dev/serial/by-id/usb-…` → `/dev/ttyUSB0`), or `nil` when it is not a link.
func linkDestination(_ path: String) -> String? {
  guard let target = FileSystem.readLink(path) else { return nil }
  if target.hasPrefix("/") { return normalizedPath(target) }
  let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    .joined(separator: "/")
  return normalizedPath(directory + "/" + target)
}
