import Foundation
import Platform
import TestSupport
import TimeService

/// The NTP segments tests look at: what a unit holds, and whether a live `locate` writes it.
enum SegmentCheck {
  /// What `unit`'s segment holds now (nil when there is none).
  static func read(_ unit: Int) -> NTPSegmentReader.Reading? {
    (try? NTPSegmentReader(unit: unit))?.read()
  }

  /// Whether a live `locate` (named in the segment's spare words) writes `unit`.
  static func writtenByLocate(_ unit: Int) -> Bool {
    guard
      let id = try? SharedMemory.identifier(
        key: NTPSegment.key(unit: unit), size: 0, create: false, permissions: 0),
      let address = try? SharedMemory.attach(id, readOnly: true)
    else { return false }
    defer { SharedMemory.detach(address) }
    let words = (address + 60).assumingMemoryBound(to: Int32.self)
    return words[0] == 0x4c4f_4354 && CurrentProcess.exists(words[1])
  }

  /// A unit from 2…7 (the ones `ntpshmmon` reads) that no live `locate` writes.
  static func ntpshmmonUnit() throws -> Int {
    guard let unit = (2...7).shuffled().first(where: { !writtenByLocate($0) }) else {
      throw TestFailure("every NTP unit 2…7 is written by a running locate")
    }
    return unit
  }

  /// Waits until `unit` holds a sample.
  static func waitForSample(_ unit: Int, timeout: Double = 60) -> TimeSample? {
    var found: TimeSample?
    waitUntil(timeout: timeout) {
      if case .sample(let sample, _, _)? = read(unit) { found = sample }
      return found != nil
    }
    return found
  }
}
