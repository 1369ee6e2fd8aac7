// Owned by the geodesy work: inverse pairs/s and nearest-K timings.

/// `LocateBench geodesy PAIRS`: inverse geodesics over a pairs file, pairs/s.
func geodesyBench(_ arguments: [String]) -> Int32 { 64 }

/// `LocateBench nearest …`: nearest-K among many points against brute force.
func nearestBench(_ arguments: [String]) -> Int32 { 64 }
