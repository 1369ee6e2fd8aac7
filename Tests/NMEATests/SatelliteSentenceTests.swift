import Testing

@testable import NMEA

/// GSA and GSV field by field, on sentences copied from the gpsd captures.
@Suite struct SatelliteSentenceTests {
  static let gsaCases: [(String, GSA)] = [
    (
      // ublox-zed-f9p-nmea.log: NMEA 4.11 system ID.
      "$GNGSA,A,3,82,66,81,,,,,,,,,,1.05,0.64,0.83,2*0C",
      with(GSA(talker: .gnss)) {
        $0.selectionMode = .automatic
        $0.fixMode = .fix3D
        $0.satellites = SatelliteIDs([82, 66, 81])
        $0.pdop = 1.05
        $0.hdop = 0.64
        $0.vdop = 0.83
        $0.systemID = 2
      }
    ),
    (
      // ac12.log: NMEA 2.x, no system ID, an empty field between IDs.
      "$GPGSA,A,3,10,28,09,13,,,,,,,,,03.4,01.7,03.0*00",
      with(GSA(talker: .gps)) {
        $0.selectionMode = .automatic
        $0.fixMode = .fix3D
        $0.satellites = SatelliteIDs([10, 28, 9, 13])
        $0.pdop = 3.4
        $0.hdop = 1.7
        $0.vdop = 3.0
      }
    ),
    (
      // beidou-bd.log: SiRF TriG's DOP where the system ID belongs.
      "$BDGSA,A,3,02,03,04,,,,,,,,,,2.1,1.1,1.8,1.2*2D",
      with(GSA(talker: .beidouBD)) {
        $0.selectionMode = .automatic
        $0.fixMode = .fix3D
        $0.satellites = SatelliteIDs([2, 3, 4])
        $0.pdop = 2.1
        $0.hdop = 1.1
        $0.vdop = 1.8
      }
    ),
    (
      // iTrek.log: cut short while there is no fix.
      "$GPGSA,A,1,,,,*32",
      with(GSA(talker: .gps)) {
        $0.selectionMode = .automatic
        $0.fixMode = .noFix
      }
    ),
    (
      // telit-pls83-w.log: three-digit IDs, 2D fix.
      "$GNGSA,A,2,208,211,213,,,,,,,,,,1.6,1.3,0.9,4*01",
      with(GSA(talker: .gnss)) {
        $0.selectionMode = .automatic
        $0.fixMode = .fix2D
        $0.satellites = SatelliteIDs([208, 211, 213])
        $0.pdop = 1.6
        $0.hdop = 1.3
        $0.vdop = 0.9
        $0.systemID = 4
      }
    ),
    (
      // More than 12 satellites (receivers that send extra ID fields), with a system ID.
      withChecksum("GNGSA,A,3,1,2,3,4,5,6,7,8,9,10,11,12,13,14,1.0,0.6,0.8,1"),
      with(GSA(talker: .gnss)) {
        $0.selectionMode = .automatic
        $0.fixMode = .fix3D
        $0.satellites = SatelliteIDs(Array(1...14))
        $0.pdop = 1
        $0.hdop = 0.6
        $0.vdop = 0.8
        $0.systemID = 1
      }
    ),
    (
      // More than 16 satellites: the rest are counted as overflow.
      withChecksum("GNGSA,M,3,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,1.0,0.6,0.8"),
      with(GSA(talker: .gnss)) {
        $0.selectionMode = .manual
        $0.fixMode = .fix3D
        $0.satellites = SatelliteIDs(Array(1...18))
        $0.pdop = 1
        $0.hdop = 0.6
        $0.vdop = 0.8
      }
    ),
  ]

  @Test(arguments: gsaCases)
  func gsa(_ line: String, _ expected: GSA) {
    #expect(decodedSentence(line) == .gsa(expected))
  }

  @Test func gsaOverflowIsCounted() {
    guard case .gsa(let gsa) = decodedSentence(Self.gsaCases[6].0) else {
      Issue.record("not a GSA")
      return
    }
    #expect(gsa.satellites.count == 16)
    #expect(gsa.satellites.overflow == 2)
    #expect(Array(gsa.satellites) == Array(1...16))
  }

