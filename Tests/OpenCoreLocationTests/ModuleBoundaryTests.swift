import Foundation
import TestSupport
import Testing

/// The engine's core has no I/O, and its runtime holds it without tricks (issue 23): read
/// from the sources themselves, so that a file added later is held to it too.
@Suite("The engine's core and runtime apart")
struct ModuleBoundaryTests {
  /// The Swift files under `Sources/<module>`, with their text.
  private func sources(of module: String) throws -> [(path: String, text: String)] {
    let directory = Paths.root + "/Sources/" + module
    let files = try #require(FileManager.default.enumerator(atPath: directory))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    return try files.map { file in
      (file, try String(contentsOfFile: directory + "/" + file, encoding: .utf8))
    }
  }

  @Test("LocationCore imports no thread, lock, clock or descriptor module")
  func coreImportsNoRuntime() throws {
    let allowed: Set = ["FoundationEssentials", "Glibc", "NMEA", "Geodesy", "ReceiverState"]
    let files = try sources(of: "LocationCore")
    #expect(files.count > 40)
    for (path, text) in files {
      for line in text.split(separator: "\n") where line.hasPrefix("import ") {
        let module = String(line.dropFirst("import ".count))
        #expect(allowed.contains(module), "\(path) imports \(module)")
      }
      let code = text.split(separator: "\n").filter {
        !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
      }.joined(separator: "\n")
      for word in ["Locked", "Atomic<", "pthread_", "SystemTime", "DispatchQueue", "Date()"] {
        #expect(!code.contains(word), "\(path) uses \(word)")
      }
    }
  }

  @Test("the runtime runs the core on one thread: no unchecked exclusivity, no lock around it")
  func runtimeHoldsNoCoreLock() throws {
    for (path, text) in try sources(of: "LocationEngine") {
      for word in ["@exclusivity(unchecked)", "pthread_self", "Locked(())", "coreLock"] {
        #expect(!text.contains(word), "\(path) uses \(word)")
      }
    }
  }
}
