import Foundation
import Testing

/// Issue 22, through the built binary: fix assembly on receivers never seen, second round.
/// Short captures written after the sentences the issue quotes (a Garmin GPS 15H, a u-blox at
/// 10 Hz with serial overruns, a receiver with a ZDA cadence beside its RMCs, a GGA-only
/// Garmin with PGRMV, a multiplexer), and a second receiver with the same habit where the rule
/// is not the example's. Each fails with the binary before the issue (LOCATE_TEST_BINARY).
@Suite
struct ReceiverWordRound2EndToEndTests {
  typealias E2E = ReceiverWordEndToEndTests

  /// The TPVs of `watch --json` on a capture of these sentence bodies.
  static func tpvs(_ bodies: [String]) throws -> [[String: Any]] {
    var found: [[String: Any]] = []
    try E2E.withCapture(bodies) { found = try E2E.tpvs(["--input", $0]) }
    return found
  }

  /// The time of day `hh:mm:ss.sss` of each TPV (the `time` member's).
  static func times(_ tpvs: [[String: Any]]) -> [String] {
    tpvs.map { ($0["time"] as? String).map { String($0.dropFirst(11).prefix(12)) } ?? "-" }
  }

  // MARK: 1. GSA's 2D is 2D

  /// A Garmin GPS 15H (`$GPGGA,183454,…,2,04,4.2,259.7,…` + `$GPGSA,A,2,…`) and a ComNav
  /// (GN talker, two GSAs, 6 satellites): GSA mode 2 with 4, 5 or 6 satellites counted.
  static let twoD: [[String]] = [
    [54, 55, 56, 57].flatMap { second -> [String] in
      let count = second % 2 == 0 ? "04" : "05"
      return [
        "GPRMC,1834\(second),A,4124.7340,N,08152.2465,W,000.0,000.0,010305,007.9,W",
        "GPGGA,1834\(second),4124.7340,N,08152.2465,W,2,\(count),4.2,259.7,M,-34.0,M,,",
        "GPGSA,A,2,,04,,,07,10,,,,,,35,5.4,4.2,1.7",
      ]
    },
    [51, 52, 53, 54].flatMap { second -> [String] in
      [
        "GNGGA,1356\(second).997,5543.0328,N,03724.7198,E,1,06,01.8,165.6,M,14.6,M,,",
        "GNRMC,1356\(second).997,A,5543.0328,N,03724.7198,E,00.00,129.5,051209,,,A",
        "GNGSA,A,2,19,27,,,,,,,,,,,02.1,01.8,00.9",
        "GNGSA,A,2,67,84,83,75,,,,,,,,,02.1,01.8,00.9",
      ]
    },
  ]

  @Test("1: GSA mode 2 is a 2D fix whatever GGA counts, and its held altitude is not reported")
  func gsaTwoD() throws {
    for capture in Self.twoD {
      let tpvs = try Self.tpvs(capture)
      #expect(tpvs.count == 4, "\(capture[0])")
      for tpv in tpvs {
        #expect(tpv["mode"] as? Int == 2, "\(tpv)")
        #expect(tpv["altMSL"] == nil && tpv["altHAE"] == nil && tpv["alt"] == nil, "\(tpv)")
        #expect(tpv["epv"] == nil, "\(tpv)")
      }
    }
  }

  // MARK: 2. One lost GGA does not teach the cycle a wrong end

  /// A u-blox at 10 Hz (`$GNRMC`, `$GNVTG`, `$GNGGA` each epoch) whose GGA is lost now and
  /// then (`$GNRMC,220937.00,…` + `$GNVTG,…`, no GGA).
  static func tenHertz(epochs: Int, lost: (Int) -> Bool) -> [String] {
    (0..<epochs).flatMap { index -> [String] in
      let seconds = 79_770 + Double(index) / 10  // 22:09:30.0 on
      let time = NMEAText.time(seconds)
      let latitude = String(format: "4012.%05d", 10_000 + index)
      let altitude = String(format: "%.1f", 288 + Double(index % 10) / 10)
      return [
        "GNRMC,\(time),A,\(latitude),N,08401.20000,W,0.018,,220522,,,D",
        "GNVTG,,T,,M,0.018,N,0.033,K,D",
      ]
        + (lost(index)
          ? []
          : ["GNGGA,\(time),\(latitude),N,08401.20000,W,2,12,0.81,\(altitude),M,-34.8,M,,0000"])
    }
  }

