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

  /// The bytes of `path` (`-` is standard input).
  static func read(_ path: String, what: String) throws(LocateError) -> Data {
    if path == "-" {
      return FileHandle.standardInput.readDataToEndOfFile()
    }
    try checkReadable(path, what: what)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw noInput(what, errno == 0 ? EIO : errno)
    }
    return data
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
