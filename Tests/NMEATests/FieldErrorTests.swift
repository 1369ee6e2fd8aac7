import Testing

@testable import NMEA

/// Impossible values: each is an error naming the sentence, the field number and name, and why.
@Suite struct FieldErrorTests {
  static let cases: [(String, String, NMEAError.Code)] = [
    (
      // mtk-3301.log: 89°60' at power-up.
      "$GPRMC,235946.005,V,8960.000000,N,00000.000000,E,0.000,0.00,050180,,,N*47",
      "GPRMC field 3 (latitude): \"8960.000000\" is out of range: minutes must be below 60",
      .outOfRange
    ),
    (
      // tn200.log: 360°.
      "$GPRMC,000416.984,V,36000.0000,N,72000.0000,E,0.000000,,260120,,*3B",
      "GPRMC field 3 (latitude): \"36000.0000\" is out of range: over 90 degrees", .outOfRange
    ),
    (
      withChecksum("GPGGA,123519,4807.038,N,18100.000,E,1,08,0.9,545.4,M,46.9,M,,"),
      "GPGGA field 4 (longitude): \"18100.000\" is out of range: over 180 degrees", .outOfRange
    ),
    (
      withChecksum("GPGGA,123519,9000.001,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
      "GPGGA field 2 (latitude): \"9000.001\" is out of range: over 90 degrees", .outOfRange
    ),
    (
      // april6_2019.log: a year of -1.
      "$GPRMC,000231.099,A,4829.0005,N,00022.0015,E,0.15,212.28,2208-1,,,A*73",
      "GPRMC field 9 (date): \"2208-1\" is not a date ddmmyy", .malformed
    ),
    (
      withChecksum("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,231394,003.1,W"),
      "GPRMC field 9 (date): \"231394\" is out of range: month must be 1 to 12", .outOfRange
    ),
    (
      withChecksum("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,300294,003.1,W"),
      "GPRMC field 9 (date): \"300294\" is out of range: no such day in that month", .outOfRange
    ),
    (
      withChecksum("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,320194,003.1,W"),
      "GPRMC field 9 (date): \"320194\" is out of range: no such day in that month", .outOfRange
    ),
    (
      withChecksum("GPRMC,253519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W"),
      "GPRMC field 1 (time): \"253519\" is out of range: hour must be below 24", .outOfRange
    ),
    (
      withChecksum("GPRMC,126019,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W"),
      "GPRMC field 1 (time): \"126019\" is out of range: minute must be below 60", .outOfRange
    ),
    (
      withChecksum("GPRMC,123561,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W"),
      "GPRMC field 1 (time): \"123561\" is out of range: second must be at most 60", .outOfRange
    ),
    (
      withChecksum("GPRMC,12:35:19,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W"),
      "GPRMC field 1 (time): \"12:35:19\" is not a time hhmmss.ss", .malformed
    ),
    (
      withChecksum("GPRMC,123519,X,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W"),
      "GPRMC field 2 (status): \"X\" is not A or V", .malformed
    ),
    (
      withChecksum("GPRMC,123519,A,4807.038,Q,01131.000,E,022.4,084.4,230394,003.1,W"),
      "GPRMC field 4 (latitude hemisphere): \"Q\" is not N or S", .malformed
    ),
    (
      withChecksum("GPRMC,123519,A,4807.038,N,01131.000,N,022.4,084.4,230394,003.1,W"),
      "GPRMC field 6 (longitude hemisphere): \"N\" is not E or W", .malformed
    ),
    (
      withChecksum("GPRMC,123519,A,4807.038,,01131.000,E,022.4,084.4,230394,003.1,W"),
      "GPRMC field 4 (latitude hemisphere): empty while the value is given", .missing
    ),
    (
      withChecksum("GPRMC,123519,A,48O7.038,N,01131.000,E,022.4,084.4,230394,003.1,W"),
      "GPRMC field 3 (latitude): \"48O7.038\" is not a number", .malformed
    ),
    (
      withChecksum("GPRMC,123519,A,-4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W"),
      "GPRMC field 3 (latitude): \"-4807.038\" is not a number", .malformed
    ),
    (
      withChecksum("GPRMC,123519,A,4807.038,N,01131.000,E,22.4.1,084.4,230394,003.1,W"),
      "GPRMC field 7 (speed over ground): \"22.4.1\" is not a number", .malformed
    ),
    (
      withChecksum("GPRMC,123519,A,4807.038,N,01131.000,E,-22.4,084.4,230394,003.1,W"),
      "GPRMC field 7 (speed over ground): \"-22.4\" is not a number", .malformed
    ),
    (
      withChecksum("GPRMC,123519,A,4807.038,N,01131.000,E,22.4,361.0,230394,003.1,W"),
      "GPRMC field 8 (course over ground): \"361.0\" is out of range: over 360.0", .outOfRange
    ),
    (
      withChecksum("GPRMC,123519,A,4807.038,N,01131.000,E,22.4,84.4,230394,003.1,X,A"),
      "GPRMC field 11 (magnetic variation direction): \"X\" is not E or W", .malformed
    ),
    (
      withChecksum("GPRMC,123519,A,4807.038,N,01131.000,E,22.4,84.4,230394,003.1,W,AA"),
      "GPRMC field 12 (mode): \"AA\" is not a single letter", .malformed
    ),
    (
      withChecksum("GPGGA,123519,4807.038,N,01131.000,E,A,08,0.9,545.4,M,46.9,M,,"),
      "GPGGA field 6 (fix quality): \"A\" is not an integer", .malformed
    ),
    (
      withChecksum("GPGGA,123519,4807.038,N,01131.000,E,12,08,0.9,545.4,M,46.9,M,,"),
      "GPGGA field 6 (fix quality): \"12\" is out of range: must be 0 to 9", .outOfRange
    ),
    (
      withChecksum("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,F,46.9,M,,"),
      "GPGGA field 10 (altitude unit): \"F\" is not M", .malformed
    ),
    (
      withChecksum("GPGSA,A,4,01,02,,,,,,,,,,,1.0,0.6,0.8"),
      "GPGSA field 2 (fix mode): \"4\" is out of range: must be 1 to 3", .outOfRange
    ),
    (
      withChecksum("GPGSA,X,3,01,02,,,,,,,,,,,1.0,0.6,0.8"),
      "GPGSA field 1 (selection mode): \"X\" is not A or M", .malformed
    ),
    (
      withChecksum("GPGSA,A,3,01,0x,,,,,,,,,,,1.0,0.6,0.8"),
      "GPGSA field 4 (satellite ID): \"0x\" is not an integer", .malformed
    ),
    (
      withChecksum("GNGSA,A,3,01,02,,,,,,,,,,,1.0,0.6,0.8,G"),
      "GNGSA field 18 (system ID): \"G\" is not a hexadecimal digit", .malformed
    ),
    (
      withChecksum("GPGSV,,1,12,28,70,351,18"),
      "GPGSV field 1 (number of sentences): empty", .missing
    ),
    (
      withChecksum("GPGSV,2,3,12,28,70,351,18"),
      "GPGSV field 2 (sentence number): \"3\" is out of range: over the number of sentences",
      .outOfRange
    ),
    (
      withChecksum("GPGSV,1,1,01,28,91,351,18"),
      "GPGSV field 5 (elevation): \"91\" is out of range: must be -90 to 90", .outOfRange
    ),
    (
      withChecksum("GPGSV,1,1,01,28,45,361,18"),
      "GPGSV field 6 (azimuth): \"361\" is out of range: must be 0 to 360", .outOfRange
    ),
    (
      withChecksum("GPGSV,1,1,01,28,45,300,100"),
      "GPGSV field 7 (SNR): \"100\" is out of range: must be 0 to 99", .outOfRange
    ),
    (
      withChecksum("GPZDA,201530.00,04,13,2003,00,00"),
      "GPZDA field 3 (month): \"13\" is out of range: must be 1 to 12", .outOfRange
    ),
    (
      withChecksum("GPZDA,201530.00,31,04,2003,00,00"),
      "GPZDA field 2 (day): \"31\" is out of range: no such day in that month", .outOfRange
    ),
    (
      withChecksum("GPZDA,201530.00,04,,2003,00,00"),
      "GPZDA field 4 (date): day, month and year must all be given or none", .missing
    ),
    (
      withChecksum("GPZDA,201530.00,04,07,2003,14,00"),
      "GPZDA field 5 (local zone hours): \"14\" is out of range: must be -13 to 13", .outOfRange
    ),
    (
      withChecksum("GPVTG,054.7,X,034.4,M,005.5,N,010.2,K"),
      "GPVTG field 2 (course true unit): \"X\" is not T", .malformed
    ),
    (
      withChecksum("GNGNS,120213.000,5957.0062,N,01100.6429,E,N1D,11,1.3,168.9,39.5,,,V"),
      "GNGNS field 6 (mode indicators): \"N1D\" is not letters", .malformed
    ),
    (
      withChecksum("GNGST,003956.00,2.1,3.0,1.0,400,2.3,3.5,4.0"),
      "GNGST field 5 (orientation): \"400\" is out of range: must be -360.0 to 360.0",
      .outOfRange
    ),
    (
      withChecksum("GNTXT,1x,01,02,hello"),
      "GNTXT field 1 (number of sentences): \"1x\" is not an integer", .malformed
    ),
    (
      withChecksum(
        "GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,1234567890123456789012345678901234567890,M,46.9,M,,"
      ),
      "GPGGA field 9 (altitude): \"1234567890123456789012345678901234567890\" is out of range: more than 38 digits",
      .outOfRange
    ),
  ]

  @Test(arguments: cases)
  func impossibleValue(_ line: String, _ message: String, _ code: NMEAError.Code) throws {
    let error = try #require(decodeError(line))
    #expect(error.description == message)
    #expect(error.code == code)
  }
}
