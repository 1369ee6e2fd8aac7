import Geodesy
import NMEA
import Platform
import Receivers

/// Where a synthetic drive is at one epoch: the truth its sentences describe.
public struct DriveEpoch: Sendable, Hashable {
  /// UTC seconds since 1970.
  public var time: Double
  /// Latitude, degrees.
  public var latitude: Double
  /// Longitude, degrees.
  public var longitude: Double
  /// Speed over ground, m/s.
  public var speed: Double
  /// Heading, degrees true, in [0, 360).
  public var heading: Double
  /// Whether the receiver has a fix (false in tunnels: the sentences carry no position).
  public var hasFix: Bool
}

/// A deterministic synthetic drive as NMEA epochs: it accelerates away from the start point,
/// cruises, turns now and then, stops at lights, and loses the fix in tunnels, all drawn from
/// the seed. Each epoch is GN RMC, VTG, GGA, four GSAs (GPS, GLONASS, Galileo, BeiDou, with
/// NMEA 4.11 system IDs) and GLL, with GSVs for every constellation once a second. The
/// vehicle moves along WGS-84 geodesics (`Geodesic.wgs84.direct`).
///
/// It needs no pty: iterate it to write a capture file.
///
/// ```swift
/// var options = DriveOptions()
/// options.duration = 60
/// for chunk in try DriveGenerator(options: options) { write(chunk.bytes) }
/// ```
public struct DriveGenerator: IteratorProtocol, Sequence, Sendable {
  /// The options.
  public let options: DriveOptions
  /// The truth of the epoch last returned by ``next()``.
  public private(set) var current: DriveEpoch?

  enum Motion: Sendable {
    case accelerating, cruising, braking
    case turning(remaining: Double, direction: Double)
    case stopped(until: Double)
  }

  var random: SplitMix64
  var sky: DriveSky
  var index = 0
  let interval: Double
  var startTime: Double
  /// When the drive starts now (no ``DriveOptions/startTime``): the UTC time of the first
  /// epoch, the next whole epoch boundary (a whole second at 1 Hz). A player sends each epoch
  /// at the wall-clock time it describes, as a receiver does (see ``ScriptPlayer``).
  var wallClockStart: Double?
  var latitude: Double
  var longitude: Double
  var heading: Double
  var speed = 0.0
  var motion = Motion.accelerating
  var nextTurn: Double
  var nextStop: Double
  var nextTunnel: Double
  var tunnelUntil: Double?
  /// The next planned stop (``DriveOptions/stopPlan``).
  var plannedStop = 0
  let encoder = NMEAEncoder()

  /// Prepares a drive.
  /// - Throws: ``ReceiverError`` (``ReceiverError/Code/invalidSource(_:)``) for a rate outside
  ///   1–10, a start point off the globe, or a negative speed or duration.
  public init(options: DriveOptions) throws(ReceiverError) {
    func refuse(_ reason: String) -> ReceiverError {
      ReceiverError(code: .invalidSource(reason), path: "drive")
    }
    guard (1...10).contains(options.rate) else { throw refuse("rate must be 1 to 10 Hz") }
    guard (-90...90).contains(options.latitude), (-180...180).contains(options.longitude) else {
      throw refuse("the start point must be within ±90° latitude and ±180° longitude")
    }
    guard options.speed >= 0, options.speed.isFinite, options.heading.isFinite else {
      throw refuse("speed must be a non-negative number of m/s")
    }
    if let duration = options.duration, !(duration >= 0) {
      throw refuse("duration must not be negative")
    }
    self.options = options
    random = SplitMix64(seed: options.seed)
    sky = DriveSky(random: &random)
    interval = 1 / Double(options.rate)
    if let start = options.startTime {
      startTime = start
      wallClockStart = nil
    } else {
      // The next epoch boundary, not the current second: stamping with the second truncated
      // made every fix up to a whole second older than the moment it was sent.
      startTime = Self.nextBoundary(after: Self.realtimeNow(), rate: options.rate)
      wallClockStart = startTime
    }
    latitude = options.latitude
    longitude = options.longitude
    heading = Self.normalized(options.heading)
    nextTurn = random.uniform(20...60)
    nextStop = random.uniform(60...180)
    nextTunnel = random.uniform(120...240)
  }

