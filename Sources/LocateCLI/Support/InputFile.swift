import Foundation

/// Input files (`--input FILE`, `--points FILE`): checked before use, read whole.
enum InputFile {
  /// Fails with exit 66 and the reason when `path` cannot be read as a file.
  static func checkReadable(_ path: String, what: String) throws(LocateError) {
    var info = stat()
    guard stat(path, &info) == 0 else { throw noInput(what, errno) }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw LocateError(.noInput, what, "is a directory", remedy: "give a file")
    }
    guard access(path, R_OK) == 0 else { throw noInput(what, errno) }
  }

  /// The bytes of `path` (`-` is standard input), read with `read(2)`.
  static func read(_ path: String, what: String) throws(LocateError) -> [UInt8] {
    if path == "-" { return try readAll(STDIN_FILENO, what: what) }
    try checkReadable(path, what: what)
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw noInput(what, errno) }
    defer { close(descriptor) }
    return try readAll(descriptor, what: what)
  }

  /// Everything until end of file on `descriptor`.
  private static func readAll(_ descriptor: Int32, what: String) throws(LocateError) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count < 0 { throw noInput(what, errno) }
      if count == 0 { return bytes }
      bytes += buffer[0..<count]
    }
  }

  private static func noInput(_ what: String, _ code: Int32) -> LocateError {
    let why = String(cString: strerror(code)).lowercased()
    let remedy: String
    switch code {
    case ENOENT: remedy = "check the path"
    case EACCES, EPERM: remedy = "make it readable, e.g. chmod a+r"
    default: remedy = "check the file"
    }
    return LocateError(.noInput, what, why, remedy: remedy)
  }
}
