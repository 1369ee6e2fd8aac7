import Testing

@testable import NMEA

@Suite struct CivilDaysTests {
  @Test(arguments: [
    (NMEADate(year: 1970, month: 1, day: 1), 0),
    (NMEADate(year: 1969, month: 12, day: 31), -1),
    (NMEADate(year: 1980, month: 1, day: 6), 3_657),
    (NMEADate(year: 2000, month: 2, day: 29), 11_016),
    (NMEADate(year: 2000, month: 3, day: 1), 11_017),
    (NMEADate(year: 2019, month: 4, day: 7), 17_993),
    (NMEADate(year: 2100, month: 3, day: 1), 47_541),
  ])
  func knownDays(_ date: NMEADate, _ days: Int) {
    #expect(date.daysSince1970 == days)
    #expect(NMEADate(daysSince1970: days) == date)
  }

  @Test func roundTripsEveryDayFrom1900To2200() {
    let first = NMEADate(year: 1900, month: 1, day: 1).daysSince1970
    let last = NMEADate(year: 2200, month: 12, day: 31).daysSince1970
    var previous: NMEADate?
    for days in first...last {
      let date = NMEADate(daysSince1970: days)
      #expect(date.daysSince1970 == days)
      if let previous { #expect(previous < date) }
      previous = date
    }
    #expect(last - first + 1 == 301 * 365 + 73)  // 73 leap days: 1904…2196, not 1900 or 2100
  }
}
