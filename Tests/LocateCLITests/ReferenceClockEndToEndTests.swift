import Foundation
import GPSDServer
import TestSupport
import Testing
import TimeService

@testable import LocateCLI

/// `locate serve` as chrony's and ntpd's reference clock, with the real programs: Debian's
/// gpsd-clients `ntpshmmon` reading the segment, Debian's chrony (`chronyd -x`: it never
/// touches this machine's clock) taking the SHM and SOCK samples, and `gpspipe -w -P` getting
/// TOFF objects; all on the virtual receiver, which sends each epoch at the second it names.
@Suite struct ReferenceClockEndToEndTests {
  /// The serial offset on the virtual receiver (the system clock ahead of the epoch's time at
  /// its first byte): the simulator's write and the read's wake-up, milliseconds on an idle
  /// machine (README documents it), over 100 ms seen with a load of 15 on 2 cores. The bound
  /// is a correctness check, not a speed target: a sample of the wrong second is 1 s off.
  static let bound = 0.5

  @Test("ntpshmmon reads serve's segment: a sample a second, whole seconds, offset 0–500 ms")
  func ntpshmmon() throws {
    let simulator = try Simulator(["--rate", "1", "--no-fix-loss"], drive: true)
    defer { simulator.stop() }
    let unit = try SegmentCheck.ntpshmmonUnit()
    // Units 2…7 are shared with every gpsd on the machine: removed after only if made here.
    let existed = NTPTestUnits.status(unit) != nil
    defer { if !existed { NTPTestUnits.remove(unit) } }
    let served = try Served(["--device", simulator.path, "--shm", "\(unit)", "--chrony", "off"])
    defer { served.process.stop() }
    try served.process.waitForStderr("goes to NTP\(unit)")
    #expect(SegmentCheck.waitForSample(unit) != nil)
    let result = try served.client("/usr/bin/ntpshmmon", ["-n", "12", "-t", "30"])
    #expect(result.status == 0, "\(result)")
    // sample NTP5  SEEN  CLOCK  REAL  L PRC
    let samples = result.lines.filter { $0.hasPrefix("sample NTP\(unit) ") }.map {
      $0.split(separator: " ", omittingEmptySubsequences: true)
    }
    #expect(samples.count >= 3, "\(result.stdout)")
    for fields in samples {
      let clock = try #require(Double(fields[3]))
      let real = try #require(Double(fields[4]))
      #expect(fields[4].hasSuffix(".000000000"), "a whole second: \(fields)")
      #expect(clock - real >= 0 && clock - real < Self.bound, "\(fields)")
      #expect(fields[5] == "0" && fields[6] == "-10", "leap 0, precision -10: \(fields)")
    }
    let seconds = samples.compactMap { Double($0[4]).map(Int.init) }
    #expect(zip(seconds, seconds.dropFirst()).allSatisfy { $1 == $0 + 1 }, "\(seconds)")
    #expect(try served.stop() == 0)
    #expect(SegmentCheck.read(unit) == .empty, "stopped: the segment holds no sample")
  }

  @Test("gpspipe -w -P: a TOFF object a second, before the TPV of its epoch")
  func toff() throws {
    let simulator = try Simulator(["--rate", "1", "--no-fix-loss"], drive: true)
    defer { simulator.stop() }
    let served = try Served(["--device", simulator.path])
    defer { served.process.stop() }
    try served.process.waitForStderr("connected at")
    let result = try served.client("/usr/bin/gpspipe", ["-w", "-P", "-n", "30", served.address])
    #expect(try served.stop() == 0)
    let lines = ServeEndToEndTests.byteLines(result)
    #expect(lines.dropFirst(2).first?.hasSuffix(#""split24":false,"pps":true}"# + "\r") == true)
    let pattern = try Regex(
      #"^\{"class":"TOFF","device":"([^"]+)","real_sec":(\d+), "real_nsec":(\d+),"#
        + #""clock_sec":(\d+),"clock_nsec":(\d+)\}\r$"#)
    var toffs = 0
    for (index, line) in lines.enumerated() where line.hasPrefix(#"{"class":"TOFF""#) {
      let match = try #require(line.wholeMatch(of: pattern), "\(line)")
      toffs += 1
      #expect(String(match.output[1].substring ?? "") == simulator.path)
      let real = Int(match.output[2].substring ?? "") ?? 0
      #expect(match.output[3].substring == "0")
      let clock =
        Double(Int(match.output[4].substring ?? "") ?? 0)
        + Double(Int(match.output[5].substring ?? "") ?? 0) / 1e9
      #expect(clock - Double(real) >= 0 && clock - Double(real) < Self.bound, "\(line)")
      // Its epoch's TPV follows (when gpspipe's 30 lines hold it), with the same time.
      guard let next = lines[(index + 1)...].first(where: { $0.hasPrefix(#"{"class":"TPV""#) })
      else { continue }
      let time = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(real)))
      #expect(next.contains(#""time":""# + time.dropLast() + ".000Z"), "\(line) \(next)")
    }
    #expect(toffs >= 4, "\(result.stdout)")
  }

  @Test("TOFF and PPS objects match gpsd 3.22's own format strings, read from its binary")
  func formatsLikeGpsd() throws {
    let binary = try Data(contentsOf: URL(fileURLWithPath: "/usr/sbin/gpsd"))
    func format(_ prefix: String) throws -> String {
      let start = try #require(binary.range(of: Data(prefix.utf8)), "\(prefix) in gpsd")
      let end = try #require(binary[start.lowerBound...].firstIndex(of: 0))
      // Without the line end gpsd adds to every object.
      return String(decoding: binary[start.lowerBound..<end], as: UTF8.self)
        .trimmingCharacters(in: .newlines)
    }
    let toff = try format(#"{"class":"TOFF","device":"%s""#)
    let pps = try format(#"{"class":"PPS","device":"%s""#)
    #expect(toff.hasSuffix("}"))
    // gpsd's PPS object ends after "precision" (it adds "qErr" when the receiver sends one).
    func regex(_ format: String) throws -> Regex<AnyRegexOutput> {
      var text = NSRegularExpression.escapedPattern(for: format)
      for (spec, pattern) in [
        ("%lld", "-?[0-9]+"), ("%ld", "-?[0-9]+"), ("%d", "-?[0-9]+"),
        ("%s", "[^\"]*"),
      ] {
        text = text.replacingOccurrences(of: spec, with: pattern)
      }
      return try Regex(text)
    }
    let sample = TimeSample(reference: 1_796_208_750_000_000_000, system: 1_796_208_749_999_912_345)
    let ours = String(decoding: GPSDJSON.toff(sample, device: "/dev/ttyUSB0"), as: UTF8.self)
    #expect(ours.wholeMatch(of: try regex(toff)) != nil, "\(ours) against \(toff)")
    let ourPPS = String(
      decoding: GPSDJSON.pps(sample, device: "/dev/ttyUSB0", precision: -20), as: UTF8.self)
    #expect(ourPPS.wholeMatch(of: try regex(pps + "}")) != nil, "\(ourPPS) against \(pps)")
    #expect(ours.contains(#""real_nsec":0,"clock_sec":1796208749,"clock_nsec":999912345"#))
  }
}
