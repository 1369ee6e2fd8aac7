import Testing

@testable import NMEA

/// RMC, GGA, GLL and GNS field by field, on sentences copied from the gpsd captures.
@Suite struct PositionSentenceTests {
  static let rmcCases: [(String, RMC)] = [
    (
      // ac12.log: NMEA 2.3 with mode, west variation.
      "$GPRMC,193221.00,A,2037.7279,N,08704.0848,W,00.1,201.8,231207,01,W,A*2D",
      with(RMC(talker: .gps)) {
        $0.time = UTCTime(hour: 19, minute: 32, second: 21)
        $0.status = .valid
        $0.latitude = 20.628798333333332
        $0.longitude = -87.06808
        $0.speedKnots = 0.1
        $0.course = 201.8
        $0.date = NMEADate(year: 2007, month: 12, day: 23)
        $0.magneticVariation = -1
        $0.mode = .autonomous
      }
    ),
    (
      // furuno_gl_ga.log: NMEA 4.1 navigational status.
      "$GNRMC,120213.000,A,5957.0062,N,01100.6429,E,0.00,0.00,310722,,,D,V*0A",
      with(RMC(talker: .gnss)) {
        $0.time = UTCTime(hour: 12, minute: 2, second: 13)
        $0.status = .valid
        $0.latitude = 59.95010333333333
        $0.longitude = 11.010715
        $0.speedKnots = 0
        $0.course = 0
        $0.date = NMEADate(year: 2022, month: 7, day: 31)
        $0.mode = .differential
        $0.navigationStatus = .notValid
      }
    ),
    (
      // eXplorist210.log: NMEA 2.2, no mode field; variation 00,W.
      "$GPRMC,200619.30,A,5313.2228,N,00634.4228,E,00.0,000.0,200506,00,W*59",
      with(RMC(talker: .gps)) {
        $0.time = UTCTime(hour: 20, minute: 6, second: 19, nanosecond: 300_000_000)
        $0.status = .valid
        $0.latitude = 53.22038
        $0.longitude = 6.573713333333333
        $0.speedKnots = 0
        $0.course = 0
        $0.date = NMEADate(year: 2006, month: 5, day: 20)
        $0.magneticVariation = -0.0
      }
    ),
    (
      // motorola-t805.log: mode letter where the variation direction belongs.
      "$GPRMC,212614.879,A,4839.9488,N,00214.8863,E,0.56,344.41,181207,0,A*77",
      with(RMC(talker: .gps)) {
        $0.time = UTCTime(hour: 21, minute: 26, second: 14, nanosecond: 879_000_000)
        $0.status = .valid
        $0.latitude = 48.66581333333333
        $0.longitude = 2.248105
        $0.speedKnots = 0.56
        $0.course = 344.41
        $0.date = NMEADate(year: 2007, month: 12, day: 18)
        $0.magneticVariation = 0
        $0.mode = .autonomous
      }
    ),
    (
      // cat-ms352.log: 8 decimals of minutes, 999.9 for an unknown variation.
      "$GPRMC,113938.50,A,3842.86006889,N,11705.43645510,W,0.011,46.405,231122,999.9000,E,D*2E",
      with(RMC(talker: .gps)) {
        $0.time = UTCTime(hour: 11, minute: 39, second: 38, nanosecond: 500_000_000)
        $0.status = .valid
        $0.latitude = 38.7143344815
        $0.longitude = -117.090607585
        $0.speedKnots = 0.011
        $0.course = 46.405
        $0.date = NMEADate(year: 2022, month: 11, day: 23)
        $0.mode = .differential
      }
    ),
    (
      // ublox-f9p-hpnmea.log: high precision, empty course.
      "$GNRMC,014500.00,A,4404.1306024,N,12118.8446777,W,0.013,,231221,,,D,V*04",
      with(RMC(talker: .gnss)) {
        $0.time = UTCTime(hour: 1, minute: 45, second: 0)
        $0.status = .valid
        $0.latitude = 44.06884337333333
        $0.longitude = -121.31407796166667
        $0.speedKnots = 0.013
        $0.date = NMEADate(year: 2021, month: 12, day: 23)
        $0.mode = .differential
        $0.navigationStatus = .notValid
      }
    ),
    (
      // april6_2019.log: everything empty but the mode.
      "$GPRMC,,V,,,,,,,,,,N*53",
      with(RMC(talker: .gps)) {
        $0.status = .void
        $0.mode = .notValid
      }
    ),
    (
      // bt451.log: no fix, empty date, lower-case checksum digits.
      "$GPRMC,205150.00,V,,,,,,,,,,,V*4a",
      with(RMC(talker: .gps)) {
        $0.time = UTCTime(hour: 20, minute: 51, second: 50)
        $0.status = .void
        $0.navigationStatus = .notValid
      }
    ),
  ]

  @Test(arguments: rmcCases)
  func rmc(_ line: String, _ expected: RMC) {
    #expect(decodedSentence(line) == .rmc(expected))
  }

