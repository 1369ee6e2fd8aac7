import CLocateSys
import Foundation
import Platform
import TestSupport
import Testing

@testable import TimeService

/// The reference clock end to end without PPS hardware: serial epochs given by hand and PPS
/// edges through the feed seam and a real PPS thread, to real segments and chrony sockets.
@Suite struct ReferenceClockTests {
  static let second: Int64 = 1_000_000_000
  static let start: Int64 = 1_796_208_749 * 1_000_000_000

  /// A temporary directory with chrony's two sockets bound in it, and the clock's units.
  final class Rig {
    let directory: String
    let serialUnit: Int
    let pulseUnit: Int
    let serialListener: FileDescriptor
    let pulseListener: FileDescriptor
    let clock: ReferenceClock
    let notes = Locked<[ReferenceClock.Note]>([])

    init() throws {
      directory = NSTemporaryDirectory() + "refclock-\(UUID().uuidString.prefix(8))"
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      serialUnit = try NTPTestUnits.reserve()
      pulseUnit = try NTPTestUnits.reserve()
      serialListener = try .unixDatagram(boundTo: directory + "/chrony.gps.serial.sock")
      pulseListener = try .unixDatagram(boundTo: directory + "/chrony.gps.sock")
      var configuration = ReferenceClock.Configuration()
      configuration.serialUnit = serialUnit
      configuration.pulseUnit = pulseUnit
      configuration.chronySerial = directory + "/chrony.gps.serial.sock"
      configuration.chronyPulse = directory + "/chrony.gps.sock"
      let notes = self.notes
      clock = try ReferenceClock(configuration) { note in notes.withLock { $0.append(note) } }
    }

    deinit {
      clock.close()
      serialListener.close()
      pulseListener.close()
      NTPTestUnits.remove(serialUnit)
      NTPTestUnits.remove(pulseUnit)
      try? FileManager.default.removeItem(atPath: directory)
    }

    /// The next datagram on `listener`, within a few seconds.
    func datagram(_ listener: FileDescriptor) throws -> clocate_chrony_sample {
      var sample = clocate_chrony_sample()
      var count = 0
      var failure: Error?
      let got = waitUntil(timeout: 10) {
        do {
          count = try withUnsafeMutableBytes(of: &sample) { try listener.read(into: $0) }
        } catch {
          failure = error
        }
        return count > 0
      }
      guard got, count == 40 else {
        // What the clock noted of chronyd (reached, absent, failed with errno) and why reading
        // failed: a datagram lost and a listener closed under the test say different things.
        throw TestFailure(
          "no datagram (\(count) bytes; last read error \(failure.map { "\($0)" } ?? "none");"
            + " notes \(notes.withLock { $0 }))")
      }
      return sample
    }

    func reading(_ unit: Int) throws -> TimeSample? {
      guard case .sample(let sample, _, _) = try NTPSegmentReader(unit: unit).read() else {
        return nil
      }
      return sample
    }
  }

  @Test("Serial epochs: the fourth fix's time in the serial unit and on chrony's socket")
  func serial() throws {
    let rig = try Rig()
    let latency: Int64 = 130_000_000
    for n in 0..<3 {
      let time = Self.start + Int64(n) * Self.second
      #expect(rig.clock.epoch(reference: time, system: time + latency, isFix: true) == nil)
    }
    #expect(try rig.reading(rig.serialUnit) == nil)
    let time = Self.start + 3 * Self.second
    let sample = try #require(rig.clock.epoch(reference: time, system: time + latency, isFix: true))
    #expect(sample == TimeSample(reference: time, system: time + latency))
    #expect(try rig.reading(rig.serialUnit) == sample)
    let datagram = try rig.datagram(rig.serialListener)
    #expect(datagram.pulse == 0)
    #expect(datagram.offset == -0.13)
    #expect(Int64(datagram.tv.tv_sec) == time / Self.second)
    #expect(datagram.tv.tv_usec == 130_000)
    #expect(
      rig.notes.withLock { $0 }.contains(
        .chronyReached(path: rig.directory + "/chrony.gps.serial.sock")))
    // The receiver lost: both units invalid, fixes counted again.
    rig.clock.receiverLost()
    #expect(try rig.reading(rig.serialUnit) == nil)
    #expect(rig.clock.epoch(reference: time + Self.second, system: time, isFix: true) == nil)
  }

  @Test("PPS edges through the feed and a PPS thread: paired, in the next unit, pulse flag set")
  func pulses() throws {
    let rig = try Rig()
    let feed = try PPSEdgeFeed(name: "test")
    let clock = rig.clock
    let paired = Locked<[TimeSample]>([])
    let edges = Locked(0)
    let reader = try PPSReader(
      source: feed,
      onEdge: { edge in
        if let sample = clock.pulse(edge) { paired.withLock { $0.append(sample) } }
        edges.withLock { $0 += 1 }
      }, onFailure: { _ in })
    defer { reader.stop() }
    // The system clock 2.5 ms behind; the receiver sends each second 80 ms after its pulse.
    let behind: Int64 = -2_500_000
    for n in 0..<7 {
      let pulse = Self.start + Int64(n) * Self.second
      feed.feed(PPSEdge(system: pulse + behind + Int64(n) * 100))
      #expect(waitUntil(timeout: 10) { edges.withLock { $0 } == n + 1 })
      _ = clock.epoch(reference: pulse, system: pulse + behind + 80_000_000, isFix: true)
    }
    // Serial samples from the fourth epoch on (n = 3): pulses 4, 5 and 6 pair.
    let samples = paired.withLock { $0 }
    #expect(samples.map(\.reference) == (4...6).map { Self.start + Int64($0) * Self.second })
    #expect(samples.map(\.systemAhead) == [behind + 400, behind + 500, behind + 600])
    #expect(try rig.reading(rig.pulseUnit) == samples.last)
    var datagrams: [clocate_chrony_sample] = []
    for _ in 0..<3 { datagrams.append(try rig.datagram(rig.pulseListener)) }
    #expect(datagrams.allSatisfy { $0.pulse == 1 && $0.magic == 0x534f_434b })
    // chrony's reference time, tv + offset, is the second the pulse began, exactly.
    for (datagram, sample) in zip(datagrams, samples) {
      let tv = Int64(datagram.tv.tv_sec) * Self.second + Int64(datagram.tv.tv_usec) * 1000
      #expect(tv == sample.system / 1000 * 1000)
      #expect(datagram.offset == Double(sample.reference - tv) / 1e9)
    }
    // A pulse arriving after the serial sample of its own second (the PPS thread late): the
    // serial sample before still names it.
    let late = Self.start + 7 * Self.second
    _ = clock.epoch(reference: late, system: late + behind + 80_000_000, isFix: true)
    feed.feed(PPSEdge(system: late + behind + 700))
    #expect(waitUntil(timeout: 10) { paired.withLock { $0.count } == 4 })
    #expect(paired.withLock { $0.last?.reference } == late)
    // The first edges were refused, each reason said once.
    let refusals = rig.notes.withLock { $0 }.compactMap { note -> PulsePairing.Refusal? in
      if case .pulseRefused(let refusal) = note { return refusal }
      return nil
    }
    #expect(refusals.first == .firstEdge)
    #expect(refusals.dropFirst().allSatisfy { $0 == .noSerialTime })
  }
}
