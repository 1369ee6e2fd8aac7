import Foundation
import Receivers

/// Reads `locate simulate`'s controls from standard input, one per line, and acknowledges each
/// on standard output: `unplug`, `replug`, `silence SECONDS`, `quit`. The end of standard input
/// leaves the simulator running (until a signal or `--duration`).
struct SimulatorControls: Sendable {
  let receiver: VirtualReceiver
  let output: OutputSink

  /// Runs until `quit` or cancellation.
  func run() async throws(LocateError) {
    let lines = AsyncStream<String> { continuation in
      let thread = Thread {
        while let line = readLine() { continuation.yield(line) }
        continuation.finish()
      }
      thread.start()
    }
    for await line in lines {
      let words = line.split(separator: " ", omittingEmptySubsequences: true)
      guard let command = words.first else { continue }
      switch command {
      case "unplug":
        receiver.unplug()
        try say("unplugged")
      case "replug":
        do {
          try receiver.replug()
          try say("replugged " + receiver.devicePath)
        } catch {
          StatusLine(isTerminal: false, verbose: true).note("replug: \(error)")
        }
      case "silence":
        guard words.count == 2, let seconds = Double(words[1]), seconds > 0, seconds.isFinite
        else {
          StatusLine(isTerminal: false, verbose: true).note("'\(line)': give silence SECONDS")
          continue
        }
        receiver.silence(seconds: seconds)
        try say("silent " + JSONText.shortest(seconds))
      case "quit", "exit", "stop":
        try say("quit")
        return
      default:
        StatusLine(isTerminal: false, verbose: true).note(
          "'\(line)': unknown control (unplug, replug, silence SECONDS, quit)")
      }
    }
    // Standard input ended: keep simulating until a signal or --duration.
    while !Task.isCancelled { try? await Task.sleep(nanoseconds: 3_600_000_000_000) }
  }

  private func say(_ text: String) throws(LocateError) {
    try output.write(text + "\n")
    try output.flush()
  }
}
