import Testing

@testable import Receivers

@Test func placeholderBuilds() {
  #expect(Bool(true))
}
