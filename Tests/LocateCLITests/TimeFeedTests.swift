import Foundation
import GPSDServer
import LocationEngine
import Platform
import TestSupport
import Testing
import TimeService

@testable import LocateCLI

/// serve's time feed in-process, its PPS from edges given by hand (the seam): the serial
/// samples and the pulses reach the segments and the listeners that make serve's TOFF and PPS
/// objects.
@Suite struct TimeFeedTests {
  @Test("Epochs and fed edges: TOFF and PPS objects for the listeners, samples in both units")
  func pulsesToObjects() throws {
    let serialUnit = try NTPTestUnits.reserve()
    let pulseUnit = try NTPTestUnits.reserve()
    defer {
      NTPTestUnits.remove(serialUnit)
      NTPTestUnits.remove(pulseUnit)
    }
    var plan = TimeOptions.Plan()
    plan.serialUnit = serialUnit
    plan.pulseUnit = pulseUnit
    plan.pps = .modemLines(.carrierDetect)
    plan.explicit = true
    let objects = Locked<[String]>([])
    let listeners = TimeFeed.Listeners(
      serial: { sample in
        objects.withLock {
          $0.append(String(decoding: GPSDJSON.toff(sample, device: "/dev/gps"), as: UTF8.self))
        }
      },
      pulse: { sample, precision in
        objects.withLock {
          $0.append(
            String(
              decoding: GPSDJSON.pps(sample, device: "/dev/gps", precision: precision),
              as: UTF8.self))
        }
      })
    let feed = try TimeFeed(
      plan: plan, device: "/dev/gps", status: StatusLine(isTerminal: false, verbose: false),
      listeners: listeners)
    defer { feed.stop() }
    let edges = try PPSEdgeFeed(name: "/dev/gps DCD")
    try feed.startPPS { edges }
    let start: Int64 = 1_796_208_749_000_000_000
    for n in 0..<6 {
      let second = start + Int64(n) * 1_000_000_000
      // The pulse 400 µs after the second by the system clock, the sentences 90 ms later.
      edges.feed(PPSEdge(system: second + 400_000))
      #expect(waitUntil(timeout: 10) { objects.withLock { $0.count } >= max(0, 2 * n - 6) })
      feed.epoch(
        EpochTiming(
          receiverTime: second, isFix: true, firstByteRealtime: second + 90_000_000,
          firstByteMonotonic: 0))
    }
    edges.feed(PPSEdge(system: start + 6_000_000_400))
    #expect(
      waitUntil(timeout: 10) { objects.withLock { $0.filter { $0.contains("PPS") }.count } == 3 })
    let lines = objects.withLock { $0 }
    #expect(
      lines.first
        == #"{"class":"TOFF","device":"/dev/gps","real_sec":1796208752, "real_nsec":0,"#
        + #""clock_sec":1796208752,"clock_nsec":90000000}"#)
    #expect(
      lines.last
        == #"{"class":"PPS","device":"/dev/gps","real_sec":1796208755,"real_nsec":0,"#
        + #""clock_sec":1796208755,"clock_nsec":400,"precision":-20}"#)
    guard case .sample(let pulse, let precision, _)? = SegmentCheck.read(pulseUnit) else {
      Issue.record("no PPS sample in NTP\(pulseUnit)")
      return
    }
    #expect(pulse == TimeSample(reference: start + 6_000_000_000, system: start + 6_000_000_400))
    #expect(precision == -20)
    guard case .sample(let serial, _, _)? = SegmentCheck.read(serialUnit) else {
      Issue.record("no serial sample in NTP\(serialUnit)")
      return
    }
    #expect(serial.systemAhead == 90_000_000)
    feed.deviceChanged(.unplugged(path: "/dev/gps"))
    #expect(SegmentCheck.read(serialUnit) == .empty)
    #expect(SegmentCheck.read(pulseUnit) == .empty)
  }
}
