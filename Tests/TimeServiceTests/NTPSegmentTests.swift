import CLocateSys
import Foundation
import Platform
import TestSupport
import Testing

@testable import TimeService

/// The NTP segment on this kernel's System V shared memory: ntpd's layout, mode 1's protocol,
/// and what another program's segment of the same key gets.
@Suite struct NTPSegmentTests {
  @Test("struct shmTime as ntpd lays it out on 64-bit Linux: 96 bytes, nanoseconds at 52 and 56")
  func layout() {
    #expect(NTPSegment.size == 96)
    #expect(MemoryLayout<clocate_ntpshm>.offset(of: \.count) == 4)
    #expect(MemoryLayout<clocate_ntpshm>.offset(of: \.clock_sec) == 8)
    #expect(MemoryLayout<clocate_ntpshm>.offset(of: \.clock_usec) == 16)
    #expect(MemoryLayout<clocate_ntpshm>.offset(of: \.receive_sec) == 24)
    #expect(MemoryLayout<clocate_ntpshm>.offset(of: \.receive_usec) == 32)
    #expect(MemoryLayout<clocate_ntpshm>.offset(of: \.leap) == 36)
    #expect(MemoryLayout<clocate_ntpshm>.offset(of: \.precision) == 40)
    #expect(MemoryLayout<clocate_ntpshm>.offset(of: \.nsamples) == 44)
    #expect(MemoryLayout<clocate_ntpshm>.offset(of: \.valid) == 48)
    #expect(MemoryLayout<clocate_ntpshm>.offset(of: \.clock_nsec) == 52)
    #expect(MemoryLayout<clocate_ntpshm>.offset(of: \.receive_nsec) == 56)
    #expect(MemoryLayout<clocate_ntpshm>.offset(of: \.dummy) == 60)
    #expect(NTPSegment.key(unit: 0) == 0x4e54_5030)
    #expect(NTPSegment.key(unit: 3) == 0x4e54_5033)
    #expect(NTPSegment.permissions(unit: 0) == 0o600)
    #expect(NTPSegment.permissions(unit: 1) == 0o600)
    #expect(NTPSegment.permissions(unit: 2) == 0o666)
  }

  @Test("A missing segment is made with ntpd's mode and size, mode 1, invalid until a sample")
  func makesSegment() throws {
    let unit = try NTPTestUnits.free()
    defer { NTPTestUnits.remove(unit) }
    let segment = try NTPSegment(unit: unit)
    let status = try #require(NTPTestUnits.status(unit))
    #expect(status.size == 96)
    #expect(status.permissions == 0o666)
    let reader = try NTPSegmentReader(unit: unit)
    #expect(reader.read() == .empty)
    #expect(reader.header.mode == 1)
    segment.close()
  }

  @Test("A sample goes in whole, nanoseconds and microseconds, leap and precision")
  func writesSample() throws {
    let unit = try NTPTestUnits.reserve()
    defer { NTPTestUnits.remove(unit) }
    let segment = try NTPSegment(unit: unit)
    defer { segment.close() }
    let sample = TimeSample(
      reference: 1_796_208_749_000_000_000, system: 1_796_208_749_018_269_452, leap: .insert)
    let reader = try NTPSegmentReader(unit: unit)
    let before = reader.header.count
    segment.write(sample, precision: -10)
    guard case .sample(let read, let precision, let count) = reader.read() else {
      Issue.record("no sample")
      return
    }
    #expect(read == sample)
    #expect(precision == -10)
    #expect(count == before &+ 2, "count advanced twice per sample")
    #expect(reader.header.valid == 1)
    // The microsecond fields too (ntpd's older readers use them).
    let id = try SharedMemory.identifier(
      key: NTPSegment.key(unit: unit), size: 0, create: false, permissions: 0)
    let raw = try SharedMemory.attach(id, readOnly: true)
      .assumingMemoryBound(to: clocate_ntpshm.self)
    defer { SharedMemory.detach(UnsafeMutableRawPointer(raw)) }
    #expect(raw.pointee.clock_usec == 0)
    #expect(raw.pointee.receive_usec == 18_269)
    #expect(raw.pointee.receive_nsec == 18_269_452)
    #expect(raw.pointee.nsamples == 3)
  }

