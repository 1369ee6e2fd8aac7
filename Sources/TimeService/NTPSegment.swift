import CLocateSys
import Platform

/// One NTP shared-memory segment, written as gpsd writes it for ntpd's SHM driver (type 28)
/// and chrony's `refclock SHM`: ntpd's `shmTime` at key `0x4e545030` + unit, mode 1 (the
/// `count`/`valid` protocol: a reader never takes a half-written sample), nanosecond fields.
///
/// The segment is made when missing, with ntpd's permissions: units 0 and 1 readable and
/// writable by root only (0600), 2 and up by everyone (0666), so a user's program may feed
/// those. One that exists is used as it is when this user may write it and it has the size
/// of an NTP segment; the segment stays when it is closed (ntpd or chrony may still read it),
/// marked as holding no sample.
///
/// While attached, the segment's spare words (`dummy`, which ntpd and chrony ignore) name this
/// process, so that a second `locate` asked to write the same unit refuses instead of mixing
/// its samples in.
package final class NTPSegment: @unchecked Sendable {
  /// ntpd's base key, "NTP0".
  package static let baseKey: Int32 = 0x4e54_5030
  /// The segment's size on this platform (96 bytes on 64-bit Linux).
  package static let size = MemoryLayout<clocate_ntpshm>.size
  /// The mark of a segment `locate` writes ("LOCT"), and where it and the writer's process ID
  /// go (the first two spare words).
  static let marker: Int32 = 0x4c4f_4354
  private static let markerOffset = MemoryLayout<clocate_ntpshm>.offset(of: \.dummy) ?? 60

  /// The unit (0 for chrony's `refclock SHM 0`, ntpd's 127.127.28.0).
  package let unit: Int
  /// `NTPn`, as ntpshmmon names it.
  package let name: String
  /// Its System V key.
  package let key: Int32
  private let segment: UnsafeMutablePointer<clocate_ntpshm>
  private let lock = Locked(false)

  /// The key of `unit`.
  package static func key(unit: Int) -> Int32 { baseKey &+ Int32(truncatingIfNeeded: unit) }

  /// The permissions ntpd gives `unit`'s segment: 0600 for 0 and 1, 0666 from 2.
  package static func permissions(unit: Int) -> UInt32 { unit < 2 ? 0o600 : 0o666 }

  /// Attaches `unit`'s segment for writing, making it when missing, and marks it invalid
  /// until the first sample.
  /// - Throws: ``TimeServiceError`` `wrongSize` (another program's segment of another size
  ///   has the key), `permissionDenied` (this user may not write it), `inUse` (another
  ///   `locate` writes it), `system`.
  package init(unit: Int) throws(TimeServiceError) {
    self.unit = unit
    name = "NTP\(unit)"
    key = Self.key(unit: unit)
    let id: Int32
    do {
      id = try SharedMemory.identifier(
        key: key, size: Self.size, create: true, permissions: Self.permissions(unit: unit))
    } catch {
      throw Self.refusal(error, key: key, name: name)
    }
    let status: SharedMemory.Status
    do {
      status = try SharedMemory.status(of: id)
    } catch {
      throw Self.refusal(error, key: key, name: name)
    }
    guard status.size == Self.size else {
      throw TimeServiceError(.wrongSize(size: status.size, expected: Self.size), name)
    }
    let address: UnsafeMutableRawPointer
    do {
      address = try SharedMemory.attach(id)
    } catch {
      throw Self.refusal(error, key: key, name: name)
    }
    // Checked before the segment is this object's (a throw after that would run `deinit`,
    // which marks the other writer's segment invalid).
    let words = (address + Self.markerOffset).assumingMemoryBound(to: Int32.self)
    let writer = words[1]
    if words[0] == Self.marker, writer != CurrentProcess.id, CurrentProcess.exists(writer),
      SegmentTable.isAttached(pid: writer, key: key)
    {
      SharedMemory.detach(address)
      throw TimeServiceError(.inUse(pid: writer), name)
    }
    segment = address.bindMemory(to: clocate_ntpshm.self, capacity: 1)
    words[0] = Self.marker
    words[1] = CurrentProcess.id
    segment.pointee.mode = 1
    segment.pointee.nsamples = 3
    clocate_ntpshm_invalidate(segment)
  }

  deinit { close() }

  /// The error for a segment that cannot be had, with its owner and mode from
  /// `/proc/sysvipc/shm` when the kernel refused.
  private static func refusal(_ error: Errno, key: Int32, name: String) -> TimeServiceError {
    let entry = SegmentTable.entry(key: key)
    switch error {
    case .accessDenied, .notPermitted:
      return TimeServiceError(
        .permissionDenied(owner: entry?.ownerID ?? 0, permissions: entry?.permissions ?? 0),
        name, errno: error)
    case .invalidArgument:
      // shmget refuses a size larger than the segment that has the key.
      return TimeServiceError(
        .wrongSize(size: entry?.size ?? 0, expected: size), name, errno: error)
    default:
      return TimeServiceError(.system("shmget"), name, errno: error)
    }
  }

  /// Writes a sample with mode 1's protocol: `valid` cleared and `count` advanced, the values,
  /// `count` advanced again, then `valid` set. `precision` is log2 seconds (−20: about 1 µs).
  package func write(_ sample: TimeSample, precision: Int32) {
    let (clockSeconds, clockNanos) = sample.reference.floorDivided(by: 1_000_000_000)
    let (systemSeconds, systemNanos) = sample.system.floorDivided(by: 1_000_000_000)
    lock.withLock { closed in
      guard !closed else { return }
      clocate_ntpshm_begin(segment)
      clocate_ntpshm_set(
        segment, clockSeconds, Int(clockNanos), systemSeconds, Int(systemNanos),
        sample.leap.rawValue, precision)
      clocate_ntpshm_commit(segment)
    }
  }

  /// Marks the segment as holding no sample (the receiver went away).
  package func invalidate() {
    lock.withLock { closed in
      if !closed { clocate_ntpshm_invalidate(segment) }
    }
  }

  /// Marks the segment invalid, takes this process's mark off it and detaches it (the segment
  /// stays). Later calls do nothing.
  package func close() {
    lock.withLock { closed in
      guard !closed else { return }
      closed = true
      clocate_ntpshm_invalidate(segment)
      let words = (UnsafeMutableRawPointer(segment) + Self.markerOffset)
        .assumingMemoryBound(to: Int32.self)
      words[0] = 0
      words[1] = 0
      SharedMemory.detach(UnsafeMutableRawPointer(segment))
    }
  }
}