  /// The epochs of `tenHertz` that come without the altitude their GGA sent.
  static func altitudesLost(_ epochs: Int, lost: @escaping (Int) -> Bool) throws -> [Int] {
    let tpvs = try Self.tpvs(Self.tenHertz(epochs: epochs, lost: lost))
    #expect(tpvs.count == epochs)
    return tpvs.enumerated().compactMap { index, tpv in
      let sent = 288 + Double(index % 10) / 10
      let reported = tpv["altMSL"] as? Double
      return lost(index) || reported.map({ abs($0 - sent) < 1e-9 }) == true ? nil : index
    }
  }

  @Test("2: at 10 Hz, a GGA lost now and then costs no other epoch its altitude")
  func lostGGA() throws {
    // Lost in epochs 4, 11, 18, 25, … (before, every two losses taught VTG as the cycle's end,
    // and the next epoch lost its GGA's altitude: 28 of 400).
    let single = try Self.altitudesLost(400) { $0 % 7 == 4 }
    #expect(single == [], "\(single)")
    // Two in a row (101–102, 151–152, 201–202, 251–252) cost nothing either; three in a row
    // (301–303, then 351–353, 401–403) teach VTG once: the epoch after the first three loses
    // its altitude, and VTG, having fired too early, is not trusted again.
    let paired = try Self.altitudesLost(300) { $0 > 100 && ($0 % 50 == 1 || $0 % 50 == 2) }
    #expect(paired == [], "\(paired)")
    let three = try Self.altitudesLost(450) { $0 > 300 && (1...3).contains($0 % 50) }
    #expect(three == [304], "\(three)")
  }

  // MARK: 3. No fix lost

  /// RMCs a tenth of a second after their second, or on it, with a ZDA on every second:
  /// `$GPZDA,223637,…`, `$GPRMC,223637.10,A,…`, `$GPZDA,223638,…`, `$GPRMC,223638.00,A,…`.
  static let zdaCadence: [String] = [
    ("37", ".10"), ("38", ".00"), ("39", ".10"), ("40", ".10"), ("41", ".00"), ("42", ".10"),
    ("43", ".00"), ("44", ".10"), ("45", ".10"), ("46", ".00"),
  ].flatMap { second, fraction in
    [
      "GPZDA,2236\(second),20,06,2005,+00,00",
      "GPRMC,2236\(second)\(fraction),A,3345.1234,S,15102.5678,E,010.5,045.0,200605,,,A",
    ]
  }

