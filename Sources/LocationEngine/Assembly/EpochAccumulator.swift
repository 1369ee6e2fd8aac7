import NMEA

/// Knots to metres per second: 1852 m / 3600 s (≈ 0.514444).
package let metresPerSecondPerKnot = 1852.0 / 3600.0

/// What the sentences of the epoch in progress said so far (inline value type; no heap).
///
/// Merge rules: the last valid position, altitude, speed and course win (as in gpsd), except
/// that a sentence without a time (VTG) never overwrites a speed or course a timed sentence of
/// the epoch gave (RMC): it may belong to the next epoch (an airborne receiver sends the next
/// second's VTG right after this second's RMC), so it only fills in what the epoch lacks. The
/// date comes from RMC or ZDA; mode and DOPs from GSA (HDOP also from GGA/GNS); errors from GST
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

  package mutating func merge(_ rmc: RMC) {
    // Without a status (empty, or a field that could not be read) the RMC says nothing of
    // validity: it neither voids the epoch nor gives it a position.
    guard let status = rmc.status else { return }
    // A void RMC's date is not trusted: some receivers send garbage dates while searching.
    if status != .valid {
      invalidate(.statusVoid)
      return
    }
    if let date = rmc.date { self.date = date }
    faa(rmc.mode)
    position(rmc.latitude, rmc.longitude)
    if let knots = rmc.speedKnots {
      speed = knots * metresPerSecondPerKnot
      timedSpeed = true
    }
    if let course = rmc.course {
      self.course = course
      timedCourse = true
    }
    if let knots = rmc.speedKnots, let course = rmc.course {
      rmcMotion = Motion(speed: knots * metresPerSecondPerKnot, course: course)
    }
    if let variation = rmc.magneticVariation { magneticVariation = variation }
  }

  package mutating func merge(_ gga: GGA) {
    guard let quality = gga.quality else { return }  // empty quality: no opinion
    switch quality {
    case .invalid:
      invalidate(.qualityZero)
      return
    case .simulator: simulated = true
    default: break
    }
    qualityStatus = Self.status(of: quality)
    position(gga.latitude, gga.longitude)
    if let altitude = gga.altitudeMSL { altitudeMSL = altitude }
    if let separation = gga.geoidSeparation { geoidSeparation = separation }
    if let hdop = gga.hdop { fixHDOP = hdop }
    if let used = gga.satellitesUsed { satellitesUsed = max(satellitesUsed ?? 0, used) }
    if let age = gga.dgpsAge { dgpsAge = age }
    if let station = gga.dgpsStation { dgpsStation = station }
  }

  package mutating func merge(_ gll: GLL) {
    guard let status = gll.status else { return }  // no status: no opinion, as RMC
    if status != .valid {
      invalidate(.statusVoid)
      return
    }
    faa(gll.mode)
    position(gll.latitude, gll.longitude)
  }

  package mutating func merge(_ gns: GNS) {
    if gns.modes.isEmpty { return }  // no mode letters: no opinion
    var best: GNSSFixStatus? = nil
    var anyValid = false
    for index in gns.modes.indices {
      let mode = gns.modes[index]
      if mode == .notValid { continue }
      anyValid = true
      if mode == .simulator { simulated = true }
      if let status = Self.status(of: mode) { best = Self.better(best, status) }
    }
    guard anyValid else {
      invalidate(.modeNotValid)
      return
    }
    if let best { modeStatus = Self.better(modeStatus, best) }
    position(gns.latitude, gns.longitude)
    if let altitude = gns.altitudeMSL { altitudeMSL = altitude }
    if let separation = gns.geoidSeparation { geoidSeparation = separation }
    if let hdop = gns.hdop { fixHDOP = hdop }
    if let used = gns.satellitesUsed { satellitesUsed = max(satellitesUsed ?? 0, used) }
    if let age = gns.dgpsAge { dgpsAge = age }
    if let station = gns.dgpsStation { dgpsStation = station }
  }

  package mutating func merge(_ vtg: VTG) {
    if vtg.mode == .notValid { return }
    if let knots = vtg.speedKnots, let course = vtg.courseTrue {
      let motion = Motion(speed: knots * metresPerSecondPerKnot, course: course)
      if time == nil {
        leadingVTG = motion
      } else if rmcMotion != nil {
        trailingVTG = motion
      }
    }
    if !timedSpeed {
      if let knots = vtg.speedKnots {
        speed = knots * metresPerSecondPerKnot
      } else if let kmh = vtg.speedKmh {
        speed = kmh / 3.6
      }
    }
    if !timedCourse, let course = vtg.courseTrue { self.course = course }
  }

  package mutating func merge(_ gsa: GSA) {
    if let mode = gsa.fixMode, mode.rawValue > (gsaMode?.rawValue ?? 0) { gsaMode = mode }
    gsaSatellites += gsa.satellites.count
    if let pdop = gsa.pdop { self.pdop = pdop }
    if let hdop = gsa.hdop { gsaHDOP = hdop }
    if let vdop = gsa.vdop { self.vdop = vdop }
  }

  package mutating func merge(_ gst: GST) {
    if let error = gst.latitudeError { latitudeError = error }
    if let error = gst.longitudeError { longitudeError = error }
    if let error = gst.altitudeError { altitudeError = error }
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
