import FoundationEssentials

/// The GNSS fix mode, as gpsd's TPV `mode`.
public enum GNSSFixMode: Int, Sendable, Hashable {
  /// Nothing seen yet.
  case unknown = 0
  /// No fix.
  case noFix = 1
  /// Two-dimensional fix (no altitude).
  case fix2D = 2
  /// Three-dimensional fix.
  case fix3D = 3
}

/// How the fix was made, as gpsd's TPV `status`.
public enum GNSSFixStatus: Int, Sendable, Hashable {
  /// Unknown.
  case unknown = 0
  /// Plain GNSS.
  case gps = 1
  /// Differential GNSS.
  case dgps = 2
  /// RTK fixed.
  case rtkFixed = 3
  /// RTK float.
  case rtkFloat = 4
  /// Dead reckoning only.
  case deadReckoning = 5
  /// GNSS plus dead reckoning.
  case gnssDeadReckoning = 6
  /// Time only / surveyed.
  case timeOnly = 7
  /// Simulated.
  case simulated = 8
  /// PPS.
  case pps = 9
}

/// A GNSS constellation, as gpsd's `gnssid`.
public enum GNSSSystem: Int, Sendable, Hashable {
  /// GPS.
  case gps = 0
  /// SBAS.
  case sbas = 1
  /// Galileo.
  case galileo = 2
  /// BeiDou.
  case beidou = 3
  /// IMES.
  case imes = 4
  /// QZSS.
  case qzss = 5
  /// GLONASS.
  case glonass = 6
  /// NavIC (IRNSS).
  case navic = 7
}

/// One satellite of the sky view (gpsd's SKY `satellites` entry).
public struct GNSSSatellite: Sendable, Hashable {
  /// The constellation.
  public var system: GNSSSystem
  /// The ID within its constellation (gpsd's `svid`).
  public var svid: Int
  /// The NMEA/gpsd PRN (gpsd's `PRN`).
  public var prn: Int
  /// Elevation in degrees, if known.
  public var elevation: Double?
  /// Azimuth in degrees true, if known.
  public var azimuth: Double?
  /// Signal strength in dB-Hz, if tracked.
  public var snr: Double?
  /// Whether the receiver used it in the solution.
  public var used: Bool
  /// NMEA 4.10 signal ID, if sent.
  public var signalID: Int?

  /// Makes a satellite record.
  public init(
    system: GNSSSystem, svid: Int, prn: Int, elevation: Double? = nil, azimuth: Double? = nil,
    snr: Double? = nil, used: Bool = false, signalID: Int? = nil
  ) {
    self.system = system
    self.svid = svid
    self.prn = prn
    self.elevation = elevation
    self.azimuth = azimuth
    self.snr = snr
    self.used = used
    self.signalID = signalID
  }
}

/// The satellites in view at an epoch, with the DOPs (gpsd's SKY).
public struct GNSSSkyView: Sendable, Hashable {
  /// UTC time of the epoch, if known.
  public var time: Date?
  /// Satellites in view, across all constellations.
  public var satellites: [GNSSSatellite]
  /// Horizontal, vertical and position dilution of precision, if sent.
  public var hdop: Double?
  /// Vertical DOP.
  public var vdop: Double?
  /// Position DOP.
  public var pdop: Double?

  /// Satellites used in the solution.
  public var usedCount: Int { satellites.filter(\.used).count }

  /// Makes a sky view.
  public init(
    time: Date? = nil, satellites: [GNSSSatellite] = [], hdop: Double? = nil,
    vdop: Double? = nil, pdop: Double? = nil
  ) {
    self.time = time
    self.satellites = satellites
    self.hdop = hdop
    self.vdop = vdop
    self.pdop = pdop
  }
}

