import Foundation
@_spi(Fuzzing) import LocationEngine
@_spi(Fuzzing) import OpenCoreLocation
import Receivers

/// What every output of the decode path must satisfy, whatever the input: positions on the
/// globe and never 0,0; finite numbers; Core Location's sentinels (−1) or valid values; the
/// filters obeyed; stale ages past the maximum age. Keeps a signature of each output for
/// comparing runs.
struct FuzzChecks {
  let options: OfflinePipeline.Options
  /// One line per output, for comparing two runs of the same input.
  private(set) var signatures: [String] = []
  private var lastDelivered: Fix?
  private var resumed = false
  private var requestAccuracy: [Double] = []

  init(options: OfflinePipeline.Options) { self.options = options }

  /// Traps with a message (libFuzzer saves the input as a crash).
  static func fail(_ message: String) -> Never {
    fatalError("LocateFuzz: " + message)
  }

  /// A one-shot request with this desired accuracy started.
  mutating func requested(desiredAccuracy: Double) { requestAccuracy = [desiredAccuracy] }

  /// Checks a batch of outputs.
  mutating func take(_ outputs: [OfflinePipeline.Output]) {
    for output in outputs { take(output) }
  }

  private mutating func take(_ output: OfflinePipeline.Output) {
    switch output {
    case .event(.location(let location)):
      Self.checkFix(location, "location")
      if !options.desiredAccuracy.isLess(than: 0) {
        let accuracy = location.horizontalAccuracy
        guard accuracy >= 0 && accuracy <= options.desiredAccuracy else {
          Self.fail("delivered accuracy \(accuracy) worse than \(options.desiredAccuracy)")
        }
      }
      if options.distanceFilter > 0, let last = lastDelivered, !resumed {
        let distance = location.distance(from: last)
        guard distance >= options.distanceFilter * (1 - 1e-9) else {
          Self.fail("delivered \(distance) m from the last, filter \(options.distanceFilter)")
        }
      }
      lastDelivered = location
      resumed = false
      signatures.append("location " + Self.describe(location))
    case .event(.sky(let sky)):
      for satellite in sky.satellites {
        for value in [satellite.elevation, satellite.azimuth, satellite.snr] {
          if let value, !value.isFinite { Self.fail("sky value \(value)") }
        }
      }
      signatures.append("sky \(sky.satellites.count) \(sky.satellites.filter(\.used).count)")
    case .event(.authorization(let status, let state)):
      signatures.append("authorization \(status) \(state)")
    case .event(.device(let state)):
      signatures.append("device \(state)")
    case .event(.progress(let progress)):
      guard progress.elapsed.isFinite, progress.elapsed >= 0, progress.satellitesUsed >= 0,
        progress.satellitesInView >= 0
      else { Self.fail("progress \(progress)") }
      signatures.append("progress \(progress)")
    case .event(.paused(let paused)):
      resumed = !paused
      signatures.append("paused \(paused)")
    case .event(.stale(let location, let age)):
      Self.checkFix(location, "stale")
      guard age.isFinite, age > options.maximumAge else {
        Self.fail("stale at age \(age), maximum \(options.maximumAge)")
      }
      signatures.append("stale \(age) " + Self.describe(location))
    case .event(.ignored(let error, let kept)):
      signatures.append("ignored \(error) \(kept)")
    case .event(.region(let transition)):
      Self.checkFix(transition.location, "region")
      signatures.append("region \(transition.identifier) \(transition.state)")
    case .event(.visit(let visit)):
      guard visit.arrivalDate <= visit.departureDate, visit.horizontalAccuracy.isFinite else {
        Self.fail("visit \(visit)")
      }
      signatures.append("visit \(visit)")
    case .event(.sentences(let bytes)):
      guard bytes.count >= 4, bytes.last == 0x0A, bytes.first == 0x24 || bytes.first == 0x21 else {
        Self.fail("sentences \(bytes)")
      }
      signatures.append("sentences \(bytes.count)")
    case .oneShot(.success(let location)):
      Self.checkFix(location, "one-shot")
      if let desired = requestAccuracy.first, desired >= 0 {
        let accuracy = location.horizontalAccuracy
        guard accuracy >= 0 && accuracy <= desired else {
          Self.fail("one-shot accuracy \(accuracy) worse than \(desired)")
        }
      }
      signatures.append("one-shot " + Self.describe(location))
    case .oneShot(.failure(let error)):
      signatures.append("one-shot failed \(error)")
    case .ended(let error):
      signatures.append("ended \(error)")
    }
  }

  /// A fix handed out: on the globe, not 0,0, finite, sentinels or valid values.
  static func checkFix(_ location: Fix, _ what: String) {
    if let problem = problem(location) { fail("\(what) \(problem): \(describe(location))") }
  }

  /// What is wrong with a fix handed out, if anything.
  static func problem(_ location: Fix) -> String? {
    let coordinate = location.coordinate
    guard CLLocationCoordinate2DIsValid(coordinate), coordinate.latitude.isFinite,
      coordinate.longitude.isFinite
    else { return "off the globe" }
    guard coordinate.latitude != 0 || coordinate.longitude != 0 else { return "at 0,0" }
    let numbers = [
      location.altitude, location.ellipsoidalAltitude, location.horizontalAccuracy,
      location.verticalAccuracy, location.speed, location.course,
      location.timestamp.timeIntervalSince1970,
    ]
    guard numbers.allSatisfy(\.isFinite) else { return "not finite" }
    for (name, value) in [
      ("horizontalAccuracy", location.horizontalAccuracy),
      ("verticalAccuracy", location.verticalAccuracy), ("speed", location.speed),
    ] where value < 0 && value != -1 {
      return "\(name) \(value)"
    }
    guard location.course == -1 || (location.course >= 0 && location.course < 360) else {
      return "course \(location.course)"
    }
    // An altitude only with a vertical accuracy (Core Location's rule; never an invented 0).
    if location.verticalAccuracy <= 0
      && (location.altitude != 0 || location.ellipsoidalAltitude != 0)
    {
      return "altitude \(location.altitude) without a vertical accuracy"
    }
    if let gnss = location.gnss {
      guard gnss.mode == .fix2D || gnss.mode == .fix3D else { return "mode \(gnss.mode)" }
      let more = [gnss.hdop, gnss.vdop, gnss.pdop, gnss.climb, gnss.geoidSeparation]
      for value in more { if let value, !value.isFinite { return "GNSS value \(value)" } }
    }
    return nil
  }

  static func describe(_ location: Fix) -> String {
    let c = location.coordinate
    return
      "\(c.latitude),\(c.longitude) alt \(location.altitude) h \(location.horizontalAccuracy) "
      + "v \(location.verticalAccuracy) speed \(location.speed) course \(location.course) "
      + "t \(location.timestamp.timeIntervalSince1970) climb \(location.gnss?.climb ?? .nan)"
  }
}