  @Test("Closing marks the segment invalid, leaves it in place and takes the writer's mark off")
  func closeInvalidates() throws {
    let unit = try NTPTestUnits.reserve()
    defer { NTPTestUnits.remove(unit) }
    let segment = try NTPSegment(unit: unit)
    segment.write(TimeSample(reference: 5_000_000_000, system: 5_100_000_000), precision: -10)
    let reader = try NTPSegmentReader(unit: unit)
    #expect(reader.read() != .empty)
    segment.close()
    #expect(reader.read() == .empty)
    #expect(reader.header.valid == 0)
    #expect(NTPTestUnits.status(unit) != nil)
    // Another writer may take it now.
    let next = try NTPSegment(unit: unit)
    next.close()
  }

  @Test("A writer stopped half-way (valid cleared, values partly written) leaves no sample")
  func halfWritten() throws {
    let unit = try NTPTestUnits.reserve()
    defer { NTPTestUnits.remove(unit) }
    let segment = try NTPSegment(unit: unit)
    defer { segment.close() }
    segment.write(TimeSample(reference: 1_000_000_000, system: 1_000_500_000), precision: -10)
    let id = try SharedMemory.identifier(
      key: NTPSegment.key(unit: unit), size: 0, create: false, permissions: 0)
    let raw = try SharedMemory.attach(id).assumingMemoryBound(to: clocate_ntpshm.self)
    defer { SharedMemory.detach(UnsafeMutableRawPointer(raw)) }
    let reader = try NTPSegmentReader(unit: unit)
    // The first step and part of the values, as a writer killed between them leaves it.
    let before = raw.pointee.count
    clocate_ntpshm_begin(raw)
    raw.pointee.clock_sec = 2
    #expect(reader.read() == .empty)
    #expect(raw.pointee.count == before &+ 1)
    // A reader that ignored `valid` but checked `count` around its read would still take the
    // half-written values: only `valid` guards this case.
    clocate_ntpshm_set(raw, 2, 0, 2, 400_000_000, 0, -10)
    clocate_ntpshm_commit(raw)
    guard case .sample(let sample, _, _) = reader.read() else {
      Issue.record("no sample after commit")
      return
    }
    #expect(sample == TimeSample(reference: 2_000_000_000, system: 2_400_000_000))
  }

  @Test("Mode 1 under a writer at full speed: every sample taken is whole, never torn")
  func neverTorn() throws {
    let unit = try NTPTestUnits.reserve()
    defer { NTPTestUnits.remove(unit) }
    let segment = try NTPSegment(unit: unit)
    defer { segment.close() }
    let reader = try NTPSegmentReader(unit: unit)
    let stop = Locked(false)
    let written = Locked(0)
    // Each sample is consistent in itself (system = reference + 12 345 ns, the reference a
    // multiple of 1 000 000 007 ns): a mix of two samples breaks one of those.
    let writer = try JoinableThread(name: "test-writer") {
      var step: Int64 = 1
      while !stop.withLock({ $0 }) {
        let reference = step &* 1_000_000_007
        segment.write(TimeSample(reference: reference, system: reference + 12_345), precision: -10)
        step = step % 1_000_000 + 1
        written.withLock { $0 += 1 }
      }
    }
    #expect(waitUntil(timeout: 30) { written.withLock { $0 } > 1000 })
    var (taken, changing, empty) = (0, 0, 0)
    var torn: [TimeSample] = []
    let deadline = Date().addingTimeInterval(1.5)
    while Date() < deadline {
      for _ in 0..<1000 {
        switch reader.read() {
        case .sample(let sample, _, _):
          taken += 1
          if sample.system - sample.reference != 12_345 || sample.reference % 1_000_000_007 != 0 {
            torn.append(sample)
          }
        case .changing: changing += 1
        case .empty: empty += 1
        }
      }
    }
    stop.withLock { $0 = true }
    writer.join()
    #expect(torn.isEmpty, "\(torn.count) torn samples taken, e.g. \(torn.prefix(3))")
    #expect(taken > 1000)
    print(
      "mode 1: \(written.withLock { $0 }) samples written; \(taken) taken, \(changing) refused "
        + "as changing, \(empty) found invalid")
  }

  @Test("Another program's segment of another size under the key is refused, named, untouched")
  func wrongSize() throws {
    for size in [8, 200] {
      let unit = try NTPTestUnits.reserve(size: size)
      defer { NTPTestUnits.remove(unit) }
      let error = #expect(throws: TimeServiceError.self) { try NTPSegment(unit: unit) }
      #expect(error?.code == .wrongSize(size: size, expected: 96))
      #expect(error?.what == "NTP\(unit)")
      #expect(NTPTestUnits.status(unit)?.size == size)
    }
  }
}
