// Reads one coordinate at a time from text: decimal degrees (signed, or with a hemisphere letter
// before or after), or degrees-minutes(-seconds) marked with ° ′ ″, ' ", d m s, or written with
// colons (48:07:02.28). With `spaced`, plain spaces may also separate them (48 07 02.28 N).

/// A hemisphere letter.
enum Hemisphere: Sendable {
  case north, south, east, west

  /// The letter as written in output.
  var letter: String {
    switch self {
    case .north: "N"
    case .south: "S"
    case .east: "E"
    case .west: "W"
    }
  }

  /// Whether the letter belongs to a latitude.
  var isLatitude: Bool { self == .north || self == .south }
}

/// One coordinate as written: its value with the sign or hemisphere applied.
struct ParsedCoordinate {
  var value: Double
  var hemisphere: Hemisphere?
}

/// A scanner over the text of one or two coordinates.
struct CoordinateParser {
  /// The whole input, quoted in errors.
  let input: String
  private let scalars: [Unicode.Scalar]
  private var position = 0

  /// Starts at the beginning of `input`.
  init(_ input: String) {
    self.input = input
    scalars = Array(input.unicodeScalars)
  }

  /// The error for this input.
  func error(_ reason: String) -> GeodesyError { GeodesyError(input: input, reason: reason) }

  /// Whether only white space is left.
  mutating func atEnd() -> Bool {
    skipSpace()
    return position == scalars.count
  }

  /// Consumes a comma if one is next (after white space).
  mutating func comma() -> Bool {
    skipSpace()
    guard position < scalars.count, scalars[position] == "," else { return false }
    position += 1
    return true
  }

  /// Whether what follows (after white space) can begin a coordinate: a digit, a point, a sign
  /// or a hemisphere letter.
  mutating func startsCoordinate() -> Bool {
    skipSpace()
    guard let c = peek() else { return false }
    return Self.isDigit(c) || c == "." || Self.isSign(c) || "NSEWnsew".unicodeScalars.contains(c)
  }

  /// Fails unless only white space is left.
  mutating func expectEnd() throws(GeodesyError) {
    guard atEnd() else { throw unexpected() }
  }

  /// The "unexpected character" error at the current position.
  func unexpected() -> GeodesyError {
    guard position < scalars.count else { return error("ends too early") }
    return error("unexpected \"\(Character(scalars[position]))\" at column \(position + 1)")
  }

  /// Reads one coordinate. `spaced` lets plain spaces separate degrees, minutes and seconds.
  mutating func coordinate(spaced: Bool) throws(GeodesyError) -> ParsedCoordinate {
    skipSpace()
    var hemisphere = takeHemisphere()
    if hemisphere != nil { skipSpace() }
    var negative = false
    var signed = false
    if let sign = peek(), Self.isSign(sign) {
      if let hemisphere {
        throw error("has both a hemisphere letter (\(hemisphere.letter)) and a sign")
      }
      negative = sign != "+"
      signed = true
      position += 1
    }
    let degrees = try number()
    var value = try minutesAndSeconds(after: degrees, spaced: spaced)
    if hemisphere == nil {
      let save = position
      skipSpace()
      if let suffix = takeHemisphere() {
        if signed { throw error("has both a sign and a hemisphere letter (\(suffix.letter))") }
        hemisphere = suffix
      } else {
        position = save
      }
    }
    if negative || hemisphere == .south || hemisphere == .west { value = -value }
    return ParsedCoordinate(value: value + 0, hemisphere: hemisphere)
  }

