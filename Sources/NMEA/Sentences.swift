/// RMC: recommended minimum data (time, status, position, speed, course, date, variation).
public struct RMC: Sendable, Hashable {
  /// Who sent it.
  public var talker: Talker
  /// Field 1, UTC time of the fix.
  public var time: UTCTime?
  /// Field 2, `A` valid or `V` void.
  public var status: DataStatus?
  /// Fields 3–4, latitude in degrees, south negative.
  public var latitude: Double?
  /// Fields 5–6, longitude in degrees, west negative.
  public var longitude: Double?
  /// Field 7, speed over ground in knots.
  public var speedKnots: Double?
  /// Field 8, course over ground in degrees true.
  public var course: Double?
  /// Field 9, date (`ddmmyy`, windowed at 1980).
  public var date: NMEADate?
  /// Fields 10–11, magnetic variation in degrees, west negative.
  public var magneticVariation: Double?
  /// Field 12 (NMEA 2.3+), mode indicator.
  public var mode: FAAMode?
  /// Field 13 (NMEA 4.1+), navigational status.
  public var navigationStatus: NavigationStatus?

  /// Makes an RMC with every field absent.
  @inlinable
  public init(talker: Talker) { self.talker = talker }
}

/// GGA: fix data (time, position, quality, satellites used, HDOP, altitude, geoid separation).
public struct GGA: Sendable, Hashable {
  /// Who sent it.
  public var talker: Talker
  /// Field 1, UTC time of the fix.
  public var time: UTCTime?
  /// Fields 2–3, latitude in degrees, south negative.
  public var latitude: Double?
  /// Fields 4–5, longitude in degrees, west negative.
  public var longitude: Double?
  /// Field 6, fix quality.
  public var quality: GGAQuality?
  /// Field 7, satellites used in the solution.
  public var satellitesUsed: Int?
  /// Field 8, horizontal dilution of precision.
  public var hdop: Double?
  /// Fields 9–10, antenna altitude above mean sea level (geoid), metres.
  public var altitudeMSL: Double?
  /// Fields 11–12, geoid separation (ellipsoid − geoid), metres.
  public var geoidSeparation: Double?
  /// Field 13, age of differential corrections, seconds.
  public var dgpsAge: Double?
  /// Field 14, differential reference station ID.
  public var dgpsStation: Int?

  /// Makes a GGA with every field absent.
  @inlinable
  public init(talker: Talker) { self.talker = talker }
}

/// GLL: geographic position (latitude, longitude, time, status, mode).
public struct GLL: Sendable, Hashable {
  /// Who sent it.
  public var talker: Talker
  /// Fields 1–2, latitude in degrees, south negative.
  public var latitude: Double?
  /// Fields 3–4, longitude in degrees, west negative.
  public var longitude: Double?
  /// Field 5, UTC time.
  public var time: UTCTime?
  /// Field 6, `A` valid or `V` void.
  public var status: DataStatus?
  /// Field 7 (NMEA 2.3+), mode indicator.
  public var mode: FAAMode?

  /// Makes a GLL with every field absent.
  @inlinable
  public init(talker: Talker) { self.talker = talker }
}

/// GNS: GNSS fix data (multi-constellation GGA with per-system mode letters).
public struct GNS: Sendable, Hashable {
  /// Who sent it.
  public var talker: Talker
  /// Field 1, UTC time.
  public var time: UTCTime?
  /// Fields 2–3, latitude in degrees, south negative.
  public var latitude: Double?
  /// Fields 4–5, longitude in degrees, west negative.
  public var longitude: Double?
  /// Field 6, one mode letter per constellation.
  public var modes: ModeIndicators
  /// Field 7, satellites used.
  public var satellitesUsed: Int?
  /// Field 8, HDOP.
  public var hdop: Double?
  /// Field 9, altitude above mean sea level, metres.
  public var altitudeMSL: Double?
  /// Field 10, geoid separation, metres.
  public var geoidSeparation: Double?
  /// Field 11, age of differential data, seconds.
  public var dgpsAge: Double?
  /// Field 12, differential reference station ID.
  public var dgpsStation: Int?
  /// Field 13 (NMEA 4.1+), navigational status.
  public var navigationStatus: NavigationStatus?

