import Foundation
import Testing

@testable import LocateFuzz
@_spi(Fuzzing) @testable import LocationCore
@testable import LocationEngine
@_spi(Fuzzing) @testable import OpenCoreLocation

/// Every input the fuzzer ever crashed on (Tests/FaultTests/FuzzRegressions, one file each,
/// named after the bug) runs through the fuzz entry again: the whole decode path, with the
/// fuzzer's checks. A crash here fails the whole test run, as it did the fuzzer.
@Suite struct FuzzRegressionTests {
  static let inputs: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: Paths.fuzzRegressions)) ?? []
    return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
  }()

  @Test("the committed crash inputs", arguments: inputs)
  func regression(name: String) throws {
    let data = try #require(
      FileManager.default.contents(atPath: Paths.fuzzRegressions + "/" + name))
    let bytes = [UInt8](data)
    bytes.withUnsafeBufferPointer { FuzzRun.check($0) }
  }

  @Test("there are regression inputs to run")
  func inputsPresent() {
    #expect(Self.inputs.contains("zda-year-2610-overflow"))
  }

  /// The input format: the header picks the options, control records become steps, the bytes
  /// between them stay whole.
  @Test("a fuzz input's header and control records")
  func scriptFormat() {
    let text = Array("$GPTXT,01,01,02,x*00\r\n".utf8)
    let input: [UInt8] = [0xFE, 0x07, 0x21, 0x14, 0x22] + text + [0xFF, 0x02, 0xFF, 0x98] + text
    input.withUnsafeBufferPointer { buffer in
      let script = FuzzScript(buffer)
      #expect(!script.options.isReplay)
      #expect(script.options.lenient)
      #expect(script.options.pausesAutomatically)
      #expect(script.options.maximumAge == 1)
      #expect(script.options.activityType == .automotiveNavigation)
      #expect(script.steps.count == 4)
      guard script.steps.count == 4 else { return }
      #expect(script.steps[0].bytes == 5..<(5 + text.count))
      #expect(script.steps[1].stateName == "unplugged")
      #expect(script.steps[2].seconds == 1.0)
      #expect(script.steps[3].bytes == (text.count + 9)..<(2 * text.count + 9))
    }
  }

  /// The checks can fail: a fix at 0,0 or off the globe, or with a NaN, is caught.
  @Test("the fuzzer's checks reject impossible fixes")
  func checksReject() {
    func fix(_ latitude: Double, _ longitude: Double) -> Fix {
      Fix(
        coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude),
        horizontalAccuracy: 0, timestamp: Date())
    }
    #expect(FuzzChecks.problem(fix(48.1, 11.5)) == nil)
    #expect(FuzzChecks.problem(fix(0, 0)) == "at 0,0")
    #expect(FuzzChecks.problem(fix(91, 11)) != nil)
    let nan = Fix(
      coordinate: CLLocationCoordinate2D(latitude: 48, longitude: 11), altitude: .nan,
      ellipsoidalAltitude: .nan, horizontalAccuracy: 5, verticalAccuracy: -1, timestamp: Date())
    #expect(FuzzChecks.problem(nan) != nil)
  }
}

extension FuzzScript.Step {
  var bytes: Range<Int>? { if case .bytes(let range) = self { range } else { nil } }
  var seconds: Double? { if case .advance(let seconds) = self { seconds } else { nil } }
  var stateName: String? {
    if case .state(.unplugged) = self { return "unplugged" }
    if case .state = self { return "state" }
    return nil
  }
}
