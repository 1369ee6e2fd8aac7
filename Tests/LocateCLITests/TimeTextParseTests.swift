import Foundation
import Testing

@testable import LocateCLI

/// `simulate --start-time`: ISO 8601 times read without Foundation's formatters.
@Suite struct TimeTextParseTests {
  @Test(
    "times, fractions and offsets",
    arguments: [
      ("2024-05-01T12:00:00Z", 1_714_564_800.0), ("2024-05-01T12:00:00.25Z", 1_714_564_800.25),
      ("2024-05-01T14:00:00+02:00", 1_714_564_800.0), ("2024-05-01T06:30:00-0530", 1_714_564_800.0),
      ("1999-12-31T23:59:59Z", 946_684_799.0), ("2024-02-29T00:00:00Z", 1_709_164_800.0),
    ])
  func parses(text: String, seconds: Double) {
    #expect(TimeText.parse(text)?.timeIntervalSince1970 == seconds)
  }

  @Test(
    "not a time: nil",
    arguments: [
      "yesterday", "", "2024-05-01", "2024-05-01T12:00:00", "2024-05-01 12:00:00Z",
      "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-05-01T24:00:00Z",
      "2024-05-01T12:00:00.Z", "2024-05-01T12:00:00Zjunk", "24-05-01T12:00:00Z",
      "2024-05-01T12:00:00+2",
    ])
  func rejects(text: String) {
    #expect(TimeText.parse(text) == nil)
  }
}