  /// Makes a GNS with every field absent.
  @inlinable
  public init(talker: Talker) {
    self.talker = talker
    modes = ModeIndicators()
  }
}

/// GSA: DOP and active satellites.
public struct GSA: Sendable, Hashable {
  /// Who sent it.
  public var talker: Talker
  /// Field 1, `M` manual or `A` automatic.
  public var selectionMode: GSASelectionMode?
  /// Field 2, no fix / 2D / 3D.
  public var fixMode: GSAFixMode?
  /// Fields 3–14, IDs of satellites used (empty fields skipped).
  public var satellites: SatelliteIDs
  /// Field 15, position DOP.
  public var pdop: Double?
  /// Field 16, horizontal DOP.
  public var hdop: Double?
  /// Field 17, vertical DOP.
  public var vdop: Double?
  /// Field 18 (NMEA 4.11), GNSS system ID: 1 GPS, 2 GLONASS, 3 Galileo, 4 BeiDou, 5 QZSS,
  /// 6 NavIC.
  public var systemID: UInt8?

  /// Makes a GSA with every field absent.
  @inlinable
  public init(talker: Talker) {
    self.talker = talker
    satellites = SatelliteIDs()
  }
}

/// GSV: satellites in view, up to four per sentence, several sentences per cycle.
public struct GSV: Sendable, Hashable {
  /// Who sent it (the constellation for GP/GL/GA/GB/BD/GQ/QZ/GI talkers).
  public var talker: Talker
  /// Field 1, number of sentences in this cycle for this talker (and signal).
  public var totalMessages: Int?
  /// Field 2, this sentence's number, from 1.
  public var messageNumber: Int?
  /// Field 3, satellites in view for this talker (and signal).
  public var satellitesInView: Int?
  /// Fields 4–19, the satellites described here.
  public var satellites: GSVSatellites
  /// The last field (NMEA 4.10+) when present: the signal ID (1 = GPS L1 C/A, …).
  public var signalID: UInt8?

  /// Makes a GSV with every field absent.
  @inlinable
  public init(talker: Talker) {
    self.talker = talker
    satellites = GSVSatellites()
  }
}

/// VTG: course and speed over ground.
public struct VTG: Sendable, Hashable {
  /// Who sent it.
  public var talker: Talker
  /// Field 1, course in degrees true.
  public var courseTrue: Double?
  /// Field 3, course in degrees magnetic.
  public var courseMagnetic: Double?
  /// Field 5, speed in knots.
  public var speedKnots: Double?
  /// Field 7, speed in km/h.
  public var speedKmh: Double?
  /// Field 9 (NMEA 2.3+), mode indicator.
  public var mode: FAAMode?

  /// Makes a VTG with every field absent.
  @inlinable
  public init(talker: Talker) { self.talker = talker }
}

/// ZDA: UTC time and date, and the local zone.
public struct ZDA: Sendable, Hashable {
  /// Who sent it.
  public var talker: Talker
  /// Field 1, UTC time.
  public var time: UTCTime?
  /// Fields 2–4, the date (present only when day, month and year all are).
  public var date: NMEADate?
  /// Field 5, local zone hours (−13…13).
  public var localZoneHours: Int?
  /// Field 6, local zone minutes (0–59).
  public var localZoneMinutes: Int?

  /// Makes a ZDA with every field absent.
  @inlinable
  public init(talker: Talker) { self.talker = talker }
}

