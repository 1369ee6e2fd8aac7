import Platform

extension DeviceHolders {
  /// The process (other than this one) holding a `flock(2)` on `path`, from `/proc/locks`
  /// (`1: FLOCK  ADVISORY  WRITE 4242 00:1a:3 0 EOF`: the PID, then the file system's major
  /// and minor numbers in hex and the inode). Every user may read it, so it names the holder
  /// when `/proc/PID/fd` may not be read (another user's process).
  static func lockHolder(_ path: String, procRoot: String) -> Int32? {
    let me = CurrentProcess.id
    return lockers(path, procRoot: procRoot).first { $0 != me }
  }

  /// Every process holding a `flock(2)` on `path` (this one included), from `/proc/locks`.
  static func lockers(_ path: String, procRoot: String) -> [Int32] {
    guard let status = try? FileSystem.status(path),
      let text = FileSystem.readSmallFile("\(procRoot)/locks", limit: 1 << 20)
    else { return [] }
    let (major, minor) = FileStatus.split(status.fileSystem)
    let wanted = String(major, radix: 16) + ":" + String(minor, radix: 16) + ":\(status.inode)"
    var found: [Int32] = []
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count >= 6, fields[1] == "FLOCK", let pid = Int32(fields[4]) else { continue }
      if normalized(fields[5]) == wanted { found.append(pid) }
    }
    return found
  }

  /// `MAJ:MIN:INODE` with the hex numbers' leading zeros dropped (`00:1a:3` → `0:1a:3`).
  private static func normalized(_ identity: Substring) -> String {
    identity.split(separator: ":", omittingEmptySubsequences: false).enumerated().map {
      index, part in
      guard index < 2 else { return String(part) }
      let trimmed = part.drop { $0 == "0" }
      return trimmed.isEmpty ? "0" : String(trimmed)
    }.joined(separator: ":")
  }
}
