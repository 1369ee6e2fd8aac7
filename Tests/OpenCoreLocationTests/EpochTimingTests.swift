import Foundation
import Platform
import Receivers
import TestSupport
import Testing

@testable import LocationCore
@testable import LocationEngine

/// Epoch timings on a real pseudo-terminal: when each epoch's first byte arrived, on the
/// monotonic and the system clock, also for a sentence split across reads.
@Suite struct EpochTimingTests {
  /// What a test's writer did: each epoch's first write, monotonic and system clock.
  struct Written {
    var monotonic: Int64
    var realtime: Int64
  }

  /// Polls `condition` every 20 ms, `timeout` seconds' worth of polls, without blocking a
  /// thread of the cooperative pool (the service's reading task needs one: on two cores, a
  /// blocking wait starved it in `make test`). Counting polls, not wall time: while other
  /// tests hold the pool's threads, no poll runs and none is spent, so a starved minute does
  /// not use up the wait before the service's task has had its turn.
  static func eventually(timeout: Double, _ condition: () -> Bool) async -> Bool {
    for _ in 0..<Int(timeout / 0.02) {
      if condition() { return true }
      try? await Task.sleep(nanoseconds: 20_000_000)
    }
    return condition()
  }

  @Test("The first byte's read, not the read that completed the sentence; both clocks")
  func firstByte() async throws {
    let (master, slave) = try FileDescriptor.openPseudoTerminal()
    defer { master.close() }
    var options = LocationServiceOptions(source: .device(path: slave, baud: .fixed(9600)))
    options.pausesAutomatically = false
    let timings = Locked<[EpochTiming]>([])
    let connected = Locked(false)
    options.epochTiming = { timing in timings.withLock { $0.append(timing) } }
    let service = LocationService(options: options)
    let observer = Task {
      try await service.observe { event in
        if case .authorization(_, .connected) = event { connected.withLock { $0 = true } }
        if case .device(.connected) = event { connected.withLock { $0 = true } }
      }
    }
    defer { observer.cancel() }
    #expect(await Self.eventually(timeout: 60) { connected.withLock { $0 } })
    try await Task.sleep(nanoseconds: 200_000_000)
    func write(_ text: String) {
      Array(text.utf8).withUnsafeBytes { _ = try? master.writeAll($0) }
    }
    var written: [Written] = []
    var secondPart: Int64 = 0
    let noon = 43_200.0
    for second in 0..<6 {
      let epoch = Synthetic.epoch(noon + Double(second), 48.1, 11.5)
      written.append(
        Written(monotonic: SystemTime.now(), realtime: SystemTime.wallNanoseconds()))
      if second == 3 {
        // 20 bytes of the GGA, then the rest a second later: the epoch began with the first.
        write(String(epoch.prefix(20)))
        try await Task.sleep(nanoseconds: 1_000_000_000)
        secondPart = SystemTime.now()
        write(String(epoch.dropFirst(20)))
      } else {
        write(epoch)
      }
      try await Task.sleep(nanoseconds: 250_000_000)
    }
    // The sixth epoch is reported when the next begins, or the line goes quiet.
    #expect(await Self.eventually(timeout: 60) { timings.withLock { $0.count } >= 5 })
    let got = timings.withLock { $0 }
    let day = Int64(20_254) * 86_400_000_000_000  // 2025-06-15
    for timing in got {
      let second = Int((try #require(timing.receiverTime) - day) / 1_000_000_000) - 43_200
      let sent = written[second]
      #expect(timing.isFix)
      // Read after the write, within a second even on a loaded machine; the split epoch's
      // first byte before its rest was written (the read that completed it came after).
      let late = timing.firstByteMonotonic - sent.monotonic
      #expect(late >= 0 && late < 1_000_000_000, "epoch \(second): \(late) ns")
      if second == 3 {
        #expect(timing.firstByteMonotonic < secondPart, "epoch 3: \(late) ns")
      }
      // The same instant on the system clock (the two clocks' difference moved it; the two
      // clocks are read one after the other, which a loaded machine may part by milliseconds).
      let skew = (timing.firstByteRealtime - sent.realtime) - late
      #expect(abs(skew) < 20_000_000, "epoch \(second): \(skew) ns")
    }
    #expect(got.contains { $0.receiverTime == day + 43_203 * 1_000_000_000 })
  }
}
