import Foundation
import NMEA
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

@Suite("Fix assembly")
struct FixAssemblerTests {
  /// The address of the sentence after which each report came, and the report.
  static func timeline(_ text: String, rollover: WeekRollover = .replay) -> [(String, EpochReport)]
  {
    var assembler = FixAssembler(rollover: rollover)
    return timeline(text, into: &assembler)
  }

  /// The same, through a given assembler.
  static func timeline(_ text: String, into assembler: inout FixAssembler) -> [(
    String, EpochReport
  )] {
    var decoder = NMEADecoder()
    var out: [(String, EpochReport)] = []
    Array(text.utf8).withUnsafeBytes { buffer in
      decoder.feed(buffer) { event in
        guard case .sentence(let sentence, let raw) = event else { return }
        let address = String(decoding: raw.address, as: UTF8.self)
        let step = assembler.add(sentence, at: 0, read: 1)
        if step.closed, let report = assembler.closedReport {
          out.append(("\(address) (next epoch)", report))
        }
        if step.completed, let report = assembler.completedReport { out.append((address, report)) }
      }
    }
    if assembler.flush(at: 0).closed, let report = assembler.closedReport {
      out.append(("end", report))
    }
    return out
  }

  @Test("one fix per epoch, reported on the learned cycle ender, never a cycle late")
  func reportsOnEnder() {
    var text = ""
    for second in 0..<5 { text += Synthetic.epoch(36_000 + Double(second), 48.1, 11.5) }
    let reports = Self.timeline(text)
    #expect(reports.count == 5)
    // The first two epochs teach the ender (RMC, confirmed twice); from the third on, each
    // epoch is reported the moment its RMC arrives.
    #expect(
      reports.map(\.0) == [
        "GPGGA (next epoch)", "GPGGA (next epoch)", "GPRMC", "GPRMC", "GPRMC",
      ])
    #expect(reports.map { $0.1.time.second } == [0, 1, 2, 3, 4])
  }

  @Test("a VTG after the last timed sentence belongs to its epoch, ends it, and fills in")
  func untimedEnder() throws {
    var text = ""
    for second in 0..<4 {
      let t = 36_000 + Double(second)
      // An RMC without speed and course: the VTG gives them.
      let rmc = Synthetic.rmc(t, 48.1, 11.5).replacingOccurrences(of: ",0.00,0.00,", with: ",,,")
      text +=
        Synthetic.line(String(rmc.dropFirst().prefix { $0 != "*" })) + Synthetic.gga(t, 48.1, 11.5)
        + Synthetic.line("GPVTG,45.0,T,,M,\(second).0,N,,K,A")
    }
    let reports = Self.timeline(text)
    #expect(reports.map(\.0).suffix(2) == ["GPVTG", "GPVTG"])
    let last = try #require(reports.last?.1)
    #expect(abs((last.speed ?? 0) - 3 * 1852.0 / 3600) < 1e-12)
    #expect(last.course == 45)
  }

  /// The airborne receiver's habit: `$GPRMC,110125,A,…,148.8,84.6,…` then
  /// `$GPVTG,83.7,T,,M,146.3,N,…`, the speed and course of 11:01:26's RMC. Its own values teach
  /// that VTG opens the next epoch: every fix keeps its RMC's speed and course, and once that
  /// is learned each epoch is reported on its own last sentence (GGA), not on the next
  /// second's VTG.
  @Test("a VTG that states the next epoch's motion is learned to open the next epoch")
  func vtgOpensNextEpoch() {
    func knots(_ second: Int) -> Double { 140 + 2 * Double(second) }
    func course(_ second: Int) -> Double { 80 + Double(second) }
    var text = ""
    for second in 0..<10 {
      let t = 39_685 + Double(second)
      let next = second + 1
      text +=
        Synthetic.rmc(t, 48.1, 11.5, knots: knots(second), course: course(second))
        + Synthetic.gga(t, 48.1, 11.5)
        + Synthetic.line(
          String(format: "GPVTG,%.2f,T,,M,%.2f,N,,K,A", course(next), knots(next)))
    }
    let reports = Self.timeline(text)
    #expect(reports.count == 10)
    for (second, report) in reports.map(\.1).enumerated() {
      #expect(abs((report.speed ?? 0) - knots(second) * 1852 / 3600) < 1e-9, "\(second)")
      #expect(report.course == course(second), "\(second)")
    }
    #expect(reports.map(\.0).suffix(4) == ["GPGGA", "GPGGA", "GPGGA", "GPGGA"])
  }

  @Test("merges position, altitudes, speed, course, date, DOPs and status")
  func merges() throws {
    let text =
      Synthetic.gga(43_200.5, -33.5, 151.25, quality: 2, altitude: 12.5, separation: 22.4)
      + Synthetic.gsa(pdop: 2.0, hdop: 1.2, vdop: 1.6)
      + Synthetic.rmc(43_200.5, -33.5, 151.25, knots: 10, course: 123.4, date: "311224", mode: "D")
    let report = try #require(Self.timeline(text).last?.1)
    #expect(report.mode == .fix3D)
    #expect(report.status == .dgps)
    #expect(abs((report.latitude ?? 0) + 33.5) < 1e-9)
    #expect(abs((report.longitude ?? 0) - 151.25) < 1e-9)
    #expect(report.altitudeMSL == 12.5)
    #expect(report.geoidSeparation == 22.4)
    #expect(report.speed == 10 * 1852.0 / 3600)
    #expect(report.course == 123.4)
    #expect(report.day == UTCCalendar.day(year: 2024, month: 12, day: 31))
    #expect(report.hdop == 1.2 && report.vdop == 1.6 && report.pdop == 2.0)
    #expect(report.horizontalAccuracy == 1.2 * 4.75)  // DGPS: HDOP × 4.75 m
    #expect(report.verticalAccuracy == 1.6 * 5.75)
  }

  @Test("accuracy: GST when sent, else DOP × UERE, −1 when unknown")
  func accuracy() throws {
    let withGST =
      Synthetic.gga(10, 1, 1, hdop: 2.0) + Synthetic.gst(10, lat: 3.0, lon: 4.0, alt: 6.5)
    let gst = try #require(Self.timeline(withGST).last?.1)
    #expect(gst.horizontalAccuracy == 5.0)
    #expect(gst.verticalAccuracy == 6.5)
    let dop = try #require(Self.timeline(Synthetic.gga(10, 1, 1, hdop: 2.0)).last?.1)
    #expect(dop.horizontalAccuracy == 38.0)  // HDOP 2 × 19 m
    #expect(dop.verticalAccuracy == 1.5 * 2.0 * 23.0)  // no VDOP: 1.5 × HDOP × 23 m
    let rmcOnly = try #require(Self.timeline(Synthetic.rmc(10, 1, 1)).last?.1)
    #expect(rmcOnly.mode == .fix2D)
    #expect(rmcOnly.horizontalAccuracy == -1)
    #expect(rmcOnly.verticalAccuracy == -1)
  }

  @Test(
    "never a fix from an invalid epoch",
    arguments: [
      (Synthetic.rmc(10, 48, 11, status: "V"), VoidReason.statusVoid),
      (Synthetic.gga(10, 48, 11, quality: 0), .qualityZero),
      (Synthetic.rmc(10, 48, 11, mode: "N"), .modeNotValid),
      (Synthetic.gga(10, 48, 11) + Synthetic.gsa(mode: 1), .gsaNoFix),
      (Synthetic.gga(10, 0, 0), .zeroPosition),
      (Synthetic.line("GPGGA,000010.00,,,,,1,08,1.0,100.0,M,40.0,M,,"), .noPosition),
    ])
  func neverAFix(text: String, reason: VoidReason) throws {
    let report = try #require(Self.timeline(text).last?.1)
    #expect(report.mode == .noFix)
    #expect(report.voidReason == reason)
    #expect(report.horizontalAccuracy == -1)
  }

  @Test(
    "an impossible date spoils the date, not the fix (it dates nothing)",
    arguments: [
      Synthetic.rmc(10, 48, 11, date: "050180"),
      // Found by fuzzing: a ZDA year past 2262 overflowed the timestamp (a crash).
      Synthetic.gga(10, 48, 11) + Synthetic.line("GPZDA,000010.00,07,04,2610,00,00"),
      Synthetic.gga(10, 48, 11) + Synthetic.line("GPZDA,000010.00,01,01,2200,00,00"),
    ])
  func impossibleDate(text: String) throws {
    var assembler = FixAssembler(rollover: .replay)
    let report = try #require(Self.timeline(text, into: &assembler).last?.1)
    #expect(report.isFix)
    #expect(report.day == nil)
    #expect(assembler.ignoredDates == 1)
  }

  @Test(
    "a satellite count of 00 (or 1, 2) does not void a fix the receiver calls valid",
    arguments: [0, 1, 2])
  func satelliteCount(count: Int) throws {
    let report = try #require(
      Self.timeline(Synthetic.gga(10, 48, 11, satellites: count)).last?.1)
    #expect(report.isFix)
    // 00 is a count the receiver did not state; 1 or 2 cannot give an altitude: 2D.
    #expect(report.mode == (count == 0 ? .fix3D : .fix2D))
    #expect(report.satellitesUsed == (count == 0 ? nil : count))
  }

  @Test(
    "fix status from GGA quality and FAA mode",
    arguments: [
      (4, "R", GNSSFixStatus.rtkFixed), (5, "F", .rtkFloat), (6, "E", .deadReckoning),
      (8, "S", .simulated), (1, "A", .gps), (2, "D", .dgps),
    ])
  func status(quality: Int, mode: String, status: GNSSFixStatus) throws {
    let text = Synthetic.gga(10, 48, 11, quality: quality) + Synthetic.rmc(10, 48, 11, mode: mode)
    #expect(try #require(Self.timeline(text).last?.1).status == status)
  }

  @Test("a GGA-only epoch takes the last date, carried across midnight")
  func midnight() throws {
    let text =
      Synthetic.rmc(86_399, 48, 11, date: "311224") + Synthetic.gga(86_399, 48, 11)
      + Synthetic.gga(0.5, 48, 11) + Synthetic.gga(1.5, 48, 11)
    let reports = Self.timeline(text).map(\.1)
    #expect(
      reports.map(\.day) == [
        UTCCalendar.day(year: 2024, month: 12, day: 31),
        UTCCalendar.day(year: 2025, month: 1, day: 1),
        UTCCalendar.day(year: 2025, month: 1, day: 1),
      ])
  }

  @Test("1024-week rollover: +1024 weeks (replays: before 2000; live: 512 weeks before today)")
  func weekRollover() throws {
    // Telit after the 2019 rollover says 1999-08-22 for 2019-04-07.
    let replay = try #require(Self.timeline(Synthetic.rmc(10, 48, 11, date: "220899")).last?.1)
    #expect(replay.day == UTCCalendar.day(year: 2019, month: 4, day: 7))
    // A 2014 capture is history: kept.
    let old = try #require(Self.timeline(Synthetic.rmc(10, 48, 11, date: "311214")).last?.1)
    #expect(old.day == UTCCalendar.day(year: 2014, month: 12, day: 31))
    // Live, judged against today: a wrapped receiver is 1024 weeks behind, and moved.
    let today = UTCCalendar.day(year: 2026, month: 11, day: 29)
    let wrapped = UTCCalendar.day(year: 2007, month: 4, day: 15)
    #expect(today - wrapped == UTCCalendar.weekRolloverDays)
    #expect(WeekRollover.live.apply(wrapped, today: today) == today)
    var assembler = FixAssembler(rollover: .live)
    assembler.today = today
    let live = try #require(
      Self.timeline(Synthetic.rmc(10, 48, 11, date: "150407"), into: &assembler).last?.1)
    #expect(live.day == today)
    // A date a few years old is not a wrap (a capture replayed through a serial line).
    let old2020 = UTCCalendar.day(year: 2020, month: 7, day: 11)
    #expect(WeekRollover.live.apply(old2020, today: today) == old2020)
    // Today from a clock that says 1970 (no real-time clock): judged against 2025-01-01.
    #expect(WeekRollover.live.apply(wrapped, today: 0) == today)
    #expect(
      WeekRollover.live.apply(UTCCalendar.day(year: 1999, month: 8, day: 22), today: 0)
        == UTCCalendar.day(year: 2019, month: 4, day: 7))
  }

  @Test("no speed from positions: derived within 5 s, apart from the speed, which stays unsent")
  func derivedSpeed() throws {
    let text =
      Synthetic.gga(10, 48.0, 11.0) + Synthetic.gga(11, 48.0001, 11.0)
      + Synthetic.gga(20, 48.0002, 11.0)
    let reports = Self.timeline(text).map(\.1)
    #expect(reports.map(\.speed) == [nil, nil, nil])
    #expect(reports[0].derivedSpeed == nil)
    let metres = localDistance(48.0, 11.0, 48.0001, 11.0)
    #expect(abs((reports[1].derivedSpeed ?? 0) - metres) < 1e-9)
    #expect(reports[2].derivedSpeed == nil)  // 9 s after the previous fix
  }

  /// A logger that writes every line twice (nmea-plotter's capture): the second copy of a
  /// sentence, VTG included, is the same epoch's, not a new one.
  @Test("every sentence sent twice alike: one epoch each, with its GGA's altitude")
  func sentTwice() throws {
    var text = ""
    for second in 0..<6 {
      let t = 36_000 + Double(second)
      let rmc = Synthetic.rmc(t, 48.1, 11.5, knots: 2, course: 90)
      let vtg = Synthetic.line("GPVTG,90.0,T,,M,2.0,N,3.7,K,A")
      let gga = Synthetic.gga(t, 48.1, 11.5, altitude: 500 + Double(second))
      text += rmc + rmc + vtg + vtg + gga + gga
    }
    let reports = Self.timeline(text).map(\.1)
    #expect(reports.map { $0.time.second } == [0, 1, 2, 3, 4, 5])
    #expect(reports.map(\.altitudeMSL) == (0..<6).map { 500 + Double($0) })
    #expect(reports.allSatisfy { $0.speed == 2 * metresPerSecondPerKnot && $0.course == 90 })
  }

  /// A ZDA alone on the second, beside RMCs a tenth of a second later, says nothing of the fix:
  /// it neither ends the RMC's epoch nor breaks what one fix carries to the next (the 3D mode
  /// of a receiver whose GSA comes every other second).
  @Test("an epoch of a ZDA alone carries nothing away")
  func zdaAlone() throws {
    var text = Synthetic.gga(9.1, 48.1, 11.5) + Synthetic.gsa(mode: 3)
    for second in 10..<14 {
      text +=
        Synthetic.line("GPZDA,\(Synthetic.time(Double(second))),20,06,2005,+00,00")
        + Synthetic.rmc(Double(second) + 0.1, 48.1, 11.5)
    }
    let fixes = Self.timeline(text).map(\.1).filter(\.isFix)
    #expect(fixes.map { $0.time.nanosecondsOfDay / 100_000_000 } == [91, 101, 111, 121, 131])
    #expect(fixes.allSatisfy { $0.mode == .fix3D })
  }

  @Test("satellites in view and used across constellations, numbered as gpsd does")
  func satellites() throws {
    let text =
      Synthetic.gga(10, 48, 11)
      + Synthetic.gsa(ids: [2, 5, 7], talker: "GN", systemID: 1)
      + Synthetic.gsa(ids: [65, 66], talker: "GN", systemID: 2)
      + Synthetic.gsa(ids: [11], talker: "GN", systemID: 3)
      + Synthetic.line("GPGSV,1,1,03,02,40,100,45,05,30,200,38,07,20,300,")
      + Synthetic.line("GLGSV,1,1,02,65,50,010,41,66,10,020,30")
      + Synthetic.line("GAGSV,1,1,02,11,60,090,44,12,05,180,")
      + Synthetic.line("GBGSV,1,1,01,14,33,270,36")
      + Synthetic.rmc(10, 48, 11) + Synthetic.gga(11, 48, 11)
    var assembler = FixAssembler(rollover: .replay)
    let reports = Synthetic.assemble(text, into: &assembler)
    let report = try #require(reports.first)
    #expect(report.satellitesInView == 8)
    #expect(report.satellitesUsed == 6)
    #expect(report.bestSNR == 45)
    let sky = assembler.satellites.skyView(time: nil, hdop: nil, vdop: nil, pdop: nil)
    let summary = sky.satellites.map { "\($0.system)/\($0.svid)/\($0.prn)/\($0.used)" }
    #expect(
      summary == [
        "gps/2/2/true", "gps/5/5/true", "gps/7/7/true", "glonass/1/65/true", "glonass/2/66/true",
        "galileo/11/311/true", "galileo/12/312/false", "beidou/14/414/false",
      ])
  }

  @Test("satellite numbers mapped by system ID, talker and gpsd's NMEA 2.x ranges")
  func numbering() {
    let cases: [(Int, Talker, UInt8?, String)] = [
      (7, .gps, nil, "gps/7/7"), (46, .gps, nil, "sbas/133/46"), (70, .gnss, nil, "glonass/6/70"),
      (131, .gps, nil, "sbas/131/131"), (193, .gps, nil, "qzss/1/193"),
      (205, .gnss, nil, "beidou/5/405"), (305, .gnss, nil, "galileo/5/305"),
      (405, .gnss, nil, "beidou/5/405"), (5, .galileo, nil, "galileo/5/305"),
      (5, .beidou, nil, "beidou/5/405"), (5, .beidouBD, nil, "beidou/5/405"),
      (5, .qzss, nil, "qzss/5/197"), (3, .glonass, nil, "glonass/3/67"),
      (5, .gnss, 3, "galileo/5/305"), (5, .gnss, 4, "beidou/5/405"), (70, .gnss, 2, "glonass/6/70"),
    ]
    for (id, talker, system, expected) in cases {
      let number = GNSSNumbering.identify(id, talker: talker, systemID: system)
      #expect(number.map { "\($0.system)/\($0.svid)/\($0.prn)" } == expected, "\(id) \(talker)")
    }
    #expect(GNSSNumbering.identify(0, talker: .gps) == nil)
    #expect(GNSSNumbering.identify(500, talker: .gps) == nil)
  }

  @Test(
    "sentences before the first timed one join the first epoch; untimed-type without time do not")
  func preamble() throws {
    let text = Synthetic.gsa(mode: 3) + Synthetic.rmc(10, 48, 11) + Synthetic.gga(11, 48, 11)
    let first = try #require(Self.timeline(text).first?.1)
    #expect(first.mode == .fix3D)  // RMC alone would be 2D: the GSA before it says 3D
    let text2 =
      Synthetic.line("GPGGA,,,,,,0,,,,M,,M,,") + Synthetic.rmc(10, 48, 11)
      + Synthetic.gga(11, 48, 11)
    #expect(try #require(Self.timeline(text2).first?.1).mode != .noFix)
  }
}

