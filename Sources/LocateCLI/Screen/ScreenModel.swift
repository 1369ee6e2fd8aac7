import FoundationEssentials
import Geodesy
import LocationEngine
import NMEA
import Receivers

/// A place the screen shows the distance and bearing to (`--to NAME=LAT,LON`).
struct ScreenTarget: Sendable, Hashable {
  var name: String
  var point: GeoPoint
}

/// A region the screen shows the state of (`--region`, `--regions`).
struct ScreenRegion: Sendable, Hashable {
  var name: String
  var center: GeoPoint
  var radius: Double
  var state: CLRegionState = .unknown
}

/// Everything the screen shows, as the service's events left it: the last fix and sky view,
/// the receiver's state and counters, targets, regions and the last note. Pure data: the
/// renderer draws it, the loop updates it.
struct ScreenModel: Sendable {
  /// The source as messages name it (`/dev/ttyACM0`, a file, `gpsd://…`).
  var source: String
  /// The last fix, and how many came.
  var fix: Fix?
  var fixes = 0
  /// When the last few fixes were made (the receiver's clock), for the update rate.
  var fixTimes: [Date] = []
  /// The last sky view, the DOPs its geometry gives, and its satellites by constellation
  /// (``SatelliteTable/groups(_:)``, made once a sky view, not once a frame).
  var sky: GNSSSkyView?
  var geometry: DilutionOfPrecision?
  var groups: [SatelliteTable.Group] = []
  /// Satellites used and in view, each once.
  var skyCounts: (used: Int, inView: Int)?
  /// The device's last state.
  var device: DeviceState?
  /// Waiting for a fix: what the service last said.
  var progress: FixProgress?
  /// Paused (stationary), or the last fix turned stale (its age then).
  var paused = false
  var staleAge: Double?
  /// The last note (device changes, sharing, visits, region crossings) and when it came.
  var note: String?
  var noteTime: Date?
  /// Whom the receiver is read through (`joined locate pid 4242`), when shared.
  var sharing: String?
  /// The receiver's decoder counters, and sentences a second by address.
  var counters: NMEACounters?
  /// Their sentences by address.
  var addresses: [String: Int] = [:]
  var rates = SentenceRates()
  /// `--to` places and regions.
  var targets: [ScreenTarget] = []
  var regions: [ScreenRegion] = []
  /// Whether the stream has ended (a replay's end): the screen stays until a key or signal.
  var ended = false

  /// A model for `source`.
  init(source: String, targets: [ScreenTarget] = [], regions: [ScreenRegion] = []) {
    self.source = source
    self.targets = targets
    self.regions = regions
  }

  /// Takes in one event of the service's stream at wall-clock time `now`.
  mutating func apply(_ event: LocationServiceEvent, now: Date) {
    switch event {
    case .location(let fix):
      self.fix = fix
      fixes += 1
      progress = nil
      staleAge = nil
      fixTimes.append(fix.timestamp)
      if fixTimes.count > 11 { fixTimes.removeFirst(fixTimes.count - 11) }
    case .sky(let view):
      sky = view
      groups = SatelliteTable.groups(view)
      skyCounts = SatelliteTable.counts(view.satellites)
      geometry = DilutionOfPrecision(
        directions: view.satellites.compactMap { satellite in
          guard satellite.used, satellite.prn > 0, let el = satellite.elevation,
            let az = satellite.azimuth
          else { return nil }
          return (el, az)
        })
    case .authorization(_, let state), .device(let state):
      if device != state, let text = StateText.note(state) ?? StateText.garbled(state) {
        say(text, now: now)
      }
      device = state
    case .progress(let progress):
      self.progress = progress
    case .paused(let paused):
      self.paused = paused
      say(paused ? "paused: not moving" : "moving again", now: now)
    case .stale(_, let age):
      staleAge = age
    case .region(let transition):
      if let index = regions.firstIndex(where: { $0.name == transition.identifier }) {
        regions[index].state = transition.state
      }
      say(RegionFormat.summary(transition), now: now)
    case .visit(let visit):
      var line = Substring(VisitFormat.line(visit))
      while line.last == "\n" { line = line.dropLast() }
      say(String(line), now: now)
    case .ignored(let error, let kept):
      say(HumanFormat.ignored(error, sentenceKept: kept), now: now)
    case .sentences:
      break
    }
  }

  /// Takes in a note about sharing the receiver with other `locate`s: the latest note, and
  /// on the receiver's line whom this one reads through.
  mutating func shared(_ note: SharingNote, now: Date) {
    switch note {
    case .joined(_, let pid), .rejoined(_, let pid): sharing = "joined locate pid \(pid)"
    case .tookOver: sharing = "took over"
    case .droppedPeer, .baudNotApplied, .notShared: break
    }
    say(note.description, now: now)
  }

  /// Shows `text` as the latest note.
  mutating func say(_ text: String, now: Date) {
    note = TextSafety.visible(text)
    noteTime = now
  }

  /// Fixes a second over the last ten intervals (the receiver's clock), nil before two.
  var fixRate: Double? {
    guard let first = fixTimes.first, let last = fixTimes.last, fixTimes.count >= 2 else {
      return nil
    }
    let span = last.timeIntervalSince(first)
    return span > 0 ? Double(fixTimes.count - 1) / span : nil
  }

  /// Takes in the decoder's counters read at monotonic time `seconds`.
  mutating func update(counters: NMEACounters?, at seconds: Double) {
    guard let counters else { return }
    self.counters = counters
    addresses = counters.byAddress
    rates.update(addresses, at: seconds)
  }
}

/// Sentences a second by address (`GPGGA`), from counts read now and then: each rate is the
/// change of its count over at least ``window`` seconds (a shorter span would show the
/// jitter of when the counts were read: 9.9 for a 10 Hz receiver's GGA).
struct SentenceRates: Sendable, Hashable {
  private var base: [String: Int] = [:]
  private var baseTime: Double?
  /// The rates at the last update that was a second or more after the one before.
  private(set) var perSecond: [String: Double] = [:]
  /// The least span of a rate, seconds.
  static let window = 3.0

  /// Takes in the counts at `seconds` (monotonic).
  mutating func update(_ counts: [String: Int], at seconds: Double) {
    guard let start = baseTime else {
      base = counts
      baseTime = seconds
      return
    }
    let span = seconds - start
    guard span >= Self.window else { return }
    var rates: [String: Double] = [:]
    for (address, count) in counts {
      rates[address] = Double(count - (base[address] ?? 0)) / span
    }
    perSecond = rates
    base = counts
    baseTime = seconds
  }
}