  @Test("3a: a ZDA on the second beside RMCs loses no RMC")
  func zdaCadenceKeepsRMCs() throws {
    let tpvs = try Self.tpvs(Self.zdaCadence)
    #expect(
      Self.times(tpvs) == [
        "22:36:37.100", "22:36:38.000", "22:36:39.100", "22:36:40.100", "22:36:41.000",
        "22:36:42.100", "22:36:43.000", "22:36:44.100", "22:36:45.100", "22:36:46.000",
      ])
  }

  /// A Garmin GPS 15H that sends 18:34:53 twice: `V` (searching) then `A`, after two seconds
  /// of `V` that teach its cycle.
  static let twice: [String] =
    [51, 52, 53].flatMap { second -> [String] in
      [
        "GPRMC,1834\(second),V,4124.6743,N,08152.2490,W,000.0,000.0,010305,007.9,W",
        "GPGGA,1834\(second),4124.6743,N,08152.2490,W,0,03,,,M,,M,,",
        "GPGSA,A,1,,,,,,,,,,,,,,,",
      ]
    } + [
      "GPRMC,183453,A,4124.6743,N,08152.2490,W,000.0,000.0,010305,007.9,W",
      "GPGGA,183453,4124.6743,N,08152.2490,W,2,04,2.5,232.9,M,-34.0,M,,",
      "GPGSA,A,2,,04,,,07,10,,,,,,35,5.4,2.5,1.7",
      "GPRMC,183454,A,4124.7340,N,08152.2465,W,000.0,000.0,010305,007.9,W",
      "GPGGA,183454,4124.7340,N,08152.2465,W,2,04,4.2,259.7,M,-34.0,M,,",
      "GPGSA,A,2,,04,,,07,10,,,,,,35,5.4,4.2,1.7",
    ]

  @Test("3b: a second stated twice, V then A, keeps its valid fix")
  func secondStatedTwice() throws {
    let tpvs = try Self.tpvs(Self.twice)
    #expect(Self.times(tpvs) == ["18:34:53.000", "18:34:54.000"])
    #expect((tpvs.first?["lat"] as? Double).map { abs($0 - (41 + 24.6743 / 60)) < 1e-9 } == true)
    #expect(tpvs.allSatisfy { $0["mode"] as? Int == 2 })
  }

  // MARK: 4. No speed the receiver did not send

  @Test("4: a GGA-only Garmin's speed is its PGRMV's (0.0), course none, climb its up velocity")
  func garminVelocity() throws {
    let bodies = (0..<6).flatMap { index -> [String] in
      [
        "GPGGA,20000\(index),4124.\(7340 + index * 3),N,08152.2465,W,1,07,1.2,259.7,M,-34.0,M,,",
        index == 5 ? "PGRMV,-3.0,4.0,0.5" : "PGRMV,0.0,0.0,0.0",
      ]
    }
    let tpvs = try Self.tpvs(bodies)
    #expect(tpvs.count == 6)
    #expect(tpvs.prefix(5).allSatisfy { $0["speed"] as? Double == 0 && $0["track"] == nil })
    #expect(tpvs.prefix(5).allSatisfy { $0["climb"] as? Double == 0 })
    // East −3, north 4: 5 m/s toward 323.13°.
    #expect(tpvs.last?["speed"] as? Double == 5)
    #expect((tpvs.last?["track"] as? Double).map { abs($0 - 323.1301) < 1e-3 } == true)
    #expect(tpvs.last?["climb"] as? Double == 0.5)
  }

  @Test("4: a receiver that states no speed gets none from its positions")
  func noInventedSpeed() throws {
    let bodies = (0..<6).map { index in
      "GPGGA,20000\(index),4124.\(7340 + index * 30),N,08152.2465,W,1,07,1.2,259.7,M,-34.0,M,,"
    }
    let tpvs = try Self.tpvs(bodies)
    #expect(tpvs.count == 6)
    #expect(tpvs.allSatisfy { $0["speed"] == nil && $0["track"] == nil })
  }

  @Test("4: an epoch whose RMC was lost takes its VTG's speed")
  func vtgWithoutRMC() throws {
    let tpvs = try Self.tpvs(
      Self.tenHertz(epochs: 20, lost: { _ in false }).enumerated().filter { index, body in
        !(index == 21 && body.hasPrefix("GNRMC"))  // epoch 7's RMC lost
      }.map(\.1))
    #expect(tpvs.count == 20)
    #expect(tpvs.allSatisfy { $0["speed"] as? Double == 0.009 }, "\(tpvs.map { $0["speed"] })")
    #expect(Self.times(tpvs)[7] == "22:09:30.700")
  }

  // MARK: 5. Policies

  @Test("5: RMC status A with FAA mode N is no fix; a valid position without a time is none")
  func policies() throws {
    let modeN = try Self.tpvs([
      "GPRMC,120000,A,4807.0380,N,01131.0000,E,0.0,0.0,150625,,,N",
      "GPRMC,120001,A,4807.0380,N,01131.0000,E,0.0,0.0,150625,,,A",
    ])
    #expect(Self.times(modeN) == ["12:00:01.000"])
    let untimed = try Self.tpvs([
      "GPRMC,,A,4807.0380,N,01131.0000,E,0.0,0.0,150625,,,A",
      "GPGLL,4807.0380,N,01131.0000,E,,A,A",
      "GPRMC,120001,A,4807.0380,N,01131.0000,E,0.0,0.0,150625,,,A",
    ])
    #expect(Self.times(untimed) == ["12:00:01.000"])
  }

  @Test("5: a multiplexer's stale GLL (t−2 after the RMC of t) is no fix; a clock step back is")
  func staleTimes() throws {
    let stale = (10..<16).flatMap { second -> [String] in
      [
        "GPRMC,1200\(second),A,4807.\(1000 + second),N,01131.0000,E,5.0,90.0,150625,,,A",
        "GPGLL,4807.\(1000 + second - 2),N,01131.0000,E,1200\(second - 2),A,A",
      ]
    }
    let tpvs = try Self.tpvs(stale)
    #expect(Self.times(tpvs) == (10..<16).map { "12:00:\($0).000" })
    // A receiver whose clock steps back 13 s (humminbird-M37's habit): its first epoch is lost,
    // then fixes go on from its new time.
    let stepped = [20, 21, 22, 23, 7, 8, 9, 10].map {
      "GPRMC,1200" + String(format: "%02d", $0) + ",A,4807.1000,N,01131.0000,E,5.0,90.0,150625,,,A"
    }
    #expect(
      Self.times(try Self.tpvs(stepped)) == [
        "12:00:20.000", "12:00:21.000", "12:00:22.000", "12:00:23.000", "12:00:08.000",
        "12:00:09.000", "12:00:10.000",
      ])
  }
}
