import Testing

@testable import OpenCoreLocation

@Test func placeholderBuilds() {
  #expect(Bool(true))
}
