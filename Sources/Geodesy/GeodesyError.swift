/// The one error type of the Geodesy module: input that is not a coordinate.
public struct GeodesyError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The text that was refused, quoted in the message.
  public var input: String
  /// Why (`latitude 91 is beyond ±90°`).
  public var reason: String

  /// Makes an error.
  public init(input: String, reason: String) {
    self.input = input
    self.reason = reason
  }

  /// `"91,0": latitude 91 is beyond ±90°`.
  public var description: String { "\"\(input)\": \(reason)" }
}
