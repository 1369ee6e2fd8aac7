import CLocateSys
import Platform

/// Reads an NTP segment as ntpd's mode 1 does (without clearing `valid`): the tests, the
/// benchmark and `ntpshmmon`-like tools.
package final class NTPSegmentReader: @unchecked Sendable {
  /// What one read found.
  package enum Reading: Sendable, Hashable {
    /// A whole sample (with its precision and the segment's `count` after it).
    case sample(TimeSample, precision: Int32, count: Int32)
    /// `valid` is clear: no sample (none yet, or the writer stopped).
    case empty
    /// `count` changed while reading: a writer was at work; nothing was taken.
    case changing
  }

  private let segment: UnsafeMutablePointer<clocate_ntpshm>

  /// Attaches `unit`'s existing segment, read only.
  /// - Throws: ``TimeServiceError`` `notFound` when there is none, `wrongSize`,
  ///   `permissionDenied`.
  package init(unit: Int) throws(TimeServiceError) {
    let key = NTPSegment.key(unit: unit)
    let name = "NTP\(unit)"
    do {
      let id = try SharedMemory.identifier(key: key, size: 0, create: false, permissions: 0)
      let status = try SharedMemory.status(of: id)
      guard status.size == NTPSegment.size else {
        throw TimeServiceError(
          .wrongSize(size: status.size, expected: NTPSegment.size), name)
      }
      segment = try SharedMemory.attach(id, readOnly: true)
        .bindMemory(to: clocate_ntpshm.self, capacity: 1)
    } catch let error as TimeServiceError {
      throw error
    } catch let error as Errno {
      switch error {
      case .noSuchFile: throw TimeServiceError(.notFound, name, errno: error)
      case .accessDenied: throw TimeServiceError(.permissionDenied(owner: 0, permissions: 0), name)
      default: throw TimeServiceError(.system("shmat"), name, errno: error)
      }
    } catch {
      throw TimeServiceError(.system("shmat"), name)
    }
  }

  deinit { SharedMemory.detach(UnsafeMutableRawPointer(segment)) }

  /// One read of the segment.
  package func read() -> Reading {
    var raw = clocate_ntpshm_sample()
    switch clocate_ntpshm_load(segment, &raw) {
    case 0:
      let sample = TimeSample(
        reference: Int64(raw.clock_sec) &* 1_000_000_000 &+ Int64(raw.clock_nsec),
        system: Int64(raw.receive_sec) &* 1_000_000_000 &+ Int64(raw.receive_nsec),
        leap: LeapIndicator(rawValue: raw.leap) ?? .none)
      return .sample(sample, precision: raw.precision, count: raw.count)
    case 1: return .empty
    default: return .changing
    }
  }

  /// The segment's `mode`, `count` and `valid` words as they are now.
  package var header: (mode: Int32, count: Int32, valid: Int32) {
    (segment.pointee.mode, segment.pointee.count, segment.pointee.valid)
  }
}
