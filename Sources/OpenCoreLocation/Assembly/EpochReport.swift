import NMEA

/// Why an epoch is not a fix.
enum VoidReason: Sendable, Hashable {
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
}

/// Everything one epoch said, merged: the assembler's output (internal value type; no heap).
struct EpochReport: Sendable, Hashable {
  /// UTC time of day.
  var time: UTCTime
  /// Days since 1970-01-01 (1024-week rollover applied); nil when the epoch is undated (no
  /// date sent yet, see ``DateTracker``).
  var day: Int?
  /// Days since the stream's first epoch (midnights counted by the times of day): what dates
  /// an undated epoch once the anchor is known (``DateTracker``).
  var relativeDay = 0
  /// No fix, 2D or 3D.
  var mode: GNSSFixMode
  /// GPS, DGPS, RTK, dead reckoning, simulated…
  var status: GNSSFixStatus
  /// Why it is not a fix, when it is not.
  var voidReason: VoidReason?
  /// Degrees north.
  var latitude: Double?
  /// Degrees east.
  var longitude: Double?
  /// Metres above mean sea level.
  var altitudeMSL: Double?
  /// Geoid separation (ellipsoid − geoid), metres.
  var geoidSeparation: Double?
  /// Speed over ground, m/s.
  var speed: Double?
  /// Whether `speed` was derived from the previous fix (the epoch sent none).
  var speedDerived = false
  /// Course over ground, degrees true.
  var course: Double?
  /// Magnetic variation, degrees east.
  var magneticVariation: Double?
  /// Dilutions of precision.
  var hdop: Double?
  /// Vertical DOP.
  var vdop: Double?
  /// Position DOP.
  var pdop: Double?
  /// Satellites used (GSA list, else GGA/GNS count).
  var satellitesUsed: Int?
  /// Satellites in view across constellations (latest GSV); nil before the first GSV.
  var satellitesInView: Int?
  /// Strongest signal, dB-Hz.
  var bestSNR: Double?
  /// GST 1-sigma errors, metres.
  var latitudeError: Double?
  /// GST longitude error.
  var longitudeError: Double?
  /// GST altitude error.
  var altitudeError: Double?
  /// See ``ErrorModel``.
  var horizontalAccuracy: Double
  /// See ``ErrorModel``.
  var verticalAccuracy: Double
  /// Age of differential corrections, seconds.
  var dgpsAge: Double?
  /// Differential station.
  var dgpsStation: Int?
  /// Service time (ns) when the epoch's first sentence arrived.
  var startedAt: Int64
  /// Service time (ns) when its last sentence arrived.
  var completedAt: Int64
  /// The read (chunk) number in which the epoch's first sentence arrived.
  var startRead: Int

  /// Whether it is a 2D or 3D fix.
  var isFix: Bool { mode == .fix2D || mode == .fix3D }

  /// Nanoseconds since 1970 of the epoch on `day`; for an undated epoch, on its relative day
  /// counted from 1970-01-01 (the time of day, plus a day per midnight passed).
  var instant: Int64 {
    Int64(day ?? relativeDay) * UTCCalendar.nanosecondsPerDay + time.nanosecondsOfDay
  }
}
