import Glibc

/// What `stat(2)` says about a file: its kind, size, owner, permissions, identity and device
/// number.
package struct FileStatus: Sendable, Hashable {
  /// The kinds of file.
  package enum Kind: Sendable, Hashable {
    /// A regular file.
    case regular
    /// A directory.
    case directory
    /// A character device (a tty).
    case characterDevice
    /// A block device.
    case blockDevice
    /// A FIFO (named pipe).
    case fifo
    /// A symbolic link (only from ``FileSystem/status(_:followingLinks:)`` with `false`).
    case symbolicLink
    /// A socket.
    case socket
  }

  /// The kind.
  package var kind: Kind
  /// The size in bytes.
  package var size: Int64
  /// The owning group's ID.
  package var groupID: UInt32
  /// The owner's user ID.
  package var ownerID: UInt32
  /// The permission bits (`0o700`), with set-user-ID, set-group-ID and sticky.
  package var permissions: UInt32
  /// The file system it lives on (`st_dev`), with ``inode`` the file's identity.
  package var fileSystem: UInt64
  /// The inode number (`st_ino`).
  package var inode: UInt64
  /// For a device: its major number (`gnu_dev_major`).
  package var deviceMajor: UInt32
  /// For a device: its minor number (`gnu_dev_minor`).
  package var deviceMinor: UInt32

  init(_ info: stat) {
    switch info.st_mode & S_IFMT {
    case S_IFDIR: kind = .directory
    case S_IFCHR: kind = .characterDevice
    case S_IFBLK: kind = .blockDevice
    case S_IFIFO: kind = .fifo
    case S_IFLNK: kind = .symbolicLink
    case S_IFSOCK: kind = .socket
    default: kind = .regular
    }
    size = Int64(info.st_size)
    groupID = info.st_gid
    ownerID = info.st_uid
    permissions = UInt32(info.st_mode & 0o7777)
    fileSystem = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    // glibc's gnu_dev_major/minor: major bits 8–19 and 32–43, minor bits 0–7 and 20–31.
    (deviceMajor, deviceMinor) = Self.split(UInt64(info.st_rdev))
  }

  /// The major and minor numbers of a device number (glibc's `gnu_dev_major`/`gnu_dev_minor`).
  package static func split(_ device: UInt64) -> (major: UInt32, minor: UInt32) {
    (
      UInt32(truncatingIfNeeded: ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)),
      UInt32(truncatingIfNeeded: (device & 0xff) | ((device >> 12) & ~0xff))
    )
  }
}
