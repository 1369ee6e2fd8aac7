import Testing

@testable import NMEA

@Test func placeholderBuilds() {
  #expect(Bool(true))
}
