import Foundation
import Platform

/// NTP shared-memory units for tests. Keys are global on a machine (`0x4e545030` + unit), and
/// tests run in parallel, with other test runs beside them: a test takes a unit that no
/// segment has, at random from a range nothing else uses, made at once (`IPC_EXCL`: no other
/// test can take it meanwhile), and removes it at its end.
public enum NTPTestUnits {
  /// ntpd's base key.
  public static let baseKey: Int32 = 0x4e54_5030
  /// The size of an NTP segment here (`struct shmTime`).
  public static let segmentSize = 96

  /// A unit from 20000…59999 whose segment this call made (`permissions`, `size` bytes).
  public static func reserve(permissions: UInt32 = 0o666, size: Int = segmentSize) throws -> Int {
    for _ in 0..<100 {
      let unit = Int.random(in: 20_000..<60_000)
      do {
        _ = try SharedMemory.identifier(
          key: baseKey + Int32(unit), size: size, create: true, exclusive: true,
          permissions: permissions)
        return unit
      } catch {
        continue
      }
    }
    throw TestFailure("no free NTP test unit in 100 tries")
  }

  /// A unit from 20000…59999 that has no segment now (for a test that lets the program make
  /// it).
  public static func free() throws -> Int {
    for _ in 0..<100 {
      let unit = Int.random(in: 20_000..<60_000)
      let exists =
        (try? SharedMemory.identifier(
          key: baseKey + Int32(unit), size: 0, create: false, permissions: 0)) != nil
      if !exists { return unit }
    }
    throw TestFailure("no free NTP test unit in 100 tries")
  }

  /// Removes `unit`'s segment (once nothing is attached), if there is one.
  public static func remove(_ unit: Int) {
    guard
      let id = try? SharedMemory.identifier(
        key: baseKey + Int32(unit), size: 0, create: false, permissions: 0)
    else { return }
    try? SharedMemory.remove(id)
  }

  /// The owner, mode and size of `unit`'s segment, or nil when there is none.
  public static func status(_ unit: Int) -> (size: Int, permissions: UInt32, owner: UInt32)? {
    guard
      let id = try? SharedMemory.identifier(
        key: baseKey + Int32(unit), size: 0, create: false, permissions: 0),
      let status = try? SharedMemory.status(of: id)
    else { return nil }
    return (status.size, status.permissions, status.ownerID)
  }
}
