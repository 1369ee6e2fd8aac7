import FoundationEssentials
import NMEA

/// One satellite in view, as the GSV sentences of an epoch describe it.
package struct SatelliteRecord: Sendable, Hashable {
  package var number: SatelliteNumber
  package var elevation: Int16?
  package var azimuth: Int16?
  package var snr: Int16?
  package var signalID: UInt8?
}

/// The sky across all constellations: satellites in view (GSV) and used (GSA).
///
/// Storage is allocated once and reused, and lookups go through a direct index by
/// constellation and number, so adding sentences neither allocates nor searches. A new epoch's
/// first GSV replaces the satellites in view, and its first GSA replaces the set used; epochs
/// without GSV or GSA (many receivers send them every few seconds) keep the last ones.
package struct SatelliteTable {
  /// Satellites in view, in the order first described: the first ``inViewCount`` of
  /// `records`, which always holds 256, so that a GSV's satellites are written in place, with
  /// one uniqueness check of the array per sentence instead of an append's per satellite.
  private var records: [SatelliteRecord]
  /// How many satellites are in view.
  package private(set) var inViewCount = 0
  /// Satellites used, by the latest GSA sentences.
  private(set) var usedCount = 0
  /// `slot[key]` = stamp << 9 | index into `inView`, for ``SatelliteNumber/slot`` keys.
  private var slots: [UInt32]
  private var stamp: UInt32 = 1
  /// One bit per ``SatelliteNumber/slot`` key: used in the solution. An array, not an
  /// `InlineArray`: reading one word of an inline array through a borrowed table copied all
  /// 256 bytes (a `memcpy` per satellite in ``isUsed(_:)``).
  private var usedBits: [UInt64]
  /// The strongest SNR in ``inView`` (see ``bestSNR``), kept as satellites are added: a
  /// record's SNR only ever rises, and records leave only all at once (a new epoch).
  private var strongest: Int16?
  private var inViewEpoch = -1
  private var usedEpoch = -1
  /// Whether GSV data arrived since the last ``takeDirty()``.
  private var dirty = false
  /// Whether GSV and GSA sentences are logged for a table on another thread instead of added
  /// here (``EngineCore/defersSatellites``): this table then stays empty, and says only whether
  /// GSV data arrived (``takeDirty()``).
  package var logs = false
  /// What was logged since the last ``takeLog()``.
  private var log = SatelliteLog()

  package init() {
    let unused = SatelliteRecord(
      number: SatelliteNumber(system: .gps, svid: 0, prn: 0), elevation: nil, azimuth: nil,
      snr: nil, signalID: nil)
    records = Array(repeating: unused, count: 256)
    slots = Array(repeating: 0, count: 2048)
    usedBits = Array(repeating: 0, count: 32)
  }

  /// Adds the satellites of a GSV sentence received during epoch number `epoch`.
  package mutating func add(_ gsv: GSV, epoch: Int) {
    // The inline list read through one buffer: a `for … in` iterator, or a subscript on the
    // parameter, copied the whole list per satellite.
    gsv.satellites.withUnsafeBufferPointer { list in
      addInView(list, talker: gsv.talker, signalID: gsv.signalID, epoch: epoch)
    }
  }

  /// Adds a GSV's satellites (``add(_:epoch:)-GSV``: its list, talker and signal).
  package mutating func addInView(
    _ list: UnsafeBufferPointer<SatelliteInView>, talker: Talker, signalID: UInt8?, epoch: Int
  ) {
    dirty = true
    if logs {
      log.logInView(list, talker: talker, signalID: signalID, epoch: epoch)
      return
    }
    if epoch != inViewEpoch {
      inViewEpoch = epoch
      inViewCount = 0
      strongest = nil
      stamp = stamp & 0x7F_FFFF == 0x7F_FFFF ? 1 : stamp + 1
    }
    add(list, system: GNSSNumbering.system(ofTalker: talker), signalID: signalID)
  }

  private mutating func add(
    _ list: UnsafeBufferPointer<SatelliteInView>, system: GNSSSystem?, signalID: UInt8?
  ) {
    var count = inViewCount
    var strongest = self.strongest
    let stamp = self.stamp
    records.withUnsafeMutableBufferPointer { records in
      slots.withUnsafeMutableBufferPointer { slots in
        for satellite in list {
          guard let number = GNSSNumbering.identify(Int(satellite.id), in: system) else {
            continue
          }
          // `slot` < 2048, the size of `slots`.
          let slot = number.slot
          let entry = slots[slot]
          let index = Int(entry & 0x1FF)
          if entry >> 9 == stamp, index < count, records[index].number == number {
            // The same satellite on another signal (NMEA 4.10): keep the strongest signal.
            if let snr = satellite.snr, snr > (records[index].snr ?? -1) {
              records[index].snr = snr
            }
            if records[index].elevation == nil { records[index].elevation = satellite.elevation }
            if records[index].azimuth == nil { records[index].azimuth = satellite.azimuth }
          } else if count < 256 {
            slots[slot] = stamp << 9 | UInt32(count)
            records[count] = SatelliteRecord(
              number: number, elevation: satellite.elevation, azimuth: satellite.azimuth,
              snr: satellite.snr, signalID: signalID)
            count += 1
          } else {
            continue
          }
          // What was stored is at most this SNR (a record's SNR only rises, to a higher one).
          if let snr = satellite.snr, snr > (strongest ?? -1) { strongest = snr }
        }
      }
    }
    inViewCount = count
    self.strongest = strongest
  }

  /// Marks the satellites of a GSA sentence received during epoch number `epoch` as used.
  package mutating func add(_ gsa: GSA, epoch: Int) {
    gsa.satellites.withUnsafeBufferPointer { ids in
      addUsed(ids, talker: gsa.talker, systemID: gsa.systemID, epoch: epoch)
    }
  }

  /// Marks a GSA's satellites used (``add(_:epoch:)-GSA``: its IDs, talker and system ID).
  package mutating func addUsed(
    _ ids: UnsafeBufferPointer<UInt16>, talker: Talker, systemID: UInt8?, epoch: Int
  ) {
    if logs {
      log.logUsed(ids, talker: talker, systemID: systemID, epoch: epoch)
      return
    }
    if epoch != usedEpoch {
      usedEpoch = epoch
      for index in usedBits.indices { usedBits[index] = 0 }
      usedCount = 0
    }
    let system =
      systemID.flatMap(GNSSNumbering.system(ofSystemID:)) ?? GNSSNumbering.system(ofTalker: talker)
    markUsed(ids, system: system)
  }

  private mutating func markUsed(_ ids: UnsafeBufferPointer<UInt16>, system: GNSSSystem?) {
    for id in ids {
      guard let number = GNSSNumbering.identify(Int(id), in: system) else { continue }
      let slot = number.slot
      let bit: UInt64 = 1 << UInt64(slot & 63)
      if usedBits[slot >> 6] & bit == 0 {
        usedBits[slot >> 6] |= bit
        usedCount += 1
      }
    }
  }

  /// Whether a satellite is used in the solution.
  package func isUsed(_ number: SatelliteNumber) -> Bool {
    let slot = number.slot
    return usedBits[slot >> 6] & (1 << UInt64(slot & 63)) != 0
  }

  /// Makes `directions` the (elevation, azimuth) in degrees of each satellite in view that is
  /// used and has both, in the order of ``inView``; returns whether that changed them. Compared
  /// in place as they are gathered: most epochs change one direction or none, so the array is
  /// seldom written (gathering a second array and comparing the two cost twice as much).
  package func updateUsedDirections(_ directions: inout [SIMD2<Double>]) -> Bool {
    var count = 0
    var changed = false
    records.withUnsafeBufferPointer { records in
      usedBits.withUnsafeBufferPointer { bits in
        for record in records[..<inViewCount] {
          // `slot` < 2048: its word is one of the 32.
          let slot = record.number.slot
          guard bits[slot >> 6] & (1 << UInt64(slot & 63)) != 0,
            let elevation = record.elevation, let azimuth = record.azimuth
          else { continue }
          let direction = SIMD2(Double(elevation), Double(azimuth))
          if count == directions.count {
            directions.append(direction)
            changed = true
          } else if directions[count] != direction {
            directions[count] = direction
            changed = true
          }
          count += 1
        }
      }
    }
    if count < directions.count {
      directions.removeLast(directions.count - count)
      changed = true
    }
    return changed
  }

  /// The satellites in view, in the order first described.
  package var inView: ArraySlice<SatelliteRecord> { records[..<inViewCount] }

  /// Whether any GSV has described the sky yet.
  package var hasSkyView: Bool { inViewEpoch >= 0 }

  /// Whether any GSA has listed satellites.
  package var hasUsedList: Bool { usedEpoch >= 0 }

  /// While ``logs``: an event that needs the table as it is now was made (see
  /// ``SatelliteLog/Entry/mark``).
  package mutating func mark() { log.mark() }

  /// While ``logs``: what was logged since the last call, for good.
  package mutating func takeLog() -> SatelliteLog { log.take() }

  /// Whether GSV data arrived since the last call; clears the flag.
  package mutating func takeDirty() -> Bool {
    defer { dirty = false }
    return dirty
  }

  /// The strongest signal in view, dB-Hz: kept as GSV sentences are added (it was worked out
  /// over every satellite in view for each report), the same as ``strongestInView``.
  package var bestSNR: Double? { strongest.map(Double.init) }

  /// The strongest SNR in view worked out from ``inView``: what ``bestSNR`` keeps as it goes
  /// (for tests).
  package var strongestInView: Int16? {
    var best: Int16? = nil
    for satellite in records[..<inViewCount] {
      if let snr = satellite.snr, snr > (best ?? -1) { best = snr }
    }
    return best
  }

  /// The public sky view (allocates: call once per epoch, only when someone wants it).
  package func skyView(time: Date?, hdop: Double?, vdop: Double?, pdop: Double?) -> GNSSSkyView {
    let satellites = records[..<inViewCount].map { record in
      GNSSSatellite(
        system: record.number.system, svid: record.number.svid, prn: record.number.prn,
        elevation: record.elevation.map(Double.init), azimuth: record.azimuth.map(Double.init),
        snr: record.snr.map(Double.init), used: isUsed(record.number),
        signalID: record.signalID.map(Int.init))
    }
    return GNSSSkyView(time: time, satellites: satellites, hdop: hdop, vdop: vdop, pdop: pdop)
  }

  /// The sky view that `placeholder` stands for, with the satellites here: its time and DOPs,
  /// from a core whose table only ``logs`` (see ``EngineCore/defersSatellites``).
  package func skyView(like placeholder: GNSSSkyView) -> GNSSSkyView {
    skyView(
      time: placeholder.time, hdop: placeholder.hdop, vdop: placeholder.vdop,
      pdop: placeholder.pdop)
  }
}

extension SatelliteNumber {
  /// 0..<2048: constellation × 256 + number (numbers above 255 share the last slot).
  package var slot: Int { system.rawValue << 8 | min(max(svid, 0), 255) }
}
