// The corpus generator's random numbers: seeded, the same on every run and machine.
import Foundation

/// xoshiro256** seeded through SplitMix64: deterministic for a seed.
struct CorpusRandom {
  var state: (UInt64, UInt64, UInt64, UInt64)

  /// Seeds the four state words from `seed`.
  init(seed: UInt64) {
    var mix = seed
    func next() -> UInt64 {
      mix &+= 0x9E37_79B9_7F4A_7C15
      var z = mix
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    state = (next(), next(), next(), next())
  }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    let result = rotate(state.1 &* 5, 7) &* 9
    let shifted = state.1 << 17
    state.2 ^= state.0
    state.3 ^= state.1
    state.1 ^= state.2
    state.0 ^= state.3
    state.2 ^= shifted
    state.3 = rotate(state.3, 45)
    return result
  }

  func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
    (value << count) | (value >> (64 - count))
  }

  /// Uniform in [0, 1).
  mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// Uniform in [low, high).
  mutating func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }

  /// Uniform integer in low...high.
  mutating func integer(_ low: Int, _ high: Int) -> Int {
    low + Int(next() % UInt64(high - low + 1))
  }

  /// Normal with mean `mean` and deviation `sigma` (Box–Muller).
  mutating func gauss(_ mean: Double, _ sigma: Double) -> Double {
    let u1 = max(unit(), 0x1p-60)
    let u2 = unit()
    return mean + sigma * (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
  }

  /// A random element.
  mutating func pick<T>(_ items: [T]) -> T { items[integer(0, items.count - 1)] }

  /// Shuffles in place (Fisher–Yates).
  mutating func shuffle<T>(_ items: inout [T]) {
    guard items.count > 1 else { return }
    for index in stride(from: items.count - 1, to: 0, by: -1) {
      items.swapAt(index, integer(0, index))
    }
  }
}
