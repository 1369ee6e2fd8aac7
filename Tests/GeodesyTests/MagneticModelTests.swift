import Foundation
import TestSupport
import Testing

@testable import Geodesy

/// The World Magnetic Model 2025 against its reference implementation, PyPI's `pygeomag`
/// (`make deps` installs it; `Tests/Tools/wmm_reference.py` runs it).
@Suite("WMM2025 magnetic declination")
struct MagneticModelTests {
  /// 10,000 points spread evenly over the sphere, heights 0–10 km, dates over the model's
  /// life, from a fixed seed.
  static func samples() -> [(latitude: Double, longitude: Double, height: Double, year: Double)] {
    var random = SeededRandom(seed: 2025)
    return (0..<10_000).map { _ in
      (
        asin(random.uniform(-1...1)) * 180 / .pi, random.uniform(-180...180),
        random.uniform(0...10_000), random.uniform(2025...2030)
      )
    }
  }

  /// pygeomag's declination at each sample.
  static func reference(
    _ samples: [(latitude: Double, longitude: Double, height: Double, year: Double)]
  ) throws -> [Double] {
    let lines = samples.map {
      String(format: "%.9f %.9f %.3f %.9f", $0.latitude, $0.longitude, $0.height, $0.year)
    }
    return try GeodSolve.withFiles(lines) { input, output in
      let script = Paths.root + "/Tests/Tools/wmm_reference.py"
      let child = try ChildProcess(
        "/bin/sh", ["-c", "exec python3 \"$0\" \"$1\" \"$2\"", script, input.path, output.path],
        environment: ProcessInfo.processInfo.environment, stdin: nil, stdout: 2, stderr: 2)
      let status = child.wait(timeout: 300)
      guard status == 0 else {
        throw GeodSolve.Failure(
          description: "wmm_reference.py: status \(status.map(String.init) ?? "running") "
            + "(is pygeomag installed? make deps)")
      }
      return try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
        .compactMap { Double(String($0)) }
    }
  }

  @Test("10,000 random points and dates against pygeomag: within 0.1° (in fact 1e-6°)")
  func againstReference() throws {
    let samples = Self.samples()
    let reference = try Self.reference(samples)
    try #require(reference.count == samples.count)
    var worst = 0.0
    for (sample, expected) in zip(samples, reference) {
      let ours = try #require(
        MagneticModel.declination(
          latitude: sample.latitude, longitude: sample.longitude, height: sample.height,
          year: sample.year))
      worst = max(worst, angleDifference(ours, expected))
    }
    print("WMM2025 against pygeomag at 10,000 points and dates: worst \(worst)°")
    #expect(worst <= 0.1)
    #expect(worst < 1e-6)
  }

  @Test("the Space Needle in spring 2025: pygeomag's own example, 15.0656296°")
  func knownValue() throws {
    let value = try #require(
      MagneticModel.declination(latitude: 47.6205, longitude: -122.3493, year: 2025.25))
    #expect(abs(value - 15.065_629_638_512_593) < 1e-6)
  }

  @Test("a date outside the model's life is taken at its nearer end")
  func clampedDates() {
    let munich = (latitude: 48.1173, longitude: 11.5167)
    func at(_ year: Double) -> Double? {
      MagneticModel.declination(latitude: munich.latitude, longitude: munich.longitude, year: year)
    }
    #expect(at(2020) == at(2025))
    #expect(at(2041.5) == at(2030))
    #expect(at(2027) != at(2025))
    #expect(MagneticModel.validFrom == 2025 && MagneticModel.validUntil == 2030)
    #expect(MagneticModel.name == "WMM-2025")
  }

  @Test("no declination for a coordinate that is not one")
  func invalid() {
    #expect(MagneticModel.declination(latitude: .nan, longitude: 0, year: 2026) == nil)
    #expect(MagneticModel.declination(latitude: 91, longitude: 0, year: 2026) == nil)
    #expect(MagneticModel.declination(latitude: 0, longitude: .infinity, year: 2026) == nil)
    #expect(MagneticModel.declination(latitude: 90, longitude: 0, year: 2026)?.isFinite == true)
  }

  @Test(
    "decimal years",
    arguments: [
      (1_751_457_600.0, 2025.5),  // 2025-07-02T12:00:00Z: 182.5 of 365 days
      (1_830_297_600.0, 2028.0),  // 2028-01-01T00:00:00Z
      (1_846_108_800.0, 2028.5),  // 2028-07-02T00:00:00Z: 183 of 366 days
      (0.0, 1970.0),
    ])
  func decimalYears(seconds: Double, year: Double) {
    #expect(abs(MagneticModel.decimalYear(secondsSince1970: seconds) - year) < 1e-12)
  }
}
