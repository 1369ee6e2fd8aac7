// The seeded random numbers of the tests and benchmarks: the simulator's generator, so that one
// seed means the same data everywhere.
import VirtualReceiver

/// A reproducible random number generator: the same seed gives the same sequence on every run
/// and machine (SplitMix64, the simulator's own).
public typealias SeededRandom = SplitMix64
