import NMEA

/// A satellite's identity: constellation, number within it, and gpsd's extended PRN.
package struct SatelliteNumber: Sendable, Hashable {
  /// The constellation.
  package var system: GNSSSystem
  /// The number within the constellation (gpsd's `svid`).
  package var svid: Int
  /// The NMEA 2.x extended number gpsd reports as `PRN`.
  package var prn: Int

  /// A key unique per satellite across constellations.
  package var key: UInt32 { UInt32(system.rawValue) << 16 | UInt32(truncatingIfNeeded: svid) }
}

/// Maps the satellite numbers of GSV and GSA sentences to constellations, as gpsd does: the
/// NMEA 4.11 system ID when sent, else the talker, else the NMEA 2.x number ranges (1–32 GPS,
/// 33–64 SBAS, 65–96 GLONASS, 120–158 SBAS, 173–182 IMES, 193–199 QZSS, 201–237 BeiDou,
/// 301–356 Galileo, 401–437 BeiDou).
package enum GNSSNumbering {
  /// The constellation a talker speaks for, if it speaks for one (`GN` and `GP` do not: GP
  /// carries SBAS and QZSS numbers too).
  package static func system(ofTalker talker: Talker) -> GNSSSystem? {
    // On the raw bytes: matching `Talker.glonass` and friends (globals of another module)
    // went through their lazy initialisers, per satellite.
    switch talker.rawValue {
    case 0x474C: return .glonass  // GL
    case 0x4741: return .galileo  // GA
    case 0x4742, 0x4244, 0x5051: return .beidou  // GB, BD, Quectel's PQ
    case 0x4751, 0x515A: return .qzss  // GQ, QZ
    case 0x4749: return .navic  // GI
    default: return nil
    }
  }

  /// The constellation of an NMEA 4.11 system ID (GSA field 18).
  package static func system(ofSystemID id: UInt8) -> GNSSSystem? {
    switch id {
    case 1: return .gps
    case 2: return .glonass
    case 3: return .galileo
    case 4: return .beidou
    case 5: return .qzss
    case 6: return .navic
    default: return nil
    }
  }

  /// Identifies satellite `id` as sent by `talker` (with the GSA system ID when present).
  package static func identify(_ id: Int, talker: Talker, systemID: UInt8? = nil)
    -> SatelliteNumber?
  {
    identify(id, in: systemID.flatMap(Self.system(ofSystemID:)) ?? Self.system(ofTalker: talker))
  }

  /// Identifies satellite `id` of a sentence whose system ID or talker names `system` (nil:
  /// neither does); see ``identify(_:talker:systemID:)``.
  @inline(__always)
  package static func identify(_ id: Int, in system: GNSSSystem?) -> SatelliteNumber? {
    guard id > 0 else { return nil }
    switch system {
    case .galileo?:
      if id <= 64 { return SatelliteNumber(system: .galileo, svid: id, prn: 300 + id) }
      if (301...364).contains(id) {
        return SatelliteNumber(system: .galileo, svid: id - 300, prn: id)
      }
    case .beidou?:
      if id <= 63 { return SatelliteNumber(system: .beidou, svid: id, prn: 400 + id) }
      if (201...263).contains(id) {
        return SatelliteNumber(system: .beidou, svid: id - 200, prn: id + 200)
      }
      if (401...463).contains(id) {
        return SatelliteNumber(system: .beidou, svid: id - 400, prn: id)
      }
    case .glonass?:
      if id <= 32 { return SatelliteNumber(system: .glonass, svid: id, prn: 64 + id) }
      if (65...96).contains(id) { return SatelliteNumber(system: .glonass, svid: id - 64, prn: id) }
    case .qzss?:
      if id <= 10 { return SatelliteNumber(system: .qzss, svid: id, prn: 192 + id) }
      if (193...202).contains(id) { return SatelliteNumber(system: .qzss, svid: id - 192, prn: id) }
    case .navic?:
      if id <= 14 { return SatelliteNumber(system: .navic, svid: id, prn: id) }
    default:
      break
    }
    return byRange(id)
  }

  /// NMEA 2.x extended numbering, for GP, GN and unknown talkers.
  package static func byRange(_ id: Int) -> SatelliteNumber? {
    switch id {
    case 1...32: return SatelliteNumber(system: .gps, svid: id, prn: id)
    case 33...64: return SatelliteNumber(system: .sbas, svid: id + 87, prn: id)
    case 65...96: return SatelliteNumber(system: .glonass, svid: id - 64, prn: id)
    case 120...158: return SatelliteNumber(system: .sbas, svid: id, prn: id)
    case 173...182: return SatelliteNumber(system: .imes, svid: id - 172, prn: id)
    case 193...199: return SatelliteNumber(system: .qzss, svid: id - 192, prn: id)
    case 201...237: return SatelliteNumber(system: .beidou, svid: id - 200, prn: id + 200)
    case 301...356: return SatelliteNumber(system: .galileo, svid: id - 300, prn: id)
    case 401...437: return SatelliteNumber(system: .beidou, svid: id - 400, prn: id)
    default: return nil
    }
  }
}
