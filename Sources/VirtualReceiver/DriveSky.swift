import NMEA

/// The satellites a synthetic drive sees: four constellations, each with its NMEA talker and
/// system ID, satellites slowly crossing the sky, and signal strengths that follow elevation.
struct DriveSky: Sendable {
  /// One constellation.
  struct Constellation: Sendable {
    /// The GSV talker (`GP`, `GL`, `GA`, `GB`).
    var talker: Talker
    /// NMEA 4.11 system ID for GSA (1 GPS, 2 GLONASS, 3 Galileo, 4 BeiDou).
    var systemID: UInt8
    /// Its satellites.
    var satellites: [Satellite]
  }

  /// One satellite.
  struct Satellite: Sendable {
    var id: UInt16
    var elevation: Double
    var azimuth: Double
    /// Degrees of elevation per second (negative: setting).
    var drift: Double
    var snr: Double
  }

  private(set) var constellations: [Constellation]

  /// A sky drawn from `random`: 10 GPS, 7 GLONASS, 8 Galileo and 8 BeiDou satellites.
  init(random: inout SplitMix64) {
    func draw(_ count: Int, ids: ClosedRange<Int>, _ random: inout SplitMix64) -> [Satellite] {
      var pool = Array(ids)
      pool.shuffle(using: &random)
      return pool.prefix(count).sorted().map { id in
        Satellite(
          id: UInt16(id), elevation: random.uniform(3...85), azimuth: random.uniform(0...359),
          drift: random.uniform(-0.004...0.004), snr: 0)
      }
    }
    constellations = [
      Constellation(talker: .gps, systemID: 1, satellites: draw(10, ids: 1...32, &random)),
      Constellation(talker: .glonass, systemID: 2, satellites: draw(7, ids: 65...88, &random)),
      Constellation(talker: .galileo, systemID: 3, satellites: draw(8, ids: 1...36, &random)),
      Constellation(talker: .beidou, systemID: 4, satellites: draw(8, ids: 1...37, &random)),
    ]
  }

  /// Moves the satellites on by `seconds` and draws new signal strengths; under a roof
  /// (`blocked`) there is no signal.
  mutating func advance(by seconds: Double, blocked: Bool, random: inout SplitMix64) {
    for c in constellations.indices {
      for s in constellations[c].satellites.indices {
        var satellite = constellations[c].satellites[s]
        satellite.elevation += satellite.drift * seconds
        if satellite.elevation < 2 || satellite.elevation > 88 {
          satellite.drift = -satellite.drift
        }
        satellite.elevation = min(88, max(2, satellite.elevation))
        satellite.azimuth = (satellite.azimuth + 0.002 * seconds).truncatingRemainder(
          dividingBy: 360)
        satellite.snr = blocked ? 0 : 18 + satellite.elevation * 0.3 + random.uniform(-2...2)
        constellations[c].satellites[s] = satellite
      }
    }
  }

  /// Whether a satellite is used in the fix: high enough and heard well enough.
  static func isUsed(_ satellite: Satellite) -> Bool {
    satellite.elevation >= 10 && satellite.snr >= 25
  }

  /// How many satellites are used, over all constellations.
  var usedCount: Int {
    constellations.reduce(0) { $0 + $1.satellites.filter(Self.isUsed).count }
  }
}
