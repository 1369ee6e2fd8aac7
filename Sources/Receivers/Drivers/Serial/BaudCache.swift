import Platform

/// The last rate that worked for each device, so `--baud auto` tries it first next time.
///
/// One line per device, `RATE<TAB>KEY`, in `$XDG_CACHE_HOME/locate/baud` (or
/// `~/.cache/locate/baud`); the key is the device's `/dev/serial/by-id` link when it has one.
/// At most ``maximumBytes`` are read and ``maximumDevices`` remembered (the others are
/// forgotten); a cache path that is not a regular file (a FIFO, a device) is left alone.
struct BaudCache: Sendable {
  /// The cache file.
  let file: String
  /// The most of the file read.
  static let maximumBytes = 65536
  /// The most devices remembered.
  static let maximumDevices = 100

  /// The default file: `$XDG_CACHE_HOME/locate/baud`, else `$HOME/.cache/locate/baud`;
  /// `nil` when neither is set to an absolute path (a relative one would depend on the
  /// working directory, and `XDG` says to ignore it).
  static var defaultFile: String? {
    if let cache = CurrentProcess.environment("XDG_CACHE_HOME"), cache.hasPrefix("/") {
      return cache + "/locate/baud"
    }
    if let home = CurrentProcess.environment("HOME"), home.hasPrefix("/") {
      return home + "/.cache/locate/baud"
    }
    return nil
  }

  /// Every remembered rate by key.
  func entries() -> [String: Int] {
    guard let text = FileSystem.readSmallFile(file, limit: Self.maximumBytes) else { return [:] }
    var entries: [String: Int] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: "\t", maxSplits: 1)
      if parts.count == 2, let rate = Int(parts[0]), BaudRate.speed(for: rate) != nil {
        entries[String(parts[1])] = rate
      }
    }
    return entries
  }

  /// The rate remembered for `key`.
  func rate(for key: String) -> Int? { entries()[key] }

  /// Remembers `rate` for `key`, replacing the file atomically (write, then `rename(2)`).
  /// Failures are ignored: the cache only saves time.
  func remember(_ rate: Int, for key: String) {
    if let status = try? FileSystem.status(file), status.kind != .regular { return }
    var all = entries()
    guard all[key] != rate, !key.contains("\n"), !key.contains("\t") else { return }
    while all.count >= Self.maximumDevices, let other = all.keys.first(where: { $0 != key }) {
      all[other] = nil
    }
    all[key] = rate
    let text = all.keys.sorted().map { "\(all[$0] ?? rate)\t\($0)\n" }.joined()
    let directory = String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)])
    FileSystem.makeDirectories(directory)
    let temporary = "\(file).\(CurrentProcess.id).tmp"
    guard
      let fd = try? FileDescriptor.open(
        temporary, .writeOnly, options: [.create, .truncate], permissions: 0o644)
    else { return }
    let written: Bool = Array(text.utf8).withUnsafeBytes { bytes in
      (try? fd.writeAll(bytes)) != nil
    }
    fd.close()
    if !written || (try? FileSystem.rename(temporary, to: file)) == nil {
      try? FileSystem.remove(temporary)
    }
  }
}
