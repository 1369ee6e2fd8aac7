import NMEA

/// A VTG or PGRMV held back until the next timed sentence shows its epoch
/// (``FixAssembler/holds(_:_:)``).
package enum HeldMotion {
  case vtg(VTG)
  case pgrmv(PGRMV)
}

/// Knots to metres per second: 1852 m / 3600 s (≈ 0.514444).
package let metresPerSecondPerKnot = 1852.0 / 3600.0

/// What the sentences of the epoch in progress said so far (inline value type; no heap).
///
/// Merge rules: the last valid position, altitude, speed and course win (as in gpsd), except
/// that a sentence without a time (VTG, Garmin's PGRMV) never overwrites a speed or course a
/// timed sentence of the epoch gave (RMC): it may belong to the next epoch (an airborne
/// receiver sends the next second's VTG right after this second's RMC), so it only fills in
/// what the epoch lacks. Speed and course come only from sentences that state them. The
/// date comes from RMC or ZDA; mode and DOPs from GSA (HDOP also from GGA/GNS; a DOP of 0 is
/// unknown); errors from GST
/// whose time matches; any explicit "not valid" (status `V`, quality 0, mode `N`, GSA mode 1)
/// voids the epoch.
package struct EpochAccumulator {
  /// The epoch's time of day: the latest timed sentence's (nil while only untimed sentences
  /// arrived, at the very start of a stream).
  package var time: UTCTime?
  package var date: NMEADate?
  package var startedAt: Int64
  package var lastAt: Int64
  package var startRead: Int

  package var latitude: Double?
  package var longitude: Double?
  package var altitudeMSL: Double?
  package var geoidSeparation: Double?
  package var speed: Double?
  package var course: Double?
  /// Whether `speed` / `course` came from a timed sentence (RMC), which VTG does not overwrite.
  package var timedSpeed = false
  package var timedCourse = false
  /// The RMC's speed and course, and a VTG's after it or before any timed sentence (for
  /// ``VTGOrder``).
  package var rmcMotion: Motion?
  package var trailingVTG: Motion?
  package var leadingVTG: Motion?
  package var magneticVariation: Double?
  /// Vertical speed, m/s, as PGRMV states it.
  package var climb: Double?
  /// Whether a sentence that states the fix or its absence (RMC, GGA, GLL, GNS) was merged.
  package var statesFix = false
  package var gsaMode: GSAFixMode?
  package var pdop: Double?
  package var gsaHDOP: Double?
  package var vdop: Double?
  package var fixHDOP: Double?
  package var satellitesUsed: Int?
  /// Satellite IDs listed by this epoch's GSA sentences.
  package var gsaSatellites = 0
  package var latitudeError: Double?
  package var longitudeError: Double?
  package var altitudeError: Double?
  package var dgpsAge: Double?
  package var dgpsStation: Int?
  package var qualityStatus: GNSSFixStatus?
  package var modeStatus: GNSSFixStatus?
  package var simulated = false
  package var voidReason: VoidReason?

  /// Key of the last fix-bearing sentence merged, and the families before it.
  package var lastKey: CycleKey?
  package var beforeLast = FamilySignature()
  /// The families merged so far.
  package var seen = FamilySignature()
  /// Whether the epoch was reported, and on which key.
  package var reportedOn: CycleKey?
  /// Whether fix data arrived after the report.
  package var dataAfterReport = false
  package var ordinals = OrdinalCounter()

  package init(time: UTCTime?, at: Int64, read: Int) {
    self.time = time
    startedAt = at
    lastAt = at
    startRead = read
  }

  package mutating func invalidate(_ reason: VoidReason) {
    if voidReason == nil { voidReason = reason }
  }

  package mutating func position(_ latitude: Double?, _ longitude: Double?) {
    guard let latitude, let longitude else { return }
    self.latitude = latitude
    self.longitude = longitude
  }

  package mutating func faa(_ mode: FAAMode?) {
    guard let mode else { return }
    switch mode {
    case .notValid: invalidate(.modeNotValid)
    case .simulator: simulated = true
    default: if let status = Self.status(of: mode) { modeStatus = Self.better(modeStatus, status) }
    }
  }

  /// The fix status an FAA mode letter stands for.
  package static func status(of mode: FAAMode) -> GNSSFixStatus? {
    switch mode {
    case .autonomous: return .gps
    case .differential, .precise: return .dgps
    case .estimated: return .deadReckoning
    case .floatRTK: return .rtkFloat
    case .rtk: return .rtkFixed
    case .simulator: return .simulated
    case .manual: return .timeOnly
    case .notValid, .other: return nil
    }
  }

  /// The fix status a GGA quality stands for.
  package static func status(of quality: GGAQuality) -> GNSSFixStatus {
    switch quality {
    case .invalid, .gps, .other: return .gps
    case .differential: return .dgps
    case .pps: return .pps
    case .rtkFixed: return .rtkFixed
    case .rtkFloat: return .rtkFloat
    case .estimated: return .deadReckoning
    case .manual: return .timeOnly
    case .simulator: return .simulated
    }
  }

  /// The more precise of two statuses (RTK fixed > RTK float > DGPS > PPS > GPS > the rest).
  package static func better(_ a: GNSSFixStatus?, _ b: GNSSFixStatus) -> GNSSFixStatus {
    guard let a else { return b }
    return rank(a) >= rank(b) ? a : b
  }

  package static func rank(_ status: GNSSFixStatus) -> Int {
    switch status {
    case .rtkFixed: return 6
    case .rtkFloat: return 5
    case .dgps: return 4
    case .pps: return 3
    case .gps: return 2
    default: return 1
    }
  }
}
