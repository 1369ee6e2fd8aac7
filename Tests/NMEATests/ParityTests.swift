import Testing

@testable import NMEA

/// The sentences we accept against those gpsd 3.22 accepted (echoed in
/// `expected-full-322/NAME.out`), capture by capture, in order.
///
/// gpsd's transcripts are normalised twice: trailing CRs are dropped, and the echoes that
/// gpsd produced from the `#` comment header (gpsfake sent it too; `$GPRMC.` from "Only sends
/// $GPRMC.") are removed from the start. Our input is the capture without its comment lines.
///
/// Checksum policy: gpsd 3.22 accepts sentences without `*hh`. Strict (our default) is
/// compared with gpsd's echo minus those lines; lenient with all of it.
///
/// The other differences, all listed below with their exact counts, are deliberate:
/// - **Any talker.** gpsd 3.22's lexer drops addresses it does not know: `$IMGSA` (gpsdf.log,
///   51 lines), `$GYOACC` and `$SNRSTAT` (unicore-um621.log, 200 and 20), and (lenient) the
///   boot banners `$Kernel`, `$SkyTraq`, `$ver` (venus634lp.log). We keep them as unknown
///   sentences.
/// - **A sentence that lost only its line end is kept.** gp-320fw-2019-04-07-coldboot.log has
///   `$GPGSA,A,1,,,,,,,,,,,,,,,*1E$GPRMC,…` twice: the GSA is complete with a valid checksum;
///   gpsd drops it, we accept it.
/// - **NUL bytes are skipped** (lenient only): coldboot's `$GPRMC,000346.03,A,4808` followed
///   by NULs and spaces has no checksum; gpsd drops the line at the first NUL, we skip the
///   NULs and the lenient policy lets it through (its fields are then invalid).
/// - **A sentence interrupted by another is dropped.** isync.log line 54 has a `$PTNTA`
///   injected in the middle of a `$GPGSV` that continues on the next line; gpsd 3.22 resumes
///   and accepts the GSV, we drop its first half as truncated and the rest as junk (a `$`
///   always starts a new sentence).
@Suite struct ParityTests {
  /// Expected differences by capture: addresses of lines only we accept, and only gpsd
  /// accepts, with their counts.
  struct Difference: Equatable, CustomStringConvertible {
    var oursOnly: [String: Int] = [:]
    var gpsdOnly: [String: Int] = [:]
    var description: String { "ours only \(oursOnly), gpsd only \(gpsdOnly)" }
  }

  static let strictDifferences: [String: Difference] = [
    "gp-320fw-2019-04-07-coldboot": Difference(oursOnly: ["GPGSA": 2]),
    "gpsdf": Difference(oursOnly: ["IMGSA": 51]),
    "isync": Difference(gpsdOnly: ["GPGSV": 1]),
    "unicore-um621": Difference(oursOnly: ["GYOACC": 200, "SNRSTAT": 20]),
  ]

  static let lenientDifferences: [String: Difference] = [
    "gp-320fw-2019-04-07-coldboot": Difference(oursOnly: ["GPGSA": 2, "GPRMC": 1]),
    "gpsdf": Difference(oursOnly: ["IMGSA": 51]),
    "isync": Difference(gpsdOnly: ["GPGSV": 1]),
    "unicore-um621": Difference(oursOnly: ["GYOACC": 200, "SNRSTAT": 20]),
    "venus634lp": Difference(oursOnly: ["Kernel": 1, "SkyTraq": 1, "ver": 1]),
  ]

  @Test(GpsdCaptures.needsAny, arguments: Fixtures.captureNames)
  func strictParity(_ name: String) throws {
    try check(name, policy: .strict, expected: Self.strictDifferences[name] ?? Difference())
  }

  @Test(GpsdCaptures.needsAny, arguments: Fixtures.captureNames)
  func lenientParity(_ name: String) throws {
    try check(name, policy: .lenient, expected: Self.lenientDifferences[name] ?? Difference())
  }

  /// The totals over the 57 captures: gpsd 3.22 accepted 17,910 sentences with a checksum
  /// (17,931 with the 21 it took without one); we accept 18,182 strict (272 more: the table's
  /// 2 + 51 + 200 + 20, less isync's 1) and 18,207 lenient (plus coldboot's NUL line and
  /// venus634lp's 3 banners).
  @Test(
    GpsdCaptures.needsAll,
    arguments: [
      (ChecksumPolicy.strict, 17910, 18182), (ChecksumPolicy.lenient, 17931, 18207),
    ])
  func totals(_ policy: ChecksumPolicy, _ gpsd: Int, _ ours: Int) throws {
    #expect(Fixtures.captureNames.count == 57)
    var gpsdTotal = 0
    var oursTotal = 0
    for name in Fixtures.captureNames {
      gpsdTotal += try gpsdAccepted(name, policy: policy).count
      oursTotal += try ourAccepted(name, policy: policy).count
    }
    #expect(gpsdTotal == gpsd)
    #expect(oursTotal == ours)
  }

  /// Compares in order: the shortest edit script from our lines to gpsd's, summed by
  /// address, must be exactly the expected difference.
  func check(_ name: String, policy: ChecksumPolicy, expected: Difference) throws {
    let ours = try ourAccepted(name, policy: policy)
    let theirs = try gpsdAccepted(name, policy: policy)
    var difference = Difference()
    for change in theirs.difference(from: ours) {
      switch change {
      case .remove(_, let line, _): difference.oursOnly[address(line), default: 0] += 1
      case .insert(_, let line, _): difference.gpsdOnly[address(line), default: 0] += 1
      }
    }
    #expect(difference == expected, "\(name)")
  }

  /// The lines we frame as sentences (decoded or invalid), in order.
  func ourAccepted(_ name: String, policy: ChecksumPolicy) throws -> [String] {
    decodeAll(try Fixtures.capture(name), policy: policy).events.compactMap { event in
      switch event {
      case .sentence(_, let line), .invalid(_, let line), .salvaged(_, _, let line): line
      case .rejected: nil
      }
    }
  }

  /// The lines gpsd accepted, normalised (see the suite's description).
  func gpsdAccepted(_ name: String, policy: ChecksumPolicy) throws -> [String] {
    let comments = try Fixtures.commentEchoes(name)
    var lines = try Fixtures.gpsdEcho(name)
    while let first = lines.first, comments.contains(first) { lines.removeFirst() }
    if policy == .strict {
      lines = lines.filter { line in
        let bytes = Array(line.utf8)
        return bytes.count >= 4 && bytes[bytes.count - 3] == UInt8(ascii: "*")
      }
    }
    return lines
  }

  /// The address of a line: after `$`/`!` up to the first comma or `*`.
  func address(_ line: String) -> String {
    String(line.dropFirst().prefix { $0 != "," && $0 != "*" })
  }
}
