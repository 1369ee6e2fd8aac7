import Glibc
import NMEA

// How each sentence type merges into the epoch in progress (the rules: ``EpochAccumulator``).
extension EpochAccumulator {
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
    mergeDetails(
      altitudeMSL: gga.altitudeMSL, geoidSeparation: gga.geoidSeparation, hdop: gga.hdop,
      satellitesUsed: gga.satellitesUsed, dgpsAge: gga.dgpsAge, dgpsStation: gga.dgpsStation)
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
    mergeDetails(
      altitudeMSL: gns.altitudeMSL, geoidSeparation: gns.geoidSeparation, hdop: gns.hdop,
      satellitesUsed: gns.satellitesUsed, dgpsAge: gns.dgpsAge, dgpsStation: gns.dgpsStation)
  }

  /// What GGA and GNS both carry beside the position, each kept when present: the heights,
  /// the fix's HDOP (a zero is no HDOP), the most satellites used that a sentence of the epoch
  /// counts, and the differential age and station.
  @inline(__always)
  private mutating func mergeDetails(
    altitudeMSL altitude: Double?, geoidSeparation separation: Double?, hdop: Double?,
    satellitesUsed used: Int?, dgpsAge age: Double?, dgpsStation station: Int?
  ) {
    if let altitude { altitudeMSL = altitude }
    if let separation { geoidSeparation = separation }
    if let hdop, hdop > 0 { fixHDOP = hdop }
    if let used { satellitesUsed = max(satellitesUsed ?? 0, used) }
    if let age { dgpsAge = age }
    if let station { dgpsStation = station }
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

  package mutating func merge(_ pgrmv: PGRMV) {
    if let up = pgrmv.up { climb = up }
    guard let east = pgrmv.east, let north = pgrmv.north else { return }
    if !timedSpeed { speed = (east * east + north * north).squareRoot() }
    // Standing still (0, 0) the velocity has no direction: no course.
    if !timedCourse, east != 0 || north != 0 {
      let degrees = atan2(east, north) * 180 / .pi
      course = degrees < 0 ? degrees + 360 : degrees
    }
  }

  package mutating func merge(_ held: HeldMotion) {
    switch held {
    case .vtg(let vtg): merge(vtg)
    case .pgrmv(let pgrmv): merge(pgrmv)
    }
  }

  package mutating func merge(_ gsa: GSA) {
    if let mode = gsa.fixMode, mode.rawValue > (gsaMode?.rawValue ?? 0) { gsaMode = mode }
    gsaSatellites += gsa.satellites.count
    // A DOP of 0.00 is a field the receiver did not fill (a DOP is 1 or more in principle,
    // 0.5 at best): it is unknown, not perfect (jl-micro-jlt's `0.00,0.00,0.00`).
    if let pdop = gsa.pdop, pdop > 0 { self.pdop = pdop }
    if let hdop = gsa.hdop, hdop > 0 { gsaHDOP = hdop }
    if let vdop = gsa.vdop, vdop > 0 { self.vdop = vdop }
  }

  package mutating func merge(_ gst: GST) {
    if let error = gst.latitudeError { latitudeError = error }
    if let error = gst.longitudeError { longitudeError = error }
    if let error = gst.altitudeError { altitudeError = error }
  }
}
