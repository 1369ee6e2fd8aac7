import Glibc

/// The last rate that worked for each device, so `--baud auto` tries it first next time.
///
/// One line per device, `RATE<TAB>KEY`, in `$XDG_CACHE_HOME/locate/baud` (or
/// `~/.cache/locate/baud`); the key is the device's `/dev/serial/by-id` link when it has one.
struct BaudCache: Sendable {
  /// The cache file.
  let file: String

  /// The default file: `$XDG_CACHE_HOME/locate/baud`, else `$HOME/.cache/locate/baud`;
  /// `nil` when neither variable is set.
  static var defaultFile: String? {
    if let cache = getenv("XDG_CACHE_HOME").map({ String(cString: $0) }), cache.hasPrefix("/") {
      return cache + "/locate/baud"
    }
    if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
      return home + "/.cache/locate/baud"
    }
    return nil
  }

  /// Every remembered rate by key.
  func entries() -> [String: Int] {
    guard let text = readSmallFile(file) else { return [:] }
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
    var all = entries()
    guard all[key] != rate, !key.contains("\n") else { return }
    all[key] = rate
    let text = all.keys.sorted().map { "\(all[$0] ?? rate)\t\($0)\n" }.joined()
    let directory = String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)])
    makeDirectories(directory)
    let temporary = "\(file).\(getpid()).tmp"
    guard let fd = try? FileDescriptor.open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644)
    else { return }
    let written: Bool = Array(text.utf8).withUnsafeBytes { bytes in
      (try? fd.writeAll(bytes)) != nil
    }
    fd.close()
    if !written || rename(temporary, file) != 0 { unlink(temporary) }
  }
}

/// Makes `path` and its missing parents (`mkdir(2)`, mode 0700); errors are ignored.
func makeDirectories(_ path: String) {
  var current = ""
  for part in path.split(separator: "/") {
    current += "/" + part
    _ = mkdir(current, 0o700)
  }
}