  static let gsvCases: [(String, GSV)] = [
    (
      // ublox-zed-f9p-nmea.log: four satellites and the 4.10 signal ID, empty SNRs.
      "$GPGSV,3,1,12,28,70,351,18,30,61,093,28,17,52,181,,13,50,290,,1*67",
      with(GSV(talker: .gps)) {
        $0.totalMessages = 3
        $0.messageNumber = 1
        $0.satellitesInView = 12
        $0.satellites = GSVSatellites([
          SatelliteInView(id: 28, elevation: 70, azimuth: 351, snr: 18),
          SatelliteInView(id: 30, elevation: 61, azimuth: 93, snr: 28),
          SatelliteInView(id: 17, elevation: 52, azimuth: 181),
          SatelliteInView(id: 13, elevation: 50, azimuth: 290),
        ])
        $0.signalID = 1
      }
    ),
    (
      // bt451.log: satellites without elevation and azimuth, no signal ID.
      "$GPGSV,2,2,07,22,,,40,11,57,277,40,14,51,083,38*7F",
      with(GSV(talker: .gps)) {
        $0.totalMessages = 2
        $0.messageNumber = 2
        $0.satellitesInView = 7
        $0.satellites = GSVSatellites([
          SatelliteInView(id: 22, snr: 40),
          SatelliteInView(id: 11, elevation: 57, azimuth: 277, snr: 40),
          SatelliteInView(id: 14, elevation: 51, azimuth: 83, snr: 38),
        ])
      }
    ),
    (
      // furuno_gl_ga.log: empty groups as padding, then the signal ID.
      "$GPGSV,1,1,01,36,19,156,51,,,,,,,,,,,,,1*5E",
      with(GSV(talker: .gps)) {
        $0.totalMessages = 1
        $0.messageNumber = 1
        $0.satellitesInView = 1
        $0.satellites = GSVSatellites([
          SatelliteInView(id: 36, elevation: 19, azimuth: 156, snr: 51)
        ])
        $0.signalID = 1
      }
    ),
    (
      // bt451.log: nothing in view.
      "$GPGSV,1,1,00*79",
      with(GSV(talker: .gps)) {
        $0.totalMessages = 1
        $0.messageNumber = 1
        $0.satellitesInView = 0
      }
    ),
    (
      // nl2008u.log: one satellite and signal ID 0.
      "$GPGSV,4,4,13,29,08,098,30,0*56",
      with(GSV(talker: .gps)) {
        $0.totalMessages = 4
        $0.messageNumber = 4
        $0.satellitesInView = 13
        $0.satellites = GSVSatellites([SatelliteInView(id: 29, elevation: 8, azimuth: 98, snr: 30)])
        $0.signalID = 0
      }
    ),
    (
      // gp-320fw-2019-04-07-coldboot.log: a short last group (2 fields left over).
      "$GPGSV,3,3,12,2,40,16,00,090,*72",
      with(GSV(talker: .gps)) {
        $0.totalMessages = 3
        $0.messageNumber = 3
        $0.satellitesInView = 12
        $0.satellites = GSVSatellites([
          SatelliteInView(id: 2, elevation: 40, azimuth: 16, snr: 0),
          SatelliteInView(id: 90),
        ])
      }
    ),
    (
      // sl869.log: QZSS talker, PRN 193, padding without a signal ID.
      withChecksum("QZGSV,1,1,01,193,34,332,,,,,,,,,,,,,"),
      with(GSV(talker: .qzssQZ)) {
        $0.totalMessages = 1
        $0.messageNumber = 1
        $0.satellitesInView = 1
        $0.satellites = GSVSatellites([SatelliteInView(id: 193, elevation: 34, azimuth: 332)])
      }
    ),
  ]

  @Test(arguments: gsvCases)
  func gsv(_ line: String, _ expected: GSV) {
    #expect(decodedSentence(line) == .gsv(expected))
  }
}
