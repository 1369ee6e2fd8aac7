import Glibc

/// The C library's `printf` formatting, for the few numbers the byte writers leave to it
/// (`TextBytes` in JSON, the screen's local times).
package enum CFormat {
  /// `format` filled with `arguments`.
  ///
  /// The corresponding C function is `vsnprintf`.
  package static func string(_ format: String, _ arguments: any CVarArg...) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    while true {
      let needed = withVaList(arguments) { list in
        buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, list) }
      }
      guard needed >= 0 else { return "" }
      if Int(needed) < buffer.count {
        return String(decoding: buffer[..<Int(needed)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
      buffer = [CChar](repeating: 0, count: Int(needed) + 1)
    }
  }
}
