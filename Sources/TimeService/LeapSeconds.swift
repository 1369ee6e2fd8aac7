/// The leap seconds a receiver states, from the few NMEA sentences that carry them: u-blox's
/// `$PUBX,04` (field 6, "18", or "18D" while the receiver still uses its firmware's default
/// rather than the almanac's) and Garmin's `$PGRMF` (field 5). Standard NMEA sentences have
/// none, and none of these announces a coming leap second.
package struct LeapSeconds: Sendable, Hashable {
  /// GPS time minus UTC, seconds (18 since 2017).
  package var gpsMinusUTC: Int
  /// Whether the receiver took it from the satellites' almanac (false: its firmware's default,
  /// which may be out of date).
  package var fromAlmanac: Bool
  /// The sentence it came from (`PUBX,04`, `PGRMF`).
  package var sentence: String

  /// Makes a statement.
  package init(gpsMinusUTC: Int, fromAlmanac: Bool, sentence: String) {
    self.gpsMinusUTC = gpsMinusUTC
    self.fromAlmanac = fromAlmanac
    self.sentence = sentence
  }

  /// The leap seconds `line` states (a sentence from `$` to its checksum, the checksum
  /// already checked), or nil.
  package init?(line: some Collection<UInt8>) {
    let fields = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
    guard let first = fields.first else { return nil }
    let address = String(decoding: first, as: UTF8.self)
    let field: ArraySlice<UInt8>
    let sentence: String
    if address == "$PUBX", fields.count > 6, Array(fields[1]) == Array("04".utf8) {
      field = ArraySlice(fields[6])
      sentence = "PUBX,04"
    } else if address == "$PGRMF", fields.count > 5 {
      field = ArraySlice(fields[5])
      sentence = "PGRMF"
    } else {
      return nil
    }
    var digits = field.prefix { $0 != UInt8(ascii: "*") }
    var fromAlmanac = true
    if digits.last == UInt8(ascii: "D") {
      fromAlmanac = false
      digits = digits.dropLast()
    }
    guard !digits.isEmpty, digits.count <= 3,
      digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    let value = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    // 0 is a receiver that does not know yet; more than a century's worth is not a count.
    guard value > 0, value < 100 else { return nil }
    self.init(gpsMinusUTC: value, fromAlmanac: fromAlmanac, sentence: sentence)
  }
}
