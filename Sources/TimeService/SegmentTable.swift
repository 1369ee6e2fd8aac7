import Platform

/// What `/proc/sysvipc/shm` (readable by everyone, as `ipcs -m` reads it) says of the System V
/// segments: enough to name the owner and mode of a segment this user may not even look at.
struct SegmentTable {
  /// One segment.
  struct Entry: Equatable {
    var key: Int32
    var id: Int32
    var permissions: UInt32
    var size: Int
    var creatorPID: Int32
    var attachments: Int
    var ownerID: UInt32
  }

  /// The segment with `key`, if there is one (nil too when the table cannot be read).
  static func entry(key: Int32, table: String = "/proc/sysvipc/shm") -> Entry? {
    guard let text = FileSystem.readSmallFile(table, limit: 1 << 22) else { return nil }
    for line in text.split(separator: "\n").dropFirst() {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      // key shmid perms size cpid lpid nattch uid gid cuid cgid …
      guard fields.count >= 8, let found = Int32(fields[0]), found == key,
        let id = Int32(fields[1]), let permissions = UInt32(fields[2], radix: 8),
        let size = Int(fields[3]), let creator = Int32(fields[4]),
        let attachments = Int(fields[6]), let owner = UInt32(fields[7])
      else { continue }
      return Entry(
        key: key, id: id, permissions: permissions & 0o777, size: size, creatorPID: creator,
        attachments: attachments, ownerID: owner)
    }
    return nil
  }

  /// Whether process `pid` has segment `key` attached (its `/proc/PID/maps` names
  /// `/SYSV` and the key in hex); true when that cannot be read (another user's process).
  static func isAttached(pid: Int32, key: Int32) -> Bool {
    guard let maps = FileSystem.readSmallFile("/proc/\(pid)/maps", limit: 1 << 24) else {
      return CurrentProcess.exists(pid)
    }
    let hex = String(UInt32(bitPattern: key), radix: 16)
    let name = "/SYSV" + String(repeating: "0", count: max(0, 8 - hex.count)) + hex
    return maps.contains(name)
  }
}
