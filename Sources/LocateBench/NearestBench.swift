// Owned by the geodesy work: nearest-K timings against brute force.

/// `LocateBench nearest …`: nearest-K among many points against brute force.
func nearestBench(_ arguments: [String]) -> Int32 { 64 }
