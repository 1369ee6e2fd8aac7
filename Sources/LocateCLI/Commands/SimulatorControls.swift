import JSON
import Platform
import Receivers
import VirtualReceiver

/// `locate simulate`'s control channel: the virtual receiver reads control lines from standard
/// input itself (`unplug [S]`, `replug`, `silence S`, `baud RATE|any`, `after S CMD`, `stop`;
/// see Receivers' `VirtualControl`), and each thing it does is acknowledged here, one line on
/// standard output. The end of standard input leaves the simulator running.
struct SimulatorControls: Sendable {
  let receiver: VirtualReceiver
  let output: OutputSink
  let status: StatusLine

  /// Runs until the simulator stops (`stop`) or the task is cancelled.
  func run() async throws(LocateError) {
    let (events, continuation) = AsyncStream<VirtualReceiverEvent>.makeStream()
    receiver.observe { continuation.yield($0) }
    do {
      try receiver.readControls(from: FileDescriptor.standardInput.rawValue)
    } catch {
      throw FailureMapping.receiver(error, source: .device(path: receiver.devicePath, baud: .auto))
    }
    for await event in events {
      switch event {
      case .started: break
      case .unplugged: try say("unplugged")
      case .replugged(let devicePath, _): try say("replugged " + devicePath)
      case .silenced(let seconds): try say("silent " + JSONText.shortest(seconds))
      case .onlyBaud(let rate): try say("baud " + (rate.map(String.init) ?? "any"))
      case .scriptEnded: try say("capture ended")
      case .controlFailed(let why): status.print(line: "locate: " + why)
      case .controlEnded: break
      case .stopped:
        // The `stop` control, acknowledged like the others.
        try say("stopped")
        return
      }
    }
  }

  private func say(_ text: String) throws(LocateError) {
    try output.write(text + "\n")
    try output.flush()
  }
}