/// The differential fields of GGA (the corrections' age, the station) reach a fix only when its
/// quality says corrections were used: 2 (DGPS), 4 (RTK fixed), 5 (RTK float). A Garmin GPS 10x
/// (gpsd's `garmin-10x.log`) sends `,1,06,1.5,…,,0000`: a plain fix, station field 0000.
@Suite("Fix assembly: differential station and age")
struct DifferentialFieldsTests {
  @Test(
    "station and age only for a fix that used corrections",
    arguments: [
      ("1", "", "0000", nil, nil),
      ("1", "3.0", "0017", nil, nil),
      ("2", "1.4", "0023", 1.4, 23),
      ("2", "", "0000", nil, 0),
      ("4", "0.8", "0278", 0.8, 278),
      ("5", "2.0", "1023", 2.0, 1023),
      ("6", "", "0000", nil, nil),
    ] as [(String, String, String, Double?, Int?)])
  func differential(
    quality: String, age: String, station: String, expectedAge: Double?, expectedStation: Int?
  ) throws {
    var text = ""
    for second in 0..<3 {
      text += Synthetic.line(
        "GPGGA,10000\(second).00,4807.038,N,01131.000,E,\(quality),08,0.9,545.4,M,46.9,M,"
          + "\(age),\(station)")
    }
    let reports = FixAssemblerTests.timeline(text)
    #expect(reports.count == 3)
    for (_, report) in reports {
      #expect(report.dgpsAge == expectedAge)
      #expect(report.dgpsStation == expectedStation)
    }
  }
}
