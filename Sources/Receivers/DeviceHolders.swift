import Glibc

/// Finds the processes that have a device open by reading `/proc/PID/fd/*` links: the
/// answer to "busy — who holds it?". Only processes we may inspect are seen (all, for root).
enum DeviceHolders {
  /// The processes holding `path` (resolved through symlinks), the lowest PID first.
  static func find(_ path: String, procRoot: String = "/proc") -> [DeviceHolder] {
    guard let target = resolvedPath(path) else { return [] }
    var holders: [DeviceHolder] = []
    for entry in directoryEntries(procRoot) {
      guard let pid = Int32(entry), pid > 0 else { continue }
      let fdDirectory = "\(procRoot)/\(entry)/fd"
      let holds = directoryEntries(fdDirectory).contains { fd in
        readLink("\(fdDirectory)/\(fd)") == target
      }
      if holds {
        holders.append(DeviceHolder(pid: pid, command: command(of: pid, procRoot: procRoot)))
      }
    }
    return holders.sorted { $0.pid < $1.pid }
  }

  /// The holder to name: another process when there is one, else this process itself.
  static func holder(of path: String, procRoot: String = "/proc") -> DeviceHolder? {
    let all = find(path, procRoot: procRoot)
    let me = getpid()
    return all.first { $0.pid != me } ?? all.first
  }

  /// The other processes holding `path` (this process excluded), the lowest PID first.
  static func others(_ path: String, procRoot: String = "/proc") -> [DeviceHolder] {
    let me = getpid()
    return find(path, procRoot: procRoot).filter { $0.pid != me }
  }

  /// The command name of `pid` (`/proc/PID/comm`), or `pid N` when unreadable.
  static func command(of pid: Int32, procRoot: String = "/proc") -> String {
    guard let text = readSmallFile("\(procRoot)/\(pid)/comm") else { return "pid \(pid)" }
    return text.trimmingLineEnd()
  }
}

/// The names in a directory (`opendir(3)`/`readdir(3)`), without `.` and `..`; empty when
/// it cannot be read.
func directoryEntries(_ path: String) -> [String] {
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

/// The target of a symbolic link (`readlink(2)`), or `nil`.
func readLink(_ path: String) -> String? {
  var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
  let count = buffer.withUnsafeMutableBytes { bytes -> Int in
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else { return -1 }
    return Glibc.readlink(path, base, bytes.count - 1)
  }
  guard count > 0 else { return nil }
  return String(decoding: buffer[0..<count], as: UTF8.self)
}

/// The canonical path with every symlink resolved (`realpath(3)`), or `nil` when it is missing.
func resolvedPath(_ path: String) -> String? {
  guard let resolved = realpath(path, nil) else { return nil }
  defer { free(resolved) }
  return String(cString: resolved)
}

/// A small text file (`/proc`, `/sys`, the baud cache) read whole, at most `limit` bytes, or
/// `nil`. Only a regular file is read, and opening never blocks: a FIFO or a device in its
/// place reads as `nil` instead of hanging.
func readSmallFile(_ path: String, limit: Int = 65536) -> String? {
  guard let fd = try? FileDescriptor.open(path, O_RDONLY | O_NONBLOCK) else { return nil }
  defer { fd.close() }
  var info = stat()
  guard fstat(fd.rawValue, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 4096)
  while bytes.count < limit {
    let count = chunk.withUnsafeMutableBytes { buffer in (try? fd.read(into: buffer)) ?? 0 }
    if count <= 0 { break }
    bytes.append(contentsOf: chunk[0..<count])
  }
  return String(decoding: bytes, as: UTF8.self)
}

extension String {
  /// The string without trailing line ends and spaces.
  func trimmingLineEnd() -> String {
    var text = Substring(self)
    while let last = text.last, last == "\n" || last == "\r" || last == " " { text.removeLast() }
    return String(text)
  }
}