  /// Minutes and seconds after the degrees, if any, added to them.
  private mutating func minutesAndSeconds(after degrees: Double, spaced: Bool)
    throws(GeodesyError) -> Double
  {
    let save = position
    skipSpace()
    guard let next = peek() else { return degrees }
    if next == ":" {
      position += 1
      skipSpace()
      let minutes = try component(minutes: true, of: degrees)
      skipSpace()
      guard peek() == ":" else { return degrees + minutes / 60 }
      position += 1
      skipSpace()
      return degrees + minutes / 60 + (try component(minutes: false, of: minutes)) / 3600
    }
    let marked = Self.isDegreeMark(next)
    if marked {
      position += 1
    } else if !(spaced && position > save && startsComponent()) {
      position = save
      return degrees
    }
    let afterDegrees = position
    skipSpace()
    guard startsComponent() else {
      position = afterDegrees
      return degrees
    }
    let minutes = try component(minutes: true, of: degrees)
    let afterMinutes = position
    skipSpace()
    if let mark = peek(), Self.isMinuteMark(mark) {
      position += 1
    } else if !(spaced && position > afterMinutes) {
      position = afterMinutes
      return degrees + minutes / 60
    }
    let beforeSeconds = position
    skipSpace()
    guard startsComponent() else {
      position = beforeSeconds
      return degrees + minutes / 60
    }
    let seconds = try component(minutes: false, of: minutes)
    let afterSeconds = position
    skipSpace()
    if peek() == "'" && peek(1) == "'" {
      position += 2
    } else if let mark = peek(), Self.isSecondMark(mark) {
      position += 1
    } else {
      position = afterSeconds
    }
    return degrees + minutes / 60 + seconds / 3600
  }

  /// Minutes (or seconds) after a whole `larger` unit: below 60.
  private mutating func component(minutes: Bool, of larger: Double) throws(GeodesyError)
    -> Double
  {
    let name = minutes ? "minutes" : "seconds"
    let largerName = minutes ? "degrees" : "minutes"
    guard larger == larger.rounded(.towardZero) else {
      throw error("\(largerName) \(Self.describe(larger)) must be whole when \(name) follow")
    }
    let value = try number()
    guard value < 60 else { throw error("\(name) \(Self.describe(value)) must be below 60") }
    return value
  }

  /// Whether an unsigned number starts here that is a minutes or seconds field: not the
  /// degrees of the next coordinate (a number followed by a degree mark or a colon).
  private func startsComponent() -> Bool {
    var i = position
    while i < scalars.count, Self.isDigit(scalars[i]) || scalars[i] == "." { i += 1 }
    guard i > position else { return false }
    while i < scalars.count, Self.isSpace(scalars[i]) { i += 1 }
    return i == scalars.count || !(Self.isDegreeMark(scalars[i]) || scalars[i] == ":")
  }

  /// An unsigned decimal number: digits with at most one point.
  private mutating func number() throws(GeodesyError) -> Double {
    let start = position
    var digits = 0
    var points = 0
    while let c = peek(), Self.isDigit(c) || (c == "." && points == 0) {
      if c == "." { points += 1 } else { digits += 1 }
      position += 1
    }
    guard digits > 0 else {
      position = start
      guard let c = peek() else {
        throw error("expected a number at column \(start + 1), found the end")
      }
      throw error("expected a number at column \(start + 1), found \"\(Character(c))\"")
    }
    if peek() == "." { throw unexpected() }
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars[start..<position])
    guard let value = Double(text) else { throw error("\"\(text)\" is not a number") }
    return value
  }

  /// A hemisphere letter here, consumed.
  private mutating func takeHemisphere() -> Hemisphere? {
    let hemisphere: Hemisphere?
    switch peek() {
    case "N", "n": hemisphere = .north
    case "S", "s": hemisphere = .south
    case "E", "e": hemisphere = .east
    case "W", "w": hemisphere = .west
    default: hemisphere = nil
    }
    if hemisphere != nil { position += 1 }
    return hemisphere
  }

  private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    position + offset < scalars.count ? scalars[position + offset] : nil
  }

  private mutating func skipSpace() {
    while let c = peek(), Self.isSpace(c) { position += 1 }
  }

  static func isSpace(_ c: Unicode.Scalar) -> Bool {
    c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{A0}"
  }
  static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }
  static func isSign(_ c: Unicode.Scalar) -> Bool { c == "+" || c == "-" || c == "\u{2212}" }
  static func isDegreeMark(_ c: Unicode.Scalar) -> Bool {
    c == "°" || c == "º" || c == "˚" || c == "d"
  }
  static func isMinuteMark(_ c: Unicode.Scalar) -> Bool {
    c == "′" || c == "'" || c == "’" || c == "m"
  }
  static func isSecondMark(_ c: Unicode.Scalar) -> Bool {
    c == "″" || c == "\"" || c == "”" || c == "s"
  }

  /// A number for a message: whole numbers without a fraction.
  static func describe(_ x: Double) -> String {
    if x == x.rounded() && abs(x) < 1e15 { return String(Int64(x)) }
    return String(x)
  }
}
