// Owned by the NMEA work: decode throughput and the seeded corpus generator.

/// `LocateBench decode FILE`: decodes FILE, prints sentences/s and MB/s.
func decodeBench(_ arguments: [String]) -> Int32 { 64 }

/// `LocateBench corpus --seed N --target-mb M --out FILE`: writes a seeded multi-GNSS corpus.
func corpusBench(_ arguments: [String]) -> Int32 { 64 }
