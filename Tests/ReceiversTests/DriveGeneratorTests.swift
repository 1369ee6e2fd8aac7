import Geodesy
import NMEA
import Testing

@testable import Receivers
@testable import VirtualReceiver

@Suite("The synthetic drive")
struct DriveGeneratorTests {
  static func options(seed: UInt64 = 7, rate: Int = 1, duration: Double = 600) -> DriveOptions {
    var options = DriveOptions()
    options.seed = seed
    options.rate = rate
    options.duration = duration
    options.startTime = 1_717_243_200  // 2024-06-01 12:00:00 UTC
    return options
  }

  /// Decodes one epoch's bytes into sentences, expecting no damage.
  static func decode(_ bytes: [UInt8]) -> [Sentence] {
    var decoder = NMEADecoder()
    var sentences: [Sentence] = []
    bytes.withUnsafeBytes { chunk in
      decoder.feed(chunk) { event in
        if case .sentence(let sentence, _) = event { sentences.append(sentence) }
      }
    }
    return sentences
  }

  static func address(_ sentence: Sentence) -> String {
    switch sentence {
    case .rmc(let s): "\(s.talker)RMC"
    case .gga(let s): "\(s.talker)GGA"
    case .gll(let s): "\(s.talker)GLL"
    case .gns(let s): "\(s.talker)GNS"
    case .gsa(let s): "\(s.talker)GSA\(s.systemID.map(String.init) ?? "")"
    case .gsv(let s): "\(s.talker)GSV"
    case .vtg(let s): "\(s.talker)VTG"
    case .zda(let s): "\(s.talker)ZDA"
    case .gst(let s): "\(s.talker)GST"
    case .hdt(let s): "\(s.talker)HDT"
    case .ths(let s): "\(s.talker)THS"
    case .hdg(let s): "\(s.talker)HDG"
    case .hdm(let s): "\(s.talker)HDM"
    case .txt(let s): "\(s.talker)TXT"
    case .pgrmv: "PGRMV"
    case .proprietary(let s): s.line
    case .unknown(let s): s.address
    }
  }

  @Test("is the same for the same seed, and differs for another")
  func deterministic() throws {
    let first = Array(try DriveGenerator(options: Self.options()))
    let again = Array(try DriveGenerator(options: Self.options()))
    let other = Array(try DriveGenerator(options: Self.options(seed: 8)))
    #expect(first.count == 600)
    #expect(first == again)
    #expect(first != other)
  }