/// GST: pseudorange error statistics (1-sigma errors in metres).
public struct GST: Sendable, Hashable {
  /// Who sent it.
  public var talker: Talker
  /// Field 1, UTC time of the associated fix.
  public var time: UTCTime?
  /// Field 2, RMS of the pseudorange residuals.
  public var rangeRMS: Double?
  /// Field 3, semi-major axis of the error ellipse, metres.
  public var semiMajor: Double?
  /// Field 4, semi-minor axis of the error ellipse, metres.
  public var semiMinor: Double?
  /// Field 5, orientation of the semi-major axis, degrees true.
  public var orientation: Double?
  /// Field 6, latitude error, metres.
  public var latitudeError: Double?
  /// Field 7, longitude error, metres.
  public var longitudeError: Double?
  /// Field 8, altitude error, metres.
  public var altitudeError: Double?

  /// Makes a GST with every field absent.
  @inlinable
  public init(talker: Talker) { self.talker = talker }
}

/// TXT: a text message from the receiver (boot banners, antenna status, warnings).
public struct TXT: Sendable, Hashable {
  /// Who sent it.
  public var talker: Talker
  /// Field 1, number of sentences in the message.
  public var totalMessages: Int?
  /// Field 2, this sentence's number.
  public var messageNumber: Int?
  /// Field 3, text identifier (00 error, 01 warning, 02 notice, 07 user).
  public var identifier: Int?
  /// Field 4, the text (the only field that makes a `String`).
  public var text: String

  /// Makes a TXT with no text.
  @inlinable
  public init(talker: Talker) {
    self.talker = talker
    text = ""
  }
}

/// A proprietary sentence (`$P` + a three-letter manufacturer code), passed through raw.
public struct ProprietarySentence: Sendable, Hashable {
  /// The manufacturer code: `GRM` (Garmin), `UBX` (u-blox), `MTK`, `SRF`, `STI`, … (the three
  /// characters after `P`; shorter when the address is shorter).
  public var manufacturer: String
  /// The whole line from `$` to the end of the checksum, as received.
  public var line: String

  /// Makes a proprietary sentence.
  public init(manufacturer: String, line: String) {
    self.manufacturer = manufacturer
    self.line = line
  }
}

/// A well-framed sentence of a type this module does not decode (DTM, GBS, ROT, AIS `!VDM`,
/// banners such as `$SkyTraq`), kept raw; never an error.
public struct UnknownSentence: Sendable, Hashable {
  /// The address field, such as `GPDTM` or `AIVDM`.
  public var address: String
  /// The talker when the address has the standard two-letter-plus-type shape.
  public var talker: Talker?
  /// The whole line as received.
  public var line: String

  /// Makes an unknown sentence.
  public init(address: String, talker: Talker?, line: String) {
    self.address = address
    self.talker = talker
    self.line = line
  }
}

/// A decoded NMEA 0183 sentence.
public enum Sentence: Sendable, Hashable {
  /// Recommended minimum data.
  case rmc(RMC)
  /// Fix data.
  case gga(GGA)
  /// Geographic position.
  case gll(GLL)
  /// GNSS fix data.
  case gns(GNS)
  /// DOP and active satellites.
  case gsa(GSA)
  /// Satellites in view.
  case gsv(GSV)
  /// Course and speed.
  case vtg(VTG)
  /// Time and date.
  case zda(ZDA)
  /// Error statistics.
  case gst(GST)
  /// Heading, true.
  case hdt(HDT)
  /// True heading and status.
  case ths(THS)
  /// Magnetic sensor heading, deviation and variation.
  case hdg(HDG)
  /// Heading, magnetic.
  case hdm(HDM)
  /// Text.
  case txt(TXT)
  /// Garmin's velocity (`$PGRMV`), the one proprietary sentence decoded.
  case pgrmv(PGRMV)
  /// Any other `$P…` sentence, raw.
  case proprietary(ProprietarySentence)
  /// Any other type, raw.
  case unknown(UnknownSentence)
}
