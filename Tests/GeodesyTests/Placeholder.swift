import Testing

@testable import Geodesy

@Test func placeholderBuilds() {
  #expect(Bool(true))
}
