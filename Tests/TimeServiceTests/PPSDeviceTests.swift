import Foundation
import Platform
import TestSupport
import Testing

@testable import TimeService

/// Finding a port's PPS device in sysfs (a tree made here), and what this machine's kernel —
/// which has PPS support but no PPS source and no PPS line discipline — answers.
@Suite struct PPSDeviceTests {
  /// A sysfs tree with `class/pps/ppsN/{name,path}` for each source given.
  static func sysfs(_ sources: [(name: String, path: String)]) throws -> String {
    let root = NSTemporaryDirectory() + "sysfs-\(UUID().uuidString.prefix(8))"
    for (index, source) in sources.enumerated() {
      let directory = root + "/class/pps/pps\(index)"
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try (source.name + "\n").write(toFile: directory + "/name", atomically: true, encoding: .utf8)
      try (source.path + "\n").write(toFile: directory + "/path", atomically: true, encoding: .utf8)
    }
    return root
  }

  @Test("The line discipline's source names its tty; a lone GPIO source goes with a UART")
  func discovery() throws {
    let root = try Self.sysfs([
      ("ktimer", ""), ("pps-ldisc", "/dev/ttyUSB0"), ("pps@12.-1", ""),
    ])
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(
      PPSDiscovery.sources(root: root).map(\.device) == ["/dev/pps0", "/dev/pps1", "/dev/pps2"])
    #expect(PPSDiscovery.device(forPort: "/dev/ttyUSB0", root: root) == "/dev/pps1")
    #expect(PPSDiscovery.device(forPort: "/dev/ttyAMA0", root: root) == "/dev/pps2")
    #expect(PPSDiscovery.device(forPort: "/dev/ttyACM0", root: root) == nil)
    let two = try Self.sysfs([("pps@12.-1", ""), ("pps@18.-1", "")])
    defer { try? FileManager.default.removeItem(atPath: two) }
    #expect(PPSDiscovery.device(forPort: "/dev/ttyAMA0", root: two) == nil, "which one is unknown")
  }

  @Test("This kernel has no /dev/pps0: opening it is 'not found'")
  func noKernelSource() {
    guard !FileManager.default.fileExists(atPath: "/dev/pps0") else { return }
    let error = #expect(throws: TimeServiceError.self) { try KernelPPS(path: "/dev/pps0") }
    #expect(error?.code == .notFound)
  }

  @Test("/dev/null is not a PPS device")
  func notPPS() {
    let error = #expect(throws: TimeServiceError.self) { try KernelPPS(path: "/dev/null") }
    #expect(error?.code == .notPPS)
  }

  @Test("A pseudo-terminal has no modem lines, and this kernel no PPS line discipline")
  func pseudoTerminal() throws {
    let (master, slave) = try FileDescriptor.openPseudoTerminal()
    defer { master.close() }
    let modem = #expect(throws: TimeServiceError.self) {
      try ModemLinePPS(path: slave, lines: [.carrierDetect])
    }
    #expect(modem?.code == .noModemLines)
    let discipline = #expect(throws: TimeServiceError.self) {
      try PPSLineDiscipline(port: slave)
    }
    #expect(discipline?.code == .noLineDiscipline)
  }
}
