// Writes one sentence as bytes: fields with NMEA's number formats, then `*hh\r\n`.

/// Appends one sentence to a byte array, field by field, and closes it with its checksum.
///
/// Every field method writes the separating comma first. Absent values (`nil`) and values
/// that cannot be written (not finite, or too large for the format) leave the field empty.
struct SentenceWriter {
  /// The bytes written so far (the caller's earlier bytes included).
  var output: [UInt8]
  /// Where this sentence's `$` is.
  let start: Int

  /// Starts `$` + talker + the three-letter `type` at the end of `output`, taking the array
  /// over (so appending does not copy it); ``finish()`` hands it back.
  init(taking output: inout [UInt8], talker: Talker, type: StaticString) {
    self.output = output
    output = []
    start = self.output.count
    self.output.append(UInt8(ascii: "$"))
    self.output.append(UInt8(truncatingIfNeeded: talker.rawValue >> 8))
    self.output.append(UInt8(truncatingIfNeeded: talker.rawValue))
    let letters = UnsafeRawBufferPointer(start: type.utf8Start, count: type.utf8CodeUnitCount)
    self.output.append(contentsOf: letters)
  }

  /// Appends `*hh\r\n` (the XOR of everything after `$`) and hands the bytes back.
  consuming func finish() -> [UInt8] {
    var sum: UInt8 = 0
    for index in (start + 1)..<output.count { sum ^= output[index] }
    output.append(UInt8(ascii: "*"))
    output.append(hexDigits[Int(sum >> 4)])
    output.append(hexDigits[Int(sum & 0x0F)])
    output.append(0x0D)
    output.append(0x0A)
    return output
  }

  /// A field of raw bytes, with the characters NMEA reserves (`$ ! * ,`, line ends,
  /// non-printable bytes) replaced by `?` so the sentence stays well formed… except commas
  /// when `allowCommas` (TXT's text may hold several values).
  mutating func text(_ bytes: some Sequence<UInt8>, allowCommas: Bool = false) {
    output.append(UInt8(ascii: ","))
    for byte in bytes {
      let reserved =
        byte < 0x20 || byte > 0x7E || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "!")
        || byte == UInt8(ascii: "*") || (byte == UInt8(ascii: ",") && !allowCommas)
      output.append(reserved ? UInt8(ascii: "?") : byte)
    }
  }

  /// An empty field.
  mutating func empty() { output.append(UInt8(ascii: ",")) }

  /// A one-letter field.
  mutating func letter(_ letter: UInt8?) {
    output.append(UInt8(ascii: ","))
    if let letter { output.append(letter) }
  }

  /// A one-digit hexadecimal field (NMEA 4.11 system and signal IDs).
  mutating func hexDigit(_ value: UInt8?) {
    output.append(UInt8(ascii: ","))
    if let value { output.append(hexDigits[Int(value & 0x0F)]) }
  }

  /// An integer, zero-padded to `width` digits, `-` first when negative.
  mutating func integer(_ value: Int?, width: Int = 1) {
    output.append(UInt8(ascii: ","))
    guard let value else { return }
    if value < 0 { output.append(UInt8(ascii: "-")) }
    appendDigits(UInt64(value.magnitude), width: width)
  }

  /// A decimal number with exactly `decimals` digits after the point (rounded, halves away
  /// from zero).
  mutating func decimal(_ value: Double?, decimals: Int) {
    output.append(UInt8(ascii: ","))
    guard let value else { return }
    appendDecimal(value, decimals: decimals, integerWidth: 1)
  }

  /// A UTC time `hhmmss.ss` with `decimals` digits of the second (truncated).
  mutating func time(_ time: UTCTime?, decimals: Int) {
    output.append(UInt8(ascii: ","))
    guard let time else { return }
    appendDigits(UInt64(time.hour), width: 2)
    appendDigits(UInt64(time.minute), width: 2)
    appendDigits(UInt64(time.second), width: 2)
    let places = min(max(decimals, 0), 9)
    if places > 0 {
      output.append(UInt8(ascii: "."))
      let fraction = UInt64(time.nanosecond) / integerPowersOfTen[9 - places]
      appendDigits(fraction, width: places)
    }
  }

  /// An RMC date `ddmmyy`.
  mutating func date(_ date: NMEADate?) {
    output.append(UInt8(ascii: ","))
    guard let date else { return }
    appendDigits(UInt64(date.day), width: 2)
    appendDigits(UInt64(date.month), width: 2)
    appendDigits(UInt64((Int(date.year) % 100 + 100) % 100), width: 2)
  }

  /// A coordinate as two fields, `dddmm.mmmm` and its hemisphere letter: `degreeDigits` 2 for
  /// latitude, 3 for longitude; minutes with `decimals` places, rounded (carrying into the
  /// degrees).
  mutating func coordinate(
    _ value: Double?, degreeDigits: Int, decimals: Int, positive: UInt8, negative: UInt8
  ) {
    output.append(UInt8(ascii: ","))
    let places = min(max(decimals, 0), 12)
    guard let value, value.isFinite, value.magnitude <= 180 else {
      output.append(UInt8(ascii: ","))
      return
    }
    let scale = integerPowersOfTen[places]
    let total = UInt64((value.magnitude * 60 * Double(scale)).rounded())
    let degrees = total / (60 * scale)
    let minutes = total % (60 * scale)
    appendDigits(degrees, width: degreeDigits)
    appendDigits(minutes / scale, width: 2)
    if places > 0 {
      output.append(UInt8(ascii: "."))
      appendDigits(minutes % scale, width: places)
    }
    output.append(UInt8(ascii: ","))
    output.append(value < 0 && total != 0 ? negative : positive)
  }

  /// Writes `value` with `decimals` places and at least `integerWidth` integer digits.
  mutating func appendDecimal(_ value: Double, decimals: Int, integerWidth: Int) {
    let places = min(max(decimals, 0), 12)
    let scale = integerPowersOfTen[places]
    let scaled = (value.magnitude * Double(scale)).rounded(.toNearestOrAwayFromZero)
    guard scaled.isFinite, scaled < 1e18 else { return }
    let units = UInt64(scaled)
    if value < 0 && units != 0 { output.append(UInt8(ascii: "-")) }
    appendDigits(units / scale, width: integerWidth)
    if places > 0 {
      output.append(UInt8(ascii: "."))
      appendDigits(units % scale, width: places)
    }
  }

  /// Writes the decimal digits of `value`, zero-padded to `width`.
  mutating func appendDigits(_ value: UInt64, width: Int) {
    var count = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      count += 1
    }
    if width > count {
      output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - count))
    }
    var divisor = integerPowersOfTen[count - 1]
    while divisor > 0 {
      output.append(UInt8(ascii: "0") &+ UInt8(value / divisor % 10))
      divisor /= 10
    }
  }
}

/// Upper-case hexadecimal digits.
let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
