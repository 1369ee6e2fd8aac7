import JSON
import Testing

/// The one ISO 8601 writer: gpsd's `2024-05-01T12:00:00.000Z`, for the formats and for
/// `locate serve`, in the C library's spelling for every year.
@Suite struct ISO8601Tests {
  @Test(
    arguments: [
      (0, "1970-01-01T00:00:00.000Z"), (-1, "1969-12-31T23:59:59.999Z"),
      (1_709_210_096_789, "2024-02-29T12:34:56.789Z"),
      (951_868_799_999, "2000-02-29T23:59:59.999Z"),
      (-2_203_891_200_000, "1900-03-01T00:00:00.000Z"),
      (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
      (253_402_300_800_000, "10000-01-01T00:00:00.000Z"),
      (-62_167_219_200_000, "0000-01-01T00:00:00.000Z"),
      (-62_167_219_200_001, "-001-12-31T23:59:59.999Z"),
      (-62_319_884_276_996, "-005-03-01T01:02:03.004Z"),
      (-62_288_352_000_000, "-004-02-29T00:00:00.000Z"),
      (-451_724_140_249_989, "-12345-06-07T08:09:10.011Z"),
      (Int64.max, "292278994-08-17T07:12:55.807Z"), (Int64.min, "-292275055-05-16T16:47:04.192Z"),
    ] as [(Int64, String)])
  func milliseconds(milliseconds: Int64, text: String) {
    #expect(TextBytes.iso8601(millisecondsSince1970: milliseconds) == text)
  }

  @Test(
    arguments: [
      // Rounded to whole milliseconds half to even, on the product seconds × 1000.
      (0.0, "1970-01-01T00:00:00.000Z"), (0.0005, "1970-01-01T00:00:00.000Z"),
      (-0.0005, "1970-01-01T00:00:00.000Z"), (1.0015, "1970-01-01T00:00:01.002Z"),
      (1.0025, "1970-01-01T00:00:01.002Z"), (12.3455, "1970-01-01T00:00:12.346Z"),
      (-1.5, "1969-12-31T23:59:58.500Z"), (253_402_300_799.9995, "10000-01-01T00:00:00.000Z"),
      (1_714_564_799.9996, "2024-05-01T12:00:00.000Z"),
      (4_102_444_800.001, "2100-01-01T00:00:00.001Z"),
      (1e14, "invalid"), (-1e14, "invalid"), (.infinity, "invalid"), (.nan, "invalid"),
    ] as [(Double, String)])
  func seconds(seconds: Double, text: String) {
    #expect(TextBytes.iso8601(secondsSince1970: seconds) == text)
  }

  @Test func roundedMilliseconds() {
    #expect(TextBytes.milliseconds(secondsSince1970: 1.2345) == 1234)
    #expect(TextBytes.milliseconds(secondsSince1970: 1.0015) == 1002)
    #expect(TextBytes.milliseconds(secondsSince1970: -0.0015) == -2)
    #expect(TextBytes.milliseconds(secondsSince1970: 1e13) == 10_000_000_000_000_000)
    #expect(TextBytes.milliseconds(secondsSince1970: 1e14) == nil)
  }
}
