import Foundation
@_spi(Fuzzing) import LocationEngine
@_spi(Fuzzing) import OpenCoreLocation
import Receivers

/// Runs a ``FuzzScript`` through an ``OfflinePipeline`` and checks what comes out.
enum FuzzRun {
  /// Runs an input: its outputs must pass ``FuzzChecks``, and for a replay (whose results must
  /// not depend on how the bytes were split into reads) the outputs of the input fed in the
  /// script's chunks must equal those of the input fed in one read per segment.
  static func check(_ data: UnsafeBufferPointer<UInt8>) {
    let script = FuzzScript(data)
    let chunked = run(script, data, chunked: true)
    guard script.options.isReplay else { return }
    let whole = run(script, data, chunked: false)
    guard chunked.signatures != whole.signatures else { return }
    let index = zip(chunked.signatures, whole.signatures).enumerated().first { $1.0 != $1.1 }?
      .offset
    let at = index ?? min(chunked.signatures.count, whole.signatures.count)
    let chunkedText = at < chunked.signatures.count ? chunked.signatures[at] : "nothing"
    let wholeText = at < whole.signatures.count ? whole.signatures[at] : "nothing"
    FuzzChecks.fail(
      "replay depends on read boundaries: output \(at) is \(chunkedText) in chunks, "
        + "\(wholeText) in one read")
  }

  /// Runs a script; returns the outputs' signatures after checking them.
  static func run(_ script: FuzzScript, _ data: UnsafeBufferPointer<UInt8>, chunked: Bool)
    -> FuzzChecks
  {
    let pipeline = OfflinePipeline(options: script.options)
    var checks = FuzzChecks(options: script.options)
    if let request = script.requestAtStart {
      checks.requested(desiredAccuracy: request.desiredAccuracy)
      pipeline.requestLocation(timeout: request.timeout, desiredAccuracy: request.desiredAccuracy)
    }
    var sizes = ChunkSizes(seed: script.chunkSeed)
    let base = UnsafeRawBufferPointer(data)
    for step in script.steps {
      switch step {
      case .bytes(let range):
        var start = range.lowerBound
        while start < range.upperBound {
          let end = chunked ? min(range.upperBound, start + sizes.next()) : range.upperBound
          pipeline.feed(UnsafeRawBufferPointer(rebasing: base[start..<end]))
          checks.take(pipeline.takeOutputs())
          start = end
        }
        continue
      case .advance(let seconds): pipeline.advance(by: seconds)
      case .state(let state): pipeline.deviceState(state)
      case .request(let timeout, let desired):
        // What a replay held for its first date goes out when a request starts: checked
        // against the earlier request's accuracy, as it answers that one.
        checks.take(pipeline.takeOutputs())
        pipeline.requestLocation(timeout: timeout, desiredAccuracy: desired)
        checks.take(pipeline.takeOutputs())
        checks.requested(desiredAccuracy: desired)
      case .jumpWall(let seconds): pipeline.jumpWallClock(by: seconds)
      }
      checks.take(pipeline.takeOutputs())
    }
    pipeline.deviceState(.ended)
    checks.take(pipeline.takeOutputs())
    return checks
  }
}

/// Chunk sizes drawn from a seed: a quarter 1–4 bytes, a quarter up to 32, a quarter up to
/// 256, a quarter up to 16 KiB (the reader's buffer).
struct ChunkSizes {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    let limits = [4, 32, 256, 16384]
    return 1 + Int((z >> 2) % UInt64(limits[Int(z & 3)]))
  }
}
