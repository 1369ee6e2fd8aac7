import NMEA

/// Why an epoch is not a fix.
package enum VoidReason: Sendable, Hashable {
  /// RMC or GLL status `V`.
  case statusVoid
  /// GGA quality 0.
  case qualityZero
  /// FAA mode `N` (RMC, GLL), or GNS with every constellation `N`.
  case modeNotValid
  /// GSA fix mode 1.
  case gsaNoFix
  /// No sentence carried a usable position.
  case noPosition
  /// The position is exactly 0, 0.
  case zeroPosition
  /// Its time of day is before the last fix's (a stale sentence of a multiplexed stream):
  /// see ``FixAssembler``.
  case olderThanLastFix
}

/// Everything one epoch said, merged: the assembler's output (internal value type; no heap).
package struct EpochReport: Sendable, Hashable {
  /// UTC time of day.
  package var time: UTCTime
  /// Days since 1970-01-01 (1024-week rollover applied); nil when the epoch is undated (no
  /// date sent yet, see ``DateTracker``).
  package var day: Int?
  /// Days since the stream's first epoch (midnights counted by the times of day): what dates
  /// an undated epoch once the anchor is known (``DateTracker``).
  package var relativeDay = 0
  /// No fix, 2D or 3D.
  package var mode: GNSSFixMode
  /// GPS, DGPS, RTK, dead reckoning, simulated…
  package var status: GNSSFixStatus
  /// Why it is not a fix, when it is not.
  package var voidReason: VoidReason?
  /// Degrees north.
  package var latitude: Double?
  /// Degrees east.
  package var longitude: Double?
  /// Metres above mean sea level, as the epoch's GGA or GNS sent it: measured in a 3D fix
  /// (`verticalAccuracy` > 0), held in a 2D one (no output reports it then).
  package var altitudeMSL: Double?
  /// Geoid separation (ellipsoid − geoid), metres.
  package var geoidSeparation: Double?
  /// Speed over ground, m/s, as a sentence of the epoch states it (RMC, VTG, PGRMV); nil
  /// when none does.
  package var speed: Double?
  /// For a fix whose sentences state no speed: the speed derived from the previous fix's
  /// position at most 5 s before (as gpsd derives its `speed`). Never `speed`; offered apart
  /// as `GNSSFixInfo.derivedSpeed`, which no output writes.
  package var derivedSpeed: Double?
  /// Vertical speed, m/s, as the receiver states it (Garmin's PGRMV).
  package var climb: Double?
  /// Whether a sentence of the epoch states the fix or its absence (RMC, GGA, GLL, GNS): an
  /// epoch without one (a ZDA alone) says nothing of the fix.
  package var statesFix = true
  /// Course over ground, degrees true.
  package var course: Double?
  /// Magnetic variation, degrees east.
  package var magneticVariation: Double?
  /// Dilutions of precision.
  package var hdop: Double?
  /// Vertical DOP.
  package var vdop: Double?
  /// Position DOP.
  package var pdop: Double?
  /// Satellites used (GSA list, else GGA/GNS count).
  package var satellitesUsed: Int?
  /// Satellites in view across constellations (latest GSV); nil before the first GSV.
  package var satellitesInView: Int?
  /// Strongest signal, dB-Hz.
  package var bestSNR: Double?
  /// GST 1-sigma errors, metres.
  package var latitudeError: Double?
  /// GST longitude error.
  package var longitudeError: Double?
  /// GST altitude error.
  package var altitudeError: Double?
  /// See ``ErrorModel``.
  package var horizontalAccuracy: Double
  /// See ``ErrorModel``.
  package var verticalAccuracy: Double
  /// Age of differential corrections, seconds.
  package var dgpsAge: Double?
  /// Differential station.
  package var dgpsStation: Int?
  /// Service time (ns) when the epoch's first sentence arrived.
  package var startedAt: Int64
  /// Service time (ns) when its last sentence arrived.
  package var completedAt: Int64
  /// The read (chunk) number in which the epoch's first sentence arrived.
  package var startRead: Int

  /// Whether it is a 2D or 3D fix.
  package var isFix: Bool { mode == .fix2D || mode == .fix3D }

  /// Nanoseconds since 1970 of the epoch on `day`; for an undated epoch, on its relative day
  /// counted from 1970-01-01 (the time of day, plus a day per midnight passed).
  package var instant: Int64 {
    Int64(day ?? relativeDay) * UTCCalendar.nanosecondsPerDay + time.nanosecondsOfDay
  }
}
