// The corpus generator's world: a car driving (cruising, turns, stops, parking, tunnels) and
// the satellites of four constellations moving across the sky.
import Foundation
import NMEA

/// Mean Earth radius, metres.
let earthRadius = 6_371_008.8

/// Visible satellites of one GNSS, slowly moving on the sky.
struct Constellation {
  /// One satellite: number, elevation, azimuth, their rates, and its base C/N0.
  struct Satellite {
    var id: Int
    var elevation: Double
    var azimuth: Double
    var elevationRate: Double
    var azimuthRate: Double
    var baseSNR: Double
  }

  let talker: Talker
  let systemID: UInt8
  let signalID: UInt8
  let visible: Int
  var free: [Int]
  var satellites: [Satellite] = []

  init(
    _ random: inout CorpusRandom, talker: Talker, systemID: UInt8, signalID: UInt8,
    ids: ClosedRange<Int>, visible: Int
  ) {
    self.talker = talker
    self.systemID = systemID
    self.signalID = signalID
    self.visible = visible
    free = Array(ids)
    random.shuffle(&free)
    for _ in 0..<visible { add(&random, elevation: random.uniform(5, 85)) }
  }

  mutating func add(_ random: inout CorpusRandom, elevation: Double) {
    let id = free.removeFirst()
    satellites.append(
      Satellite(
        id: id, elevation: elevation, azimuth: random.uniform(0, 360),
        elevationRate: random.uniform(-0.012, 0.012), azimuthRate: random.uniform(-0.02, 0.02),
        baseSNR: random.uniform(28, 38)))
  }

  /// One second of motion: satellites set below 3° and new ones rise.
  mutating func step(_ random: inout CorpusRandom) {
    var kept: [Satellite] = []
    for var satellite in satellites {
      satellite.elevation += satellite.elevationRate
      satellite.azimuth = (satellite.azimuth + satellite.azimuthRate)
        .truncatingRemainder(dividingBy: 360)
      if satellite.azimuth < 0 { satellite.azimuth += 360 }
      if satellite.elevation < 3 {
        free.append(satellite.id)
      } else {
        if satellite.elevation > 88 { satellite.elevationRate = -abs(satellite.elevationRate) }
        kept.append(satellite)
      }
    }
    satellites = kept
    let target = visible + (random.unit() < 0.5 ? 1 : 0)
    while satellites.count < target && !free.isEmpty {
      add(&random, elevation: 3.5)
      satellites[satellites.count - 1].elevationRate =
        abs(satellites[satellites.count - 1].elevationRate) + 0.002
    }
    satellites.sort { $0.id < $1.id }
  }

  /// What the receiver sees: each satellite with its SNR (nil when not tracked), and the IDs
  /// used in the fix (at most 12).
  mutating func observe(
    _ random: inout CorpusRandom, tunnel: Bool, parked: Bool
  ) -> (view: [SatelliteInView], used: [UInt16]) {
    var view: [SatelliteInView] = []
    var used: [UInt16] = []
    for satellite in satellites {
      var snr: Int?
      if tunnel {
        snr = random.unit() < 0.9 ? nil : Int(random.uniform(12, 20))
      } else {
        var value =
          satellite.baseSNR + 12 * sin(satellite.elevation * .pi / 180) + random.gauss(0, 1.5)
        if parked { value -= 6 }
        if satellite.elevation < 10 && random.unit() < 0.3 {
          snr = nil
        } else {
          snr = max(10, min(52, Int(value.rounded())))
        }
      }
      view.append(
        SatelliteInView(
          id: UInt16(satellite.id), elevation: Int16(satellite.elevation),
          azimuth: Int16(Int(satellite.azimuth) % 360), snr: snr.map { Int16($0) }))
      if let snr, snr >= 25, satellite.elevation >= 10, used.count < 12 {
        used.append(UInt16(satellite.id))
      }
    }
    return (view, used)
  }
}

/// Car kinematics driven by a random sequence of driving segments.
struct Vehicle {
  enum Segment { case park, stop, turn, tunnel, cruise }
  enum Surroundings { case urban, suburban, highway }

  var latitude: Double
  var longitude: Double
  var altitude = 45.0
  var heading: Double
  var speed = 0.0
  var segment = Segment.cruise
  var remaining = 0
  var targetSpeed = 0.0
  var headingRate = 0.0
  var surroundings = Surroundings.urban
  var noiseNorth = 0.0
  var noiseEast = 0.0
  var noiseUp = 0.0

  init(_ random: inout CorpusRandom, latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
    heading = random.uniform(0, 360)
    nextSegment(&random, first: true)
  }

  mutating func nextSegment(_ random: inout CorpusRandom, first: Bool = false) {
    var draw = random.unit()
    if !first && (segment == .stop || segment == .park) { draw = 0.2 }
    if draw < 0.02 {
      (segment, remaining, targetSpeed, headingRate) = (.park, random.integer(600, 2400), 0, 0)
    } else if draw < 0.14 {
      (segment, remaining, targetSpeed, headingRate) = (.stop, random.integer(5, 90), 0, 0)
    } else if draw < 0.36 {
      let angle = Double(random.pick([90, 90, 90, 45, 135, 180]) * random.pick([-1, 1]))
      let duration = random.integer(4, 12)
      segment = .turn
      remaining = duration
      targetSpeed = random.uniform(4, 8)
      headingRate = angle / Double(duration)
    } else if draw < 0.42 {
      segment = .tunnel
      remaining = random.integer(10, 60)
      targetSpeed = random.uniform(15, 25)
      headingRate = 0
    } else {
      if random.unit() < 0.15 { surroundings = random.pick([.urban, .suburban, .highway]) }
      let (low, high): (Double, Double) =
        switch surroundings {
        case .urban: (7, 14)
        case .suburban: (13, 22)
        case .highway: (24, 36)
        }
      segment = .cruise
      remaining = random.integer(20, 400)
      targetSpeed = random.uniform(low, high)
      headingRate = random.gauss(0, 0.3)
    }
  }

  /// One second of driving, and the receiver's correlated position noise.
  mutating func step(_ random: inout CorpusRandom) {
    if remaining <= 0 { nextSegment(&random) }
    remaining -= 1
    let change = max(-4, min(2.5, targetSpeed - speed))
    speed = max(0, speed + change + (targetSpeed > 0 ? random.gauss(0, 0.15) : 0))
    if speed > 0.5 {
      heading = (heading + headingRate + random.gauss(0, 0.4)).truncatingRemainder(dividingBy: 360)
      if heading < 0 { heading += 360 }
    }
    let radians = heading * .pi / 180
    latitude += speed * cos(radians) / earthRadius * 180 / .pi
    longitude += speed * sin(radians) / (earthRadius * cos(latitude * .pi / 180)) * 180 / .pi
    if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
    altitude = max(-20, min(900, altitude + random.gauss(0, 0.05) * speed))
    noiseNorth = 0.95 * noiseNorth + random.gauss(0, 0.35)
    noiseEast = 0.95 * noiseEast + random.gauss(0, 0.35)
    noiseUp = 0.97 * noiseUp + random.gauss(0, 0.5)
  }

  /// In a tunnel, the receiver has no fix.
  var inTunnel: Bool { segment == .tunnel }

  /// The position the receiver reports: the true one plus its noise.
  var reported: (latitude: Double, longitude: Double, altitude: Double) {
    let lat = latitude + noiseNorth / earthRadius * 180 / .pi
    let lon = longitude + noiseEast / (earthRadius * cos(latitude * .pi / 180)) * 180 / .pi
    return (lat, lon, altitude + noiseUp)
  }
}
