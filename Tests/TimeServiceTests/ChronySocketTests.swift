import CLocateSys
import Foundation
import Platform
import TestSupport
import Testing

@testable import TimeService

/// chrony's SOCK refclock protocol: the datagram's layout, its values, and a socket that is not
/// there.
@Suite struct ChronySocketTests {
  @Test("struct sock_sample as chrony lays it out: 40 bytes, the magic number last")
  func layout() {
    #expect(MemoryLayout<clocate_chrony_sample>.size == 40)
    #expect(MemoryLayout<clocate_chrony_sample>.offset(of: \.offset) == 16)
    #expect(MemoryLayout<clocate_chrony_sample>.offset(of: \.pulse) == 24)
    #expect(MemoryLayout<clocate_chrony_sample>.offset(of: \.leap) == 28)
    #expect(MemoryLayout<clocate_chrony_sample>.offset(of: \.magic) == 36)
    #expect(ChronySocket.magic == 0x534f_434b)
  }

  @Test(
    "The system time to the microsecond, and the offset from that instant to the receiver's",
    arguments: [
      (1_796_208_749_000_000_000, 1_796_208_749_018_269_452, false, 1_796_208_749, 18_269),
      (1_796_208_750_000_000_000, 1_796_208_749_999_999_999, true, 1_796_208_749, 999_999),
      (-500_000_000, -1_250_000_500, false, -2, 749_999),
    ] as [(Int64, Int64, Bool, Int, Int)])
  func datagram(reference: Int64, system: Int64, pulse: Bool, seconds: Int, micros: Int) {
    let sample = TimeSample(reference: reference, system: system, leap: .delete)
    let datagram = ChronySocket.datagram(for: sample, pulse: pulse)
    #expect(datagram.tv.tv_sec == seconds)
    #expect(datagram.tv.tv_usec == micros)
    let truncated = Int64(seconds) * 1_000_000_000 + Int64(micros) * 1000
    #expect(datagram.offset == Double(reference - truncated) / 1e9)
    #expect(datagram.pulse == (pulse ? 1 : 0))
    #expect(datagram.leap == 2)
    #expect(datagram.magic == 0x534f_434b)
  }

  @Test("Sent to a bound socket as one 40-byte datagram; no socket there is 'absent', said once")
  func sends() throws {
    let directory = NSTemporaryDirectory() + "chrony-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/chrony.test.sock"
    let socket = try ChronySocket(path: path)
    defer { socket.close() }
    let sample = TimeSample(reference: 1_000_000_000, system: 1_250_000_000)
    let first = socket.send(sample, pulse: false)
    #expect(first.outcome == .absent)
    #expect(first.changed)
    #expect(socket.send(sample, pulse: false).changed == false)
    let listener = try FileDescriptor.unixDatagram(boundTo: path)
    defer { listener.close() }
    let sent = socket.send(sample, pulse: true)
    #expect(sent.outcome == .sent)
    #expect(sent.changed)
    var received = clocate_chrony_sample()
    let count = try withUnsafeMutableBytes(of: &received) { try listener.read(into: $0) }
    #expect(count == 40)
    #expect(received.tv.tv_sec == 1)
    #expect(received.tv.tv_usec == 250_000)
    #expect(received.offset == -0.25)
    #expect(received.pulse == 1)
    #expect(received.magic == 0x534f_434b)
    // The socket's path removed (chronyd gone): absent. (The listener is closed once, by the
    // defer: a second close here closed whatever a parallel test had opened under its
    // number meanwhile, ReferenceClockTests' chrony listener among them.)
    try FileManager.default.removeItem(atPath: path)
    let gone = socket.send(sample, pulse: false)
    #expect(gone.outcome == .absent)
    #expect(gone.changed)
  }
}
