import Foundation

/// Files read and written with plain system calls (see ``ChildProcess``).
enum Files {
  /// The whole content of `path` (empty when it cannot be read).
  static func read(_ path: String) -> Data {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return Data() }
    defer { close(descriptor) }
    return read(descriptor: descriptor)
  }

  /// Everything until end of file on `descriptor`.
  static func read(descriptor: Int32) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return data }
      data.append(contentsOf: buffer[0..<count])
    }
  }

  /// The content of `path` as UTF-8 text.
  static func text(_ path: String) -> String { String(decoding: read(path), as: UTF8.self) }

  /// Creates (or truncates) `path` for writing; the descriptor.
  static func create(_ path: String) throws -> Int32 {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw TestFailure("cannot create \(path): \(errno)") }
    return descriptor
  }
}
