import Testing

@testable import NMEA

/// Placeholder so the target builds; the fault work replaces it.
@Test func faultTargetBuilds() {
  #expect(NMEADecoder().counters.framing.bytes == 0)
}