  /// The next epoch, due ``TimedChunk/offset`` seconds after the start; `nil` after
  /// ``DriveOptions/duration``.
  public mutating func next() -> TimedChunk? {
    let elapsed = Double(index) * interval
    if let duration = options.duration, elapsed >= duration { return nil }
    if index > 0 { step(at: elapsed) }
    let hasFix = tunnelUntil == nil
    sky.advance(by: interval, blocked: !hasFix, random: &random)
    let epoch = DriveEpoch(
      time: startTime + elapsed, latitude: latitude, longitude: longitude, speed: speed,
      heading: heading, hasFix: hasFix)
    current = epoch
    let bytes = sentences(for: epoch, withSatellites: index % options.rate == 0)
    index += 1
    return TimedChunk(offset: elapsed, bytes: bytes)
  }

  /// The first epoch boundary after `now` (seconds since 1970) at `rate` Hz.
  static func nextBoundary(after now: Double, rate: Int) -> Double {
    ((now * Double(rate)).rounded(.down) + 1) / Double(rate)
  }

  /// A drive that starts now, before its first epoch: its start moved to the next epoch
  /// boundary after `now` when the one chosen at ``init(options:)`` has passed (a process
  /// slow to start, under load or a sanitizer, sent every epoch that much after the time it
  /// describes).
  mutating func keepStartAhead(of now: Double) {
    guard index == 0, let start = wallClockStart, start <= now else { return }
    startTime = Self.nextBoundary(after: now, rate: options.rate)
    wallClockStart = startTime
  }

  /// The wall clock in seconds since 1970.
  static func realtimeNow() -> Double { SystemTime.wallSeconds() }

  /// Advances the vehicle by one interval, ending at drive time `elapsed`.
  mutating func step(at elapsed: Double) {
    let cruise = options.speed
    if let plan = options.stopPlan, plannedStop < plan.count, elapsed >= plan[plannedStop].at {
      switch motion {
      case .braking, .stopped: break
      default: motion = .braking
      }
    }
    switch motion {
    case .accelerating:
      speed = Swift.min(cruise, speed + 1.5 * interval)
      if speed >= cruise {
        motion = .cruising
        nextStop = Swift.max(nextStop, elapsed + random.uniform(60...180))
      }
    case .cruising:
      speed = Swift.min(cruise, speed + 1.5 * interval)
      if options.stopPlan == nil && options.stops && elapsed >= nextStop {
        motion = .braking
      } else if options.turns && elapsed >= nextTurn {
        motion = .turning(
          remaining: random.uniform(15...90), direction: random.next() & 1 == 0 ? -1 : 1)
      }
    case .turning(let remaining, let direction):
      speed = Swift.max(Swift.min(speed, cruise * 0.6), speed - 2.5 * interval)
      let turn = Swift.min(remaining, 12 * interval)
      heading = Self.normalized(heading + direction * turn)
      if remaining - turn <= 0 {
        motion = .cruising
        nextTurn = elapsed + random.uniform(20...60)
      } else {
        motion = .turning(remaining: remaining - turn, direction: direction)
      }
    case .braking:
      speed = Swift.max(0, speed - 2.5 * interval)
      if speed == 0, let plan = options.stopPlan, plannedStop < plan.count {
        motion = .stopped(until: elapsed + plan[plannedStop].duration)
        plannedStop += 1
      } else if speed == 0 {
        motion = .stopped(until: elapsed + random.uniform(10...30))
      }
    case .stopped(let until):
      speed = 0
      if elapsed >= until { motion = .accelerating }
    }
    if speed > 0 {
      let end = Geodesic.wgs84.direct(
        latitude: latitude, longitude: longitude, azimuth: heading, distance: speed * interval)
      latitude = end.latitude
      longitude = end.longitude
      heading = Self.normalized(end.finalAzimuth)
    }
    if options.fixLoss {
      if let until = tunnelUntil, elapsed >= until {
        tunnelUntil = nil
        nextTunnel = elapsed + random.uniform(120...240)
      } else if tunnelUntil == nil && elapsed >= nextTunnel {
        tunnelUntil = elapsed + random.uniform(5...15)
      }
    }
  }

  /// An angle in [0, 360).
  static func normalized(_ degrees: Double) -> Double {
    let value = degrees.truncatingRemainder(dividingBy: 360)
    return value < 0 ? value + 360 : value
  }
}
