/// A well-framed sentence whose contents are impossible: the one error type of this module.
///
/// Names the sentence and the field, so a user can find the byte at fault:
/// `GPRMC field 3 (latitude): minutes 61 out of range`.
public struct NMEAError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Code: Sendable, Hashable {
    /// A field that must be a number (or a time, a date, a letter) is not.
    case malformed
    /// A field is a number, but out of its range (latitude over 90°, minutes ≥ 60, month 13).
    case outOfRange
    /// A field that must be present (such as GSV's message count) is empty, or the sentence
    /// ended before it.
    case missing
    /// A well-formed sentence without its `*hh` checksum, dropped by the strict
    /// ``ChecksumPolicy`` (field 0, named `checksum`).
    case noChecksum
  }

  /// The kind of error.
  public var code: Code
  /// The sentence's address field (`GPRMC`).
  public var address: String
  /// The 1-based field number (the address is field 0).
  public var field: Int
  /// The field's name (`latitude`).
  public var fieldName: String
  /// Details (`minutes 61 out of range`).
  public var reason: String

  /// Makes an error.
  public init(code: Code, address: String, field: Int, fieldName: String, reason: String) {
    self.code = code
    self.address = address
    self.field = field
    self.fieldName = fieldName
    self.reason = reason
  }

  /// `GPRMC field 3 (latitude): minutes 61 out of range`; `GPRMC: no checksum` for
  /// ``Code/noChecksum``.
  public var description: String {
    code == .noChecksum
      ? "\(address): \(reason)" : "\(address) field \(field) (\(fieldName)): \(reason)"
  }

  /// The error for a sentence without a checksum (``Code/noChecksum``), from its line.
  public static func noChecksum(_ line: UnsafeRawBufferPointer) -> NMEAError {
    var fields = FieldCursor(UnsafeRawBufferPointer(rebasing: line[min(1, line.count)...]))
    let address = String(
      decoding: fields.next() ?? UnsafeRawBufferPointer(start: nil, count: 0), as: UTF8.self)
    return NMEAError(
      code: .noChecksum, address: address, field: 0, fieldName: "checksum",
      reason: "no checksum")
  }
}
