import LocationEngine

/// Short names of satellites and signals for the screen.
enum SatelliteName {
  /// `G12`, `R7`, `E30`, `C23`, `J2`, `S133`, `I4`, `M1` (IMES): the constellation's letter
  /// (RINEX's) and the satellite's number within it.
  static func short(_ satellite: GNSSSatellite) -> String {
    letter(satellite.system) + String(satellite.svid)
  }

  /// RINEX's letter for a constellation.
  static func letter(_ system: GNSSSystem) -> String {
    switch system {
    case .gps: return "G"
    case .sbas: return "S"
    case .galileo: return "E"
    case .beidou: return "C"
    case .imes: return "M"
    case .qzss: return "J"
    case .glonass: return "R"
    case .navic: return "I"
    }
  }

  /// The constellations in the order the table lists them.
  static let order: [GNSSSystem] = [.gps, .glonass, .galileo, .beidou, .qzss, .sbas, .navic, .imes]

  /// The signal an NMEA 4.11 signal ID names for `system` (NMEA 0183 4.11, table of GSV's
  /// signal IDs), in at most three cells: `L1` (GPS L1 C/A), `L5Q`, `G1` (GLONASS G1 C/A),
  /// `E1` (Galileo E1 B/C), `E5a`, `B1I`…; empty without an ID, the number for an unknown one.
  static func signal(_ system: GNSSSystem, _ id: Int?) -> String {
    guard let id else { return "" }
    let names: [String]
    switch system {
    case .gps: names = ["L1", "L1P", "L1M", "L2P", "L2M", "L2L", "L5I", "L5Q"]
    case .qzss: names = ["L1", "L1D", "L1P", "LIS", "L2M", "L2L", "L5I", "L5Q", "L6D", "L6E"]
    case .glonass: names = ["G1", "G1P", "G2", "G2P"]
    case .galileo: names = ["E5a", "E5b", "E5", "E6A", "E6B", "E1A", "E1"]
    case .beidou:
      names = ["B1I", "B1Q", "B1C", "B1A", "B2a", "B2b", "B2", "B3I", "B3Q", "B3A", "B2I", "B2Q"]
    case .navic: names = ["L5", "S", "L1"]
    case .sbas: names = ["L1", "L5"]
    case .imes: names = []
    }
    return (1...names.count).contains(id) ? names[id - 1] : String(id)
  }
}
