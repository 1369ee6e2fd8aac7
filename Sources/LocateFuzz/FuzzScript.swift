import Foundation
@_spi(Fuzzing) import LocationEngine
@_spi(Fuzzing) import OpenCoreLocation
import Receivers

/// How the fuzzer's bytes are read: an optional header choosing the service's options and the
/// chunking, then receiver bytes with control records spliced in.
///
/// - Header: when the input starts with `0xFE` and has 5 bytes or more, bytes 1–4 are
///   `flags`, `ages` (activity type and maximum age), `filter` (distance filter and desired
///   accuracy) and `chunking` (the seed of the chunk sizes). Otherwise the defaults apply: a
///   replay with sky views and no filters, so a raw capture is a valid input.
/// - Control records: `0xFF` followed by one byte, `op = byte & 7`, `arg = byte >> 3`
///   (see ``Step``). Everything between them is receiver bytes, fed in chunks of sizes drawn
///   from the chunking seed (1 to 4 bytes, up to 32, up to 256, or the rest), so framing
///   across read boundaries is fuzzed too.
struct FuzzScript {
  /// One thing that happens to the pipeline.
  enum Step {
    /// Receiver bytes (a range of the input).
    case bytes(Range<Int>)
    /// Time passes (both clocks), seconds.
    case advance(Double)
    /// The receiver's state changes.
    case state(DeviceState)
    /// A one-shot request starts.
    case request(timeout: Double, desiredAccuracy: Double)
    /// The wall clock alone jumps, seconds.
    case jumpWall(Double)
  }

  /// The pipeline's options.
  var options = OfflinePipeline.Options()
  /// Seed of the chunk sizes.
  var chunkSeed: UInt64 = 0x5EED
  /// A one-shot request made before any input.
  var requestAtStart: (timeout: Double, desiredAccuracy: Double)?
  /// What happens, in order.
  var steps: [Step] = []

  /// Large time jumps allowed per input (each runs the service's 0.2 s ticks on the way).
  static let largeAdvances = 8
  static let maximumAges: [Double] = [5, 1, 0.5, 30, 0, 2, 10, 3600]
  static let activities: [CLActivityType] = [
    .other, .automotiveNavigation, .fitness, .otherNavigation, .airborne,
  ]
  static let bauds: [Int?] = [nil, 4800, 9600, 38400, 115_200, 230_400, 460_800, 921_600]

  /// Reads an input.
  init(_ data: UnsafeBufferPointer<UInt8>) {
    var start = 0
    options.isReplay = true
    if data.count >= 5 && data[0] == 0xFE {
      readHeader(flags: data[1], ages: data[2], filter: data[3], chunking: data[4])
      start = 5
    }
    var large = 0
    var segment = start
    var index = start
    while index < data.count {
      guard data[index] == 0xFF else {
        index += 1
        continue
      }
      if segment < index { steps.append(.bytes(segment..<index)) }
      guard index + 1 < data.count else {
        segment = data.count
        break
      }
      if let step = Self.control(data[index + 1], large: &large) { steps.append(step) }
      index += 2
      segment = index
    }
    if segment < data.count { steps.append(.bytes(segment..<data.count)) }
  }

  private mutating func readHeader(flags: UInt8, ages: UInt8, filter: UInt8, chunking: UInt8) {
    options.isReplay = flags & 0x01 == 0
    options.lenient = flags & 0x02 != 0
    options.pausesAutomatically = flags & 0x04 != 0
    options.wantsSky = flags & 0x08 == 0
    if flags & 0x10 != 0 {
      requestAtStart = (Double(filter & 0x0F) * 4, filter & 0x10 != 0 ? 5 : kCLLocationAccuracyBest)
    }
    options.timestamps = flags & 0x20 != 0 ? .startingNow : .asRecorded
    if flags & 0x40 != 0 { options.distanceFilter = Double(filter) * 0.5 }
    if flags & 0x80 != 0 { options.desiredAccuracy = Double(filter) * 0.25 }
    options.activityType = Self.activities[Int(ages & 0x07) % Self.activities.count]
    options.maximumAge = Self.maximumAges[Int(ages >> 5)]
    chunkSeed = UInt64(chunking) &* 0x9E37_79B9_7F4A_7C15 | 1
  }

  /// The step of a control record's byte.
  static func control(_ byte: UInt8, large: inout Int) -> Step? {
    let argument = Int(byte >> 3)
    switch byte & 0x07 {
    case 0: return .advance(Double(argument + 1) * 0.05)
    case 1:
      large += 1
      return large <= largeAdvances ? .advance(Double(argument + 1) * 8) : .advance(1)
    case 2: return .state(.unplugged(path: OfflinePipeline.device))
    case 3: return .state(.connected(path: OfflinePipeline.device, baud: bauds[argument & 7]))
    case 4: return .state(.silent(path: OfflinePipeline.device, seconds: Double(argument)))
    case 5: return .state(.ended)
    case 6:
      return .request(
        timeout: Double(argument & 0x0F) * 2,
        desiredAccuracy: argument & 0x10 != 0 ? 5 : kCLLocationAccuracyBest)
    default: return .jumpWall(Double(argument - 16) * 3 * 3600)
    }
  }
}
