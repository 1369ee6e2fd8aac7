import Glibc

/// Paths: what they are, where links lead, what a directory holds; making and removing links,
/// files and directories.
package enum FileSystem {
  /// What `path` is; with `followingLinks` false, a symbolic link itself.
  ///
  /// The corresponding C functions are `stat` and `lstat`.
  package static func status(_ path: String, followingLinks: Bool = true) throws(Errno)
    -> FileStatus
  {
    var info = stat()
    try nothingOrErrno { followingLinks ? stat(path, &info) : lstat(path, &info) }.get()
    return FileStatus(info)
  }

  /// Whether `path` leads to something (a dangling link does not).
  ///
  /// The corresponding C call is `access(path, F_OK)`.
  package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// Why `path` may not be read, or `nil` when it may.
  ///
  /// The corresponding C call is `access(path, R_OK)`.
  package static func readAccessError(_ path: String) -> Errno? {
    access(path, R_OK) == 0 ? nil : Errno.current
  }

  /// Why `path` may not be read and written, or `nil` when it may.
  ///
  /// The corresponding C call is `access(path, R_OK | W_OK)`.
  package static func readWriteAccessError(_ path: String) -> Errno? {
    access(path, R_OK | W_OK) == 0 ? nil : Errno.current
  }

  /// The target of a symbolic link, or `nil` when `path` is not one.
  ///
  /// The corresponding C function is `readlink`.
  package static func readLink(_ path: String) -> String? {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = buffer.withUnsafeMutableBytes { bytes -> Int in
      guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else { return -1 }
      return Glibc.readlink(path, base, bytes.count - 1)
    }
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count], as: UTF8.self)
  }

  /// The canonical path with every symbolic link resolved, or `nil` when it leads nowhere.
  ///
  /// The corresponding C function is `realpath`.
  package static func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The names in a directory, without `.` and `..`; empty when it cannot be read.
  ///
  /// The corresponding C functions are `opendir`, `readdir` and `closedir`.
  package static func directoryEntries(_ path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Makes a symbolic link at `link` pointing to `target`.
  ///
  /// The corresponding C function is `symlink`.
  package static func makeSymbolicLink(_ link: String, to target: String) throws(Errno) {
    try nothingOrErrno { symlink(target, link) }.get()
  }

  /// Renames `source` to `destination`, atomically replacing what was there.
  ///
  /// The corresponding C function is `rename`.
  package static func rename(_ source: String, to destination: String) throws(Errno) {
    try nothingOrErrno { Glibc.rename(source, destination) }.get()
  }

  /// Removes a file or a link (not a directory).
  ///
  /// The corresponding C function is `unlink`.
  package static func remove(_ path: String) throws(Errno) {
    try nothingOrErrno { unlink(path) }.get()
  }

  /// Removes an empty directory.
  ///
  /// The corresponding C function is `rmdir`.
  package static func removeDirectory(_ path: String) throws(Errno) {
    try nothingOrErrno { rmdir(path) }.get()
  }

  /// Makes the directory `path` with `permissions` (`0o700`).
  ///
  /// The corresponding C function is `mkdir`.
  package static func makeDirectory(_ path: String, permissions: UInt32 = 0o700) throws(Errno) {
    try nothingOrErrno { mkdir(path, mode_t(permissions)) }.get()
  }

  /// Makes `path` and its missing parents (mode 0700); errors are ignored. Only an absolute
  /// path is made (a relative one would land wherever the program runs).
  package static func makeDirectories(_ path: String) {
    guard path.hasPrefix("/") else { return }
    var current = ""
    for part in path.split(separator: "/") {
      current += "/" + part
      try? makeDirectory(current)
    }
  }

  /// A small text file (`/proc`, `/sys`, a cache) read whole, at most `limit` bytes, or `nil`.
  /// Only a regular file is read, and opening never blocks: a FIFO or a device in its place
  /// reads as `nil` instead of hanging.
  package static func readSmallFile(_ path: String, limit: Int = 65536) -> String? {
    guard let fd = try? FileDescriptor.open(path, .readOnly, options: .nonBlocking) else {
      return nil
    }
    defer { fd.close() }
    guard (try? fd.status())?.kind == .regular else { return nil }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count < limit {
      let count = chunk.withUnsafeMutableBytes { buffer in (try? fd.read(into: buffer)) ?? 0 }
      if count <= 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
