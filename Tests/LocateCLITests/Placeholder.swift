import Testing

@testable import LocateCLI

@Test func placeholderBuilds() {
  #expect(Bool(true))
}
