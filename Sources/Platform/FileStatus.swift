import Glibc

/// What `stat(2)` says about a file: its kind, size, owning group and device number.
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
    // glibc's gnu_dev_major/minor: major bits 8–19 and 32–43, minor bits 0–7 and 20–31.
    let device = UInt64(info.st_rdev)
    deviceMajor = UInt32(truncatingIfNeeded: ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff))
    deviceMinor = UInt32(truncatingIfNeeded: (device & 0xff) | ((device >> 12) & ~0xff))
  }
}