  @Test("each epoch is GN RMC, VTG, GGA, four GSAs, GSVs per constellation once a second, GLL")
  func sentenceMix() throws {
    var drive = try DriveGenerator(options: Self.options(rate: 2, duration: 2))
    let epochs = Array(drive.prefix(2))
    #expect(epochs.map(\.offset) == [0, 0.5])
    let first = Self.decode(epochs[0].bytes).map(Self.address)
    let second = Self.decode(epochs[1].bytes).map(Self.address)
    let head = ["GNRMC", "GNVTG", "GNGGA", "GNGSA1", "GNGSA2", "GNGSA3", "GNGSA4"]
    #expect(
      first == head + ["GPGSV", "GPGSV", "GPGSV", "GLGSV", "GLGSV", "GAGSV", "GAGSV"]
        + ["GBGSV", "GBGSV", "GNGLL"])
    #expect(second == head + ["GNGLL"])
    #expect(validSentences(epochs[0].bytes) == first.count)
    _ = drive.next()
  }

  @Test("the sentences tell the truth: position, speed, course, time and date")
  func tellsTheTruth() throws {
    var drive = try DriveGenerator(options: Self.options(duration: 120))
    var previous: DriveEpoch?
    var moved = 0
    while let chunk = drive.next() {
      let truth = try #require(drive.current)
      guard truth.hasFix, case .rmc(let rmc) = Self.decode(chunk.bytes).first else {
        Issue.record("no fix at the start, or RMC not first")
        break
      }
      #expect(abs((rmc.latitude ?? 0) - truth.latitude) < 1e-6)
      #expect(abs((rmc.longitude ?? 0) - truth.longitude) < 1e-6)
      #expect(abs((rmc.speedKnots ?? -1) - truth.speed * 3600 / 1852) < 0.001)
      #expect(rmc.date == NMEADate(year: 2024, month: 6, day: 1))
      #expect(rmc.time?.secondsOfDay == 43_200 + chunk.offset)
      if let previous {
        let step = Geodesic.wgs84.inverse(
          latitude1: previous.latitude, longitude1: previous.longitude,
          latitude2: truth.latitude, longitude2: truth.longitude)
        #expect(abs(step.distance - truth.speed) < 0.01)
        if step.distance > 1 { moved += 1 }
      }
      previous = truth
    }
    #expect(moved > 60)
  }

  @Test("a long drive stops at lights, turns, and loses the fix in a tunnel, saying so")
  func events() throws {
    var drive = try DriveGenerator(options: Self.options(duration: 900))
    var stopped = 0
    var headings = Set<Int>()
    var lost = 0
    while let chunk = drive.next(), let truth = drive.current {
      if truth.speed == 0 && chunk.offset > 30 { stopped += 1 }
      headings.insert(Int(truth.heading / 10))
      if !truth.hasFix {
        lost += 1
        let sentences = Self.decode(chunk.bytes)
        guard case .rmc(let rmc) = sentences[0], case .gga(let gga) = sentences[2] else {
          Issue.record("unexpected order")
          break
        }
        #expect(rmc.status == .void && rmc.latitude == nil)
        #expect(gga.quality == .invalid && gga.latitude == nil)
      }
    }
    #expect(stopped >= 10)
    #expect(headings.count >= 4)
    #expect(lost >= 5)
  }

  @Test(
    "refuses impossible options",
    arguments: [
      ("rate 11", "rate must be 1 to 10 Hz"), ("rate 0", "rate must be 1 to 10 Hz"),
      ("latitude 91", "the start point must be within ±90° latitude and ±180° longitude"),
      ("speed -1", "speed must be a non-negative number of m/s"),
      ("duration -5", "duration must not be negative"),
    ])
  func refuses(change: String, reason: String) {
    var options = DriveOptions()
    let parts = change.split(separator: " ")
    let value = Double(parts[1]) ?? 0
    switch parts[0] {
    case "rate": options.rate = Int(value)
    case "latitude": options.latitude = value
    case "speed": options.speed = value
    default: options.duration = value
    }
    #expect(throws: ReceiverError(code: .invalidSource(reason), path: "drive")) {
      _ = try DriveGenerator(options: options)
    }
  }

  @Test("civil dates from seconds since 1970")
  func civilTime() {
    #expect(CivilTime.date(0) == NMEADate(year: 1970, month: 1, day: 1))
    #expect(CivilTime.date(951_782_400) == NMEADate(year: 2000, month: 2, day: 29))
    #expect(CivilTime.date(1_709_251_199) == NMEADate(year: 2024, month: 2, day: 29))
    #expect(
      CivilTime.time(1_709_251_199.25)
        == UTCTime(hour: 23, minute: 59, second: 59, nanosecond: 250_000_000))
  }

  /// Found by the fault tests: 1_750_000_000 + 0.1 is a binary fraction just under a tenth,
  /// and the encoder truncates, so the drive said `…40.09` for `…40.10`.
  @Test("times at 10 Hz are whole tenths, carried across midnight")
  func tenthsAreExact() throws {
    var options = Self.options(rate: 10, duration: 3)
    options.startTime = 1_750_031_998  // 2025-06-15 23:59:58 UTC
    var drive = try DriveGenerator(options: options)
    var index = 0
    while let chunk = drive.next() {
      guard case .rmc(let rmc) = Self.decode(chunk.bytes).first, let time = rmc.time else {
        Issue.record("no RMC time")
        break
      }
      #expect(time.nanosecond == UInt32(index % 10) * 100_000_000)
      #expect(time.second == UInt8((58 + index / 10) % 60))
      #expect(rmc.date?.day == (index < 20 ? 15 : 16))
      index += 1
    }
    #expect(index == 30)
    #expect(
      CivilTime.time(86_399.9999999) == UTCTime(hour: 0, minute: 0, second: 0, nanosecond: 0))
    #expect(CivilTime.date(86_399.9999999) == NMEADate(year: 1970, month: 1, day: 2))
  }

  @Test("a simulated drive at 10 Hz is read through the pty")
  func driveOnPty() throws {
    var options = Self.options(rate: 10, duration: 3600)
    options.startTime = nil
    let simulator = VirtualReceiver(script: .drive(options))
    try simulator.start()
    defer { simulator.stop() }
    let recorder = EventRecorder()
    let receiver = Receiver(
      source: .device(path: simulator.devicePath, baud: .fixed(115200)), options: testOptions())
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    #expect(recorder.wait { validSentences($0.bytes) >= 50 })
  }
}
