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
