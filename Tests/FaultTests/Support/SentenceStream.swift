import NMEA

/// An endless, cheap stream of valid NMEA epochs — RMC, GGA, GSA and three GSVs, one epoch a
/// second of receiver time, across midnights — for memory and flood runs: a template whose
/// time, date and checksums are patched in place, so millions of sentences cost little even
/// in a debug build.
struct SentenceStream {
  /// Sentences per epoch.
  static let sentencesPerEpoch = 6
  private var template: [UInt8]
  private let rmcTime: Int
  private let rmcDate: Int
  private let ggaTime: Int
  private let rmcRange: Range<Int>
  private let ggaRange: Range<Int>
  /// Seconds since 1970 of the next epoch.
  private(set) var time: Int
  /// Epochs produced so far.
  private(set) var epochs = 0

  /// A stream from `startTime`; without `satellites`, each epoch is RMC and GGA alone (the
  /// most fixes per byte).
  init(startTime: Int = 1_750_000_000, satellites: Bool = true) {
    time = startTime
    let rmc = "$GPRMC,000000.00,A,4807.0380,N,01131.0000,E,022.4,084.4,010125,003.1,W,A*00\r\n"
    let gga = "$GPGGA,000000.00,4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,*00\r\n"
    let rest = [
      "GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1",
      "GPGSV,3,1,11,03,03,111,40,04,15,270,41,06,01,010,42,13,06,292,43",
      "GPGSV,3,2,11,14,25,170,44,16,57,208,45,20,77,119,46,22,38,035,47",
      "GPGSV,3,3,11,24,15,089,38,25,19,349,39,27,21,219,40",
    ].map(Self.sentence).joined()
    template = Array((rmc + gga + (satellites ? rest : "")).utf8)
    rmcRange = 0..<rmc.utf8.count
    ggaRange = rmc.utf8.count..<(rmc.utf8.count + gga.utf8.count)
    rmcTime = 7
    rmcDate = Self.offset(of: "010125", in: rmc)
    ggaTime = ggaRange.lowerBound + 7
  }

  /// Where `part` starts in `text` (ASCII), or 0.
  static func offset(of part: String, in text: String) -> Int {
    let bytes = Array(text.utf8)
    let wanted = Array(part.utf8)
    for start in 0...(bytes.count - wanted.count)
    where Array(bytes[start..<(start + wanted.count)]) == wanted {
      return start
    }
    return 0
  }

  /// A sentence with its checksum and CRLF, from its body.
  static func sentence(_ body: String) -> String {
    NMEAText.sentence(body)
  }

  /// Appends the next `count` epochs to `output`.
  mutating func append(_ count: Int, to output: inout [UInt8]) {
    for _ in 0..<count {
      patch()
      output += template
      time += 1
      epochs += 1
    }
  }

  private mutating func patch() {
    let second = time % 86_400
    put(second / 3600, at: rmcTime)
    put(second / 60 % 60, at: rmcTime + 2)
    put(second % 60, at: rmcTime + 4)
    for offset in 0..<6 { template[ggaTime + offset] = template[rmcTime + offset] }
    let date = NMEADate(daysSince1970: time / 86_400)
    put(Int(date.day), at: rmcDate)
    put(Int(date.month), at: rmcDate + 2)
    put(Int(date.year) % 100, at: rmcDate + 4)
    checksum(rmcRange)
    checksum(ggaRange)
  }

  private mutating func put(_ value: Int, at index: Int) {
    template[index] = UInt8(48 + value / 10)
    template[index + 1] = UInt8(48 + value % 10)
  }

  private mutating func checksum(_ range: Range<Int>) {
    var sum: UInt8 = 0
    var index = range.lowerBound + 1
    while template[index] != UInt8(ascii: "*") {
      sum ^= template[index]
      index += 1
    }
    let digits: [UInt8] = Array("0123456789ABCDEF".utf8)
    template[index + 1] = digits[Int(sum >> 4)]
    template[index + 2] = digits[Int(sum & 15)]
  }
}
