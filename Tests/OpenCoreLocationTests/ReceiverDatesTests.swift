import Foundation
import NMEA
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// Dates by the receiver's word, through the pipeline: a live receiver that sends no date
/// borrows the computer's only while their times of day agree; a replay's undated fixes wait
/// for the capture's first date, within a bound; a receiver that loses its time completes the
/// epoch in progress.
@Suite("Dates and epochs by the receiver's word")
struct ReceiverDatesTests {
  /// 2025-06-15T00:00:00Z.
  static let day = 1_749_945_600.0
  static let dayNumber = 20_254

  /// A live session whose computer clock reads `wall`, fed GGA-only epochs at `seconds`.
  static func live(wall: Double, seconds: [Double], firstDay: Int? = nil) -> [Fix] {
    let harness = SessionHarness(wall: Date(timeIntervalSince1970: wall), firstDay: firstDay)
    harness.startUpdates()
    harness.feed("\r\n")  // the first read after the open may be a backlog: not current
    for second in seconds {
      harness.feed(Synthetic.gga(second, 48.1, 11.5))
      harness.clock.advance(by: 0.2)  // the line goes quiet: the epoch is reported
    }
    return harness.locations
  }

  @Test("live, no date sent: the clock's date while it agrees with the receiver within 60 s")
  func liveClockAgrees() throws {
    let fixes = Self.live(wall: Self.day + 36_000.5, seconds: [36_000, 36_001])
    #expect(fixes.count == 2)
    #expect(fixes.allSatisfy { $0.gnss?.hasDate == true })
    #expect(fixes.first?.timestamp == Date(timeIntervalSince1970: Self.day + 36_000))
  }

  @Test("live, the clock 2 minutes off (or a day's tod away): undated, never the clock's date")
  func liveClockDisagrees() throws {
    for wall in [Self.day + 36_120.5, Self.day + 50_000] {
      let fixes = Self.live(wall: wall, seconds: [36_000, 36_001])
      #expect(fixes.count == 2)
      #expect(fixes.allSatisfy { $0.gnss?.hasDate == false })
      // The time of day on 1970-01-01: good for its time of day, not for a date.
      #expect(fixes.first?.timestamp == Date(timeIntervalSince1970: 36_000))
    }
  }

  @Test("live, across midnight: the receiver's 23:59:59.8 with the clock past midnight")
  func liveClockMidnight() throws {
    let before = Self.live(wall: Self.day + 86_400.3, seconds: [86_399.8])
    #expect(before.first?.timestamp == Date(timeIntervalSince1970: Self.day + 86_399.8))
    let after = Self.live(wall: Self.day + 86_399.9, seconds: [0.2])
    #expect(after.first?.timestamp == Date(timeIntervalSince1970: Self.day + 86_400.2))
  }

  @Test("live --date dates at once, from the first fix on, across midnight")
  func liveGivenDate() throws {
    let fixes = Self.live(wall: 0, seconds: [86_399, 0.5], firstDay: Self.dayNumber)
    #expect(
      fixes.map(\.timestamp) == [
        Date(timeIntervalSince1970: Self.day + 86_399),
        Date(timeIntervalSince1970: Self.day + 86_400.5),
      ])
  }

  @Test("a replay holds at most 4096 undated fixes for its first date; older ones go undated")
  func holdIsBounded() throws {
    let harness = SessionHarness(replay: true)
    harness.startUpdates()
    var text = ""
    for index in 0..<4100 { text += Synthetic.gga(1000 + Double(index), 48.1, 11.5) }
    harness.feed(text)
    #expect(harness.locations.count == 4)  // the first 4, released undated past the bound
    harness.feed(Synthetic.line("GPZDA,\(Synthetic.time(5100)),15,06,2025,00,00"))
    harness.session.deviceState(.ended)
    let fixes = harness.locations
    #expect(fixes.count == 4100)
    #expect(fixes.prefix(4).allSatisfy { $0.gnss?.hasDate == false })
    #expect(fixes.dropFirst(4).allSatisfy { $0.gnss?.hasDate == true })
    #expect(fixes[4].timestamp == Date(timeIntervalSince1970: Self.day + 1004))
  }

  @Test("a receiver that loses its time (empty time fields) completes the epoch in progress")
  func untimedSentenceCompletesTheEpoch() throws {
    let harness = SessionHarness()
    harness.startUpdates()
    harness.feed("\r\n")  // the first read after the open may be a backlog: not current
    // A receiver whose cycle ender is not learned yet: a fix, then the fix is lost.
    harness.feed(Synthetic.gga(36_000, 48.1, 11.5) + Synthetic.line("GPGGA,,,,,,0,00,,,M,,M,,"))
    #expect(harness.locations.count == 1)
    // Before issue 12 the no-fix GGA merged into the epoch and voided its fix.
    #expect(harness.locations.first?.coordinate.latitude == 48.1)
  }
}
