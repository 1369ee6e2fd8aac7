extension NMEADate {
  /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's
  /// `days_from_civil`: exact integer arithmetic, no Foundation calendar, no allocation).
  /// The date's fields are taken as they are: check them first (the decoder does).
  @inlinable
  public var daysSince1970: Int {
    let month = Int(self.month)
    let y = Int(year) - (month <= 2 ? 1 : 0)
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + Int(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `days` after 1970-01-01 (Hinnant's `civil_from_days`).
  @inlinable
  public init(daysSince1970 days: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    self.init(year: Int16(truncatingIfNeeded: year), month: UInt8(month), day: UInt8(day))
  }

  /// The number of days in `month` (1–12) of `year`, Gregorian.
  public static func days(inMonth month: UInt8, of year: Int16) -> UInt8 {
    daysInMonth(month, year)
  }
}