/// What a GNSS receiver says about a fix beyond Core Location's fields (Linux extension).
public struct GNSSFixInfo: Sendable, Hashable {
  /// No fix, 2D or 3D.
  public var mode: GNSSFixMode
  /// GPS, DGPS, RTK, dead reckoning, simulated…
  public var status: GNSSFixStatus
  /// Satellites used in the solution, if known.
  public var satellitesUsed: Int?
  /// Satellites in view, if known.
  public var satellitesInView: Int?
  /// Horizontal DOP.
  public var hdop: Double?
  /// Vertical DOP.
  public var vdop: Double?
  /// Position DOP.
  public var pdop: Double?
  /// Geoid separation (geoid above the ellipsoid), metres: the receiver's (GGA/GNS), or for a
  /// fix with an altitude whose receiver sent none, EGM96's (`geoidSeparationFromModel`).
  public var geoidSeparation: Double?
  /// Climb rate, m/s: the receiver's (Garmin's PGRMV), else derived from the altitudes of
  /// consecutive 3D fixes at most 5 s apart.
  public var climb: Double?
  /// For a fix whose sentences state no speed (a receiver sending GGA alone): the speed
  /// derived from the previous fix's position at most 5 s before, m/s — what gpsd reports
  /// as `speed`. Never `CLLocation.speed` (−1 then: the receiver sent none), and no output
  /// writes it; offered for programs that want an estimate and say so.
  public var derivedSpeed: Double?
  /// Magnetic variation, degrees (east positive), if sent.
  public var magneticVariation: Double?
  /// When the receiver sent no variation: the World Magnetic Model's at the fix, degrees
  /// (east positive), as the engine worked it out once for the fix (``DeclinationCache``).
  public var modelVariation: Double?
  /// Latitude (north) 1-sigma error, metres (gpsd `epy`).
  public var latitudeError: Double?
  /// Longitude (east) 1-sigma error, metres (gpsd `epx`).
  public var longitudeError: Double?
  /// Age of differential corrections, seconds.
  public var dgpsAge: Double?
  /// Differential station ID.
  public var dgpsStation: Int?
  /// The device or source it came from (`/dev/ttyUSB0`, a file name, `tcp://…`).
  public var device: String?
  /// Whether the fix came from a replay rather than a live receiver.
  public var isReplay: Bool
  /// Whether `geoidSeparation` is EGM96's (``Geoid``) because the receiver sent none.
  public var geoidSeparationFromModel = false
  /// Whether the fix has a date. False when neither the receiver (RMC, ZDA), the user
  /// (`--date`) nor, for a live receiver, a computer clock agreeing with the receiver's time of
  /// day gave one: `timestamp` then holds the time of day on 1970-01-01, plus a day per
  /// midnight passed since the stream began, and is good only for its time of day and for
  /// intervals. Outputs show the time of day alone (gpsd's JSON leaves `time` out).
  public var hasDate = true

  /// Makes fix information.
  public init(
    mode: GNSSFixMode, status: GNSSFixStatus, satellitesUsed: Int? = nil,
    satellitesInView: Int? = nil, hdop: Double? = nil, vdop: Double? = nil, pdop: Double? = nil,
    geoidSeparation: Double? = nil, climb: Double? = nil, magneticVariation: Double? = nil,
    latitudeError: Double? = nil, longitudeError: Double? = nil, dgpsAge: Double? = nil,
    dgpsStation: Int? = nil, device: String? = nil, isReplay: Bool = false
  ) {
    self.mode = mode
    self.status = status
    self.satellitesUsed = satellitesUsed
    self.satellitesInView = satellitesInView
    self.hdop = hdop
    self.vdop = vdop
    self.pdop = pdop
    self.geoidSeparation = geoidSeparation
    self.climb = climb
    self.magneticVariation = magneticVariation
    self.latitudeError = latitudeError
    self.longitudeError = longitudeError
    self.dgpsAge = dgpsAge
    self.dgpsStation = dgpsStation
    self.device = device
    self.isReplay = isReplay
  }
}
