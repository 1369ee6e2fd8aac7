import Foundation
import NMEA

/// One satellite in view, as the GSV sentences of an epoch describe it.
struct SatelliteRecord: Sendable, Hashable {
  var number: SatelliteNumber
  var elevation: Int16?
  var azimuth: Int16?
  var snr: Int16?
  var signalID: UInt8?
}

/// The sky across all constellations: satellites in view (GSV) and used (GSA).
///
/// The storage is allocated once and reused, so adding sentences does not allocate. A new epoch's
/// first GSV replaces the satellites in view, and its first GSA replaces the set used; epochs
/// without GSV or GSA (many receivers send them every few seconds) keep the last ones.
struct SatelliteTable {
  /// Satellites in view, in the order first described.
  private(set) var inView: [SatelliteRecord]
  /// Keys (``SatelliteNumber/key``) of the satellites used.
  private(set) var used: [UInt32]
  private var inViewEpoch = -1
  private var usedEpoch = -1
  /// Whether GSV data arrived since the last ``takeDirty()``.
  private var dirty = false

  init() {
    inView = []
    inView.reserveCapacity(128)
    used = []
    used.reserveCapacity(64)
  }

  /// Adds the satellites of a GSV sentence received during epoch number `epoch`.
  mutating func add(_ gsv: GSV, epoch: Int) {
    if epoch != inViewEpoch {
      inViewEpoch = epoch
      inView.removeAll(keepingCapacity: true)
    }
    dirty = true
    for satellite in gsv.satellites {
      guard let number = GNSSNumbering.identify(Int(satellite.id), talker: gsv.talker) else {
        continue
      }
      if let index = inView.firstIndex(where: { $0.number.key == number.key }) {
        // The same satellite on another signal (NMEA 4.10): keep the strongest signal.
        if let snr = satellite.snr, snr > (inView[index].snr ?? -1) { inView[index].snr = snr }
        if inView[index].elevation == nil { inView[index].elevation = satellite.elevation }
        if inView[index].azimuth == nil { inView[index].azimuth = satellite.azimuth }
      } else if inView.count < 256 {
        inView.append(
          SatelliteRecord(
            number: number, elevation: satellite.elevation, azimuth: satellite.azimuth,
            snr: satellite.snr, signalID: gsv.signalID))
      }
    }
  }

  /// Marks the satellites of a GSA sentence received during epoch number `epoch` as used.
  mutating func add(_ gsa: GSA, epoch: Int) {
    if epoch != usedEpoch {
      usedEpoch = epoch
      used.removeAll(keepingCapacity: true)
    }
    for id in gsa.satellites {
      guard
        let number = GNSSNumbering.identify(Int(id), talker: gsa.talker, systemID: gsa.systemID)
      else { continue }
      if !used.contains(number.key) && used.count < 128 { used.append(number.key) }
    }
  }

  /// Whether any GSA has listed satellites.
  var hasUsedList: Bool { usedEpoch >= 0 }

  /// Satellites used, by the latest GSA sentences.
  var usedCount: Int { used.count }

  /// Whether GSV data arrived since the last call; clears the flag.
  mutating func takeDirty() -> Bool {
    defer { dirty = false }
    return dirty
  }

  /// The strongest signal in view, dB-Hz.
  var bestSNR: Double? {
    var best: Int16? = nil
    for satellite in inView {
      if let snr = satellite.snr, snr > (best ?? -1) { best = snr }
    }
    return best.map(Double.init)
  }

  /// The public sky view (allocates: call once per epoch, only when someone wants it).
  func skyView(time: Date?, hdop: Double?, vdop: Double?, pdop: Double?) -> GNSSSkyView {
    let satellites = inView.map { record in
      GNSSSatellite(
        system: record.number.system, svid: record.number.svid, prn: record.number.prn,
        elevation: record.elevation.map(Double.init), azimuth: record.azimuth.map(Double.init),
        snr: record.snr.map(Double.init), used: used.contains(record.number.key),
        signalID: record.signalID.map(Int.init))
    }
    return GNSSSkyView(time: time, satellites: satellites, hdop: hdop, vdop: vdop, pdop: pdop)
  }
}
