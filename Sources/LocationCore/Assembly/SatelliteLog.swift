import NMEA

/// The satellite sentences (GSV, GSA) a reader merged, in order, for a ``SatelliteTable`` kept
/// on another thread: an engine's delivery stage (``EngineCore/defersSatellites``). A mark
/// stands where the reader made an event that needs the table as it was then (an epoch's
/// report, a sky view); the stage replays the log up to each mark before it completes that
/// event (``SatelliteTable/replay(_:from:)``).
///
/// Only what the table reads is kept, in 8-byte words written in place (a few instructions per
/// sentence on the reader, where the table's own bookkeeping took about 90 per satellite):
/// - a sentence: a header word (bits 0–1 the kind, 0 GSV and 1 GSA; 2–6 how many satellites
///   or IDs; 8–23 the talker; 24 whether a signal or system ID follows in 25–32), the epoch
///   number, then the GSV's satellites or the GSA's IDs as they are in memory (plain values:
///   copied as bytes, and read back in place), padded to a whole word;
/// - a mark: one header word of kind 2.
package struct SatelliteLog: @unchecked Sendable {
  /// Where a replay of a log is: the offset of its next word, in bytes.
  package typealias Position = Int

  private var storage: Storage

  /// An empty log, with room for `capacity` words.
  package init(capacity: Int = 0) { storage = Storage(capacity: capacity) }

  /// How many bytes were logged.
  package var byteCount: Int { storage.count }

  private static let inViewKind: UInt64 = 0
  private static let usedKind: UInt64 = 1
  private static let markKind: UInt64 = 2

  /// Logs a GSV's satellites (at most ``GSVSatellites/capacity``).
  @inline(__always)
  package mutating func logInView(
    _ satellites: UnsafeBufferPointer<SatelliteInView>, talker: Talker, signalID: UInt8?,
    epoch: Int
  ) {
    log(
      Self.inViewKind, UnsafeRawBufferPointer(satellites), count: satellites.count,
      talker: talker, id: signalID, epoch: epoch)
  }

  /// Logs a GSA's satellite IDs (at most ``SatelliteIDs/capacity``).
  @inline(__always)
  package mutating func logUsed(
    _ ids: UnsafeBufferPointer<UInt16>, talker: Talker, systemID: UInt8?, epoch: Int
  ) {
    log(
      Self.usedKind, UnsafeRawBufferPointer(ids), count: ids.count, talker: talker,
      id: systemID, epoch: epoch)
  }

  /// Logs a sentence: its header, its epoch and the bytes of its `count` items.
  @inline(__always)
  private mutating func log(
    _ kind: UInt64, _ items: UnsafeRawBufferPointer, count: Int, talker: Talker, id: UInt8?,
    epoch: Int
  ) {
    var header = kind | UInt64(truncatingIfNeeded: count) << 2 | UInt64(talker.rawValue) << 8
    if let id { header |= 1 << 24 | UInt64(id) << 25 }
    let bytes = storage.reserve(16 &+ (items.count &+ 7) & ~7)
    bytes.storeBytes(of: header, as: UInt64.self)
    bytes.storeBytes(of: UInt64(bitPattern: Int64(epoch)), toByteOffset: 8, as: UInt64.self)
    if let start = items.baseAddress {
      (bytes + 16).copyMemory(from: start, byteCount: items.count)
    }
  }

  /// Logs a mark.
  package mutating func mark() { storage.reserve(8).storeBytes(of: Self.markKind, as: UInt64.self) }

  /// The log so far, for good (it goes to another thread); the log starts again with room for
  /// a little more (one allocation per hand-off, none per sentence).
  package mutating func take() -> SatelliteLog {
    let taken = self
    self = SatelliteLog(capacity: (taken.byteCount + taken.byteCount / 4) / 8)
    return taken
  }

  /// Calls `inView` for each GSV and `used` for each GSA from `position` to the next mark, or
  /// to the end when no mark follows, with the satellites or IDs read in place; `position`
  /// moves past what was read (the mark too).
  @inline(__always)
  package func replay(
    from position: inout Position,
    inView: (UnsafeBufferPointer<SatelliteInView>, Talker, UInt8?, Int) -> Void,
    used: (UnsafeBufferPointer<UInt16>, Talker, UInt8?, Int) -> Void
  ) {
    let base = storage.base
    while position < storage.count {
      let header = base.load(fromByteOffset: position, as: UInt64.self)
      let kind = header & 3
      if kind == Self.markKind {
        position &+= 8
        return
      }
      let count = Int(header >> 2 & 31)
      let talker = Talker(
        UInt8(truncatingIfNeeded: header >> 16), UInt8(truncatingIfNeeded: header >> 8))
      let id = header & 1 << 24 != 0 ? UInt8(truncatingIfNeeded: header >> 25) : nil
      let epoch = Int(Int64(bitPattern: base.load(fromByteOffset: position &+ 8, as: UInt64.self)))
      let items = base + (position &+ 16)
      if kind == Self.inViewKind {
        // Plain values, written as bytes by the reader: bound again to their type to be read.
        let list = items.bindMemory(to: SatelliteInView.self, capacity: count)
        position &+= 16 &+ (count &* MemoryLayout<SatelliteInView>.stride &+ 7) & ~7
        inView(UnsafeBufferPointer(start: list, count: count), talker, id, epoch)
      } else {
        let list = items.bindMemory(to: UInt16.self, capacity: count)
        position &+= 16 &+ (count &* MemoryLayout<UInt16>.stride &+ 7) & ~7
        used(UnsafeBufferPointer(start: list, count: count), talker, id, epoch)
      }
    }
  }

  /// The bytes, owned by one log at a time: written by the reader, then read by the stage.
  private final class Storage {
    var base: UnsafeMutableRawPointer
    var count = 0
    var capacity: Int

    init(capacity words: Int) {
      capacity = Swift.max(words, 256) &* 8
      base = .allocate(byteCount: capacity, alignment: 8)
    }

    deinit { base.deallocate() }

    /// Room for `bytes` more bytes (a multiple of 8), counted as written: where they go.
    @inline(__always)
    func reserve(_ bytes: Int) -> UnsafeMutableRawPointer {
      if count &+ bytes > capacity { grow(to: count &+ bytes) }
      let start = base + count
      count &+= bytes
      return start
    }

    private func grow(to needed: Int) {
      let grown = Swift.max(needed, capacity &* 2)
      let bytes = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 8)
      bytes.copyMemory(from: base, byteCount: count)
      base.deallocate()
      base = bytes
      capacity = grown
    }
  }
}

extension SatelliteTable {
  /// Adds `log`'s sentences from `position` up to its next mark, or to its end when no mark
  /// follows; `position` moves past what was read (the mark too). The same calls, in the same
  /// order, as adding the sentences as they came (``add(_:epoch:)-GSV``,
  /// ``add(_:epoch:)-GSA``).
  package mutating func replay(_ log: SatelliteLog, from position: inout SatelliteLog.Position) {
    log.replay(from: &position) { list, talker, signalID, epoch in
      addInView(list, talker: talker, signalID: signalID, epoch: epoch)
    } used: { ids, talker, systemID, epoch in
      addUsed(ids, talker: talker, systemID: systemID, epoch: epoch)
    }
  }
}
