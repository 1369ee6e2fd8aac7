import Receivers

/// What a virtual receiver says.
public enum SimulationScript: Sendable, Hashable {
  /// A capture replayed with its own timing, `speed` times real time, looping when `loop`.
  case capture(path: String, speed: Double, loop: Bool)
  /// A synthetic drive.
  case drive(DriveOptions)
}

/// Plays a script: the next chunk of bytes and when it is due.
enum ScriptPlayer: Sendable {
  case capture(CaptureScript)
  case drive(DriveGenerator)

  init(_ script: SimulationScript) throws(ReceiverError) {
    switch script {
    case .capture(let path, let speed, let loop):
      self = .capture(try CaptureScript(path: path, speed: speed, loop: loop))
    case .drive(let options):
      self = .drive(try DriveGenerator(options: options))
    }
  }

  /// Seconds from now until the chunk at offset 0 is due: a drive that starts now begins on
  /// the next epoch boundary still ahead and sends each epoch at the time it describes; a
  /// capture, and a drive with a given start time, begin at once.
  mutating func delayBeforeStart() -> Double {
    guard case .drive(var generator) = self, generator.wallClockStart != nil else { return 0 }
    let now = DriveGenerator.realtimeNow()
    generator.keepStartAhead(of: now)
    self = .drive(generator)
    return max(0, (generator.wallClockStart ?? now) - now)
  }

  mutating func next() -> TimedChunk? {
    switch self {
    case .capture(var script):
      let chunk = script.next()
      self = .capture(script)
      return chunk
    case .drive(var generator):
      let chunk = generator.next()
      self = .drive(generator)
      return chunk
    }
  }
}