  static let ggaCases: [(String, GGA)] = [
    (
      // ac12.log: negative altitude and geoid separation.
      "$GPGGA,193221.00,2037.72792,N,08704.08478,W,1,04,1.7,-30.40,M,-13.9,M,,*7D",
      with(GGA(talker: .gps)) {
        $0.time = UTCTime(hour: 19, minute: 32, second: 21)
        $0.latitude = 20.62879866666667
        $0.longitude = -87.06807966666666
        $0.quality = .gps
        $0.satellitesUsed = 4
        $0.hdop = 1.7
        $0.altitudeMSL = -30.4
        $0.geoidSeparation = -13.9
      }
    ),
    (
      // mt3339.log: DGPS with age and station.
      "$GPGGA,202640.000,4404.1306,N,12118.8515,W,2,10,0.98,1127.7,M,-19.6,M,0000,0000*6C",
      with(GGA(talker: .gps)) {
        $0.time = UTCTime(hour: 20, minute: 26, second: 40)
        $0.latitude = 44.068843333333334
        $0.longitude = -121.31419166666667
        $0.quality = .differential
        $0.satellitesUsed = 10
        $0.hdop = 0.98
        $0.altitudeMSL = 1127.7
        $0.geoidSeparation = -19.6
        $0.dgpsAge = 0
        $0.dgpsStation = 0
      }
    ),
    (
      // beidou-bd.log: no fix, and one extra empty field at the end.
      "$GNGGA,074150.799,,,,,0,00,,,M,0.0,M,,0000,*64",
      with(GGA(talker: .gnss)) {
        $0.time = UTCTime(hour: 7, minute: 41, second: 50, nanosecond: 799_000_000)
        $0.quality = .invalid
        $0.satellitesUsed = 0
        $0.geoidSeparation = 0
        $0.dgpsStation = 0
      }
    ),
    (
      // ublox-f9p-hpnmea.log: high precision, station 278.
      "$GNGGA,014500.00,4404.1306024,N,12118.8446777,W,2,12,0.49,1129.913,M,-21.350,M,,0278*4C",
      with(GGA(talker: .gnss)) {
        $0.time = UTCTime(hour: 1, minute: 45, second: 0)
        $0.latitude = 44.06884337333333
        $0.longitude = -121.31407796166667
        $0.quality = .differential
        $0.satellitesUsed = 12
        $0.hdop = 0.49
        $0.altitudeMSL = 1129.913
        $0.geoidSeparation = -21.35
        $0.dgpsStation = 278
      }
    ),
  ]

  @Test(arguments: ggaCases)
  func gga(_ line: String, _ expected: GGA) {
    #expect(decodedSentence(line) == .gga(expected))
  }

  static let gllCases: [(String, GLL)] = [
    (
      // ublox-neo-m9n-nmea.log: with mode.
      "$GNGLL,3806.62964,N,12237.61382,W,223745.00,A,D*6C",
      with(GLL(talker: .gnss)) {
        $0.latitude = 38.110494
        $0.longitude = -122.626897
        $0.time = UTCTime(hour: 22, minute: 37, second: 45)
        $0.status = .valid
        $0.mode = .differential
      }
    ),
    (
      // eXplorist210.log: NMEA 2.2, no mode.
      "$GPGLL,5313.2228,N,00634.4228,E,200619.295,A*35",
      with(GLL(talker: .gps)) {
        $0.latitude = 53.22038
        $0.longitude = 6.573713333333333
        $0.time = UTCTime(hour: 20, minute: 6, second: 19, nanosecond: 295_000_000)
        $0.status = .valid
      }
    ),
    (
      // bt451.log: no fix.
      "$GPGLL,,,,,,V,N*64",
      with(GLL(talker: .gps)) {
        $0.status = .void
        $0.mode = .notValid
      }
    ),
  ]

  @Test(arguments: gllCases)
  func gll(_ line: String, _ expected: GLL) {
    #expect(decodedSentence(line) == .gll(expected))
  }

  static let gnsCases: [(String, GNS)] = [
    (
      // furuno_gl_ga.log: three mode letters, NMEA 4.1 status.
      "$GNGNS,120213.000,5957.0062,N,01100.6429,E,NDD,11,1.3,168.9,39.5,,,V*57",
      with(GNS(talker: .gnss)) {
        $0.time = UTCTime(hour: 12, minute: 2, second: 13)
        $0.latitude = 59.95010333333333
        $0.longitude = 11.010715
        $0.modes = ModeIndicators("NDD")
        $0.satellitesUsed = 11
        $0.hdop = 1.3
        $0.altitudeMSL = 168.9
        $0.geoidSeparation = 39.5
        $0.navigationStatus = .notValid
      }
    ),
    (
      // telit-pls83-w.log: five constellations.
      "$GNGNS,043539.00,4333.190206,N,00127.618380,E,AAAAN,14,1.3,250.8,50.0,,,V*62",
      with(GNS(talker: .gnss)) {
        $0.time = UTCTime(hour: 4, minute: 35, second: 39)
        $0.latitude = 43.5531701
        $0.longitude = 1.4603063333333333
        $0.modes = ModeIndicators("AAAAN")
        $0.satellitesUsed = 14
        $0.hdop = 1.3
        $0.altitudeMSL = 250.8
        $0.geoidSeparation = 50
        $0.navigationStatus = .notValid
      }
    ),
    (
      // beidou-bd.log: NMEA 4.0 (no status), no fix.
      "$GNGNS,074150.799,,,,,NNNN,00,,,0.0,,0000*63",
      with(GNS(talker: .gnss)) {
        $0.time = UTCTime(hour: 7, minute: 41, second: 50, nanosecond: 799_000_000)
        $0.modes = ModeIndicators("NNNN")
        $0.satellitesUsed = 0
        $0.geoidSeparation = 0
        $0.dgpsStation = 0
      }
    ),
  ]

  @Test(arguments: gnsCases)
  func gns(_ line: String, _ expected: GNS) {
    #expect(decodedSentence(line) == .gns(expected))
  }

  @Test func gnsModesReadAsFAAModes() throws {
    guard case .gns(let gns) = decodedSentence(Self.gnsCases[0].0) else {
      Issue.record("not a GNS")
      return
    }
    #expect(Array(gns.modes) == [FAAMode.notValid, .differential, .differential])
  }
}
