import FoundationEssentials
import NMEA
import Platform
import Receivers

/// Listens to one device for a few seconds and says what it is: its rate, the talkers and
/// sentence types it sends, and its fix state (what `locate devices --probe` shows).
///
/// The fix state is the last epoch the fix assembler reported, so it follows the same rules as
/// every fix the service hands out (GSA mode, GGA quality, RMC status, 3-satellite fixes 2D).
public struct ReceiverProbe: Sendable {
  /// What was heard.
  public struct Report: Sendable, Hashable {
    /// The rate the port was read at, if serial.
    public var baud: Int?
    /// Talker IDs seen (`GN`, `GP`), sorted; proprietary sentences have none.
    public var talkers: [String] = []
    /// Sentence types seen (`GGA`, `RMC`, and proprietary addresses such as `PGRME`), sorted.
    public var sentenceTypes: [String] = []
    /// Valid sentences.
    public var sentences = 0
    /// Bytes read.
    public var bytes = 0
    /// The fix mode of the last epoch, or nil when no epoch was complete.
    public var fixMode: GNSSFixMode?
    /// Satellites used in the last epoch, if it said.
    public var satellitesUsed: Int?
    /// The last device state the reader reported (`garbled` when bytes came but no rate gave
    /// NMEA, `silent` when nothing came).
    public var lastState: DeviceState?

    /// An empty report.
    public init() {}
  }

  /// The device path.
  public var path: String
  /// The rate to read at (`auto` hunts it).
  public var baud: BaudSetting
  /// How long to listen, seconds.
  public var seconds: Double
  /// Checksum policy.
  public var checksumPolicy: ChecksumPolicy

  /// Prepares a probe.
  public init(path: String, baud: BaudSetting, seconds: Double, checksumPolicy: ChecksumPolicy) {
    self.path = path
    self.baud = baud
    self.seconds = seconds
    self.checksumPolicy = checksumPolicy
  }

  /// Opens the device (or joins the process's reader of it, see ``CLLocationManager``),
  /// listens for ``seconds`` once its rate is known (with ``BaudSetting/auto``, after the
  /// hunt: at most one pass over the rates), closes it (restoring its settings). Cancelling the task ends it at once.
  /// - Throws: ``ReceiverError`` when the device cannot be opened.
  public func run() async throws(ReceiverError) -> Report {
    let listener = ProbeListener(policy: checksumPolicy)
    var options = ReceiverOptions()
    options.reconnect = false
    // A client of the device's engine: a device this process already reads is listened to
    // through the same reader, not reported busy by itself.
    let subscription = try ReceiverEngine.subscribe(
      source: .device(path: path, baud: baud), options: options,
      config: PipelineConfig(isReplay: false, device: path), clock: SystemClock()
    ) { listener.handle($0) }
    defer { subscription.cancel() }
    let hunt = Double(BaudSetting.huntOrder.count + 1) * (options.baudHuntWindow + 0.1)
    // On the monotonic clock: a wall clock stepped meanwhile moves no deadline.
    let huntEnd = SystemTime.deadline(after: hunt)
    while !listener.settled && SystemTime.now() < huntEnd && !Task.isCancelled {
      try? await Task.sleep(nanoseconds: 50_000_000)
    }
    try? await Task.sleep(nanoseconds: UInt64(min(max(0, seconds), 1e9) * 1e9))
    return listener.report
  }
}

/// Decodes and assembles on the reader thread; the lock guards the state.
private final class ProbeListener: @unchecked Sendable {
  private struct State {
    var decoder: NMEADecoder
    var assembler = FixAssembler(rollover: .live)
    var report = ReceiverProbe.Report()
    var reads = 0
  }
  private var state: State
  private let lock = Locked(())

  package init(policy: ChecksumPolicy) { state = State(decoder: NMEADecoder(policy: policy)) }

  package func handle(_ event: EngineEvent) {
    switch event {
    case .read(let engineRead):
      lock.withLock { _ in
        state.reads += 1
        let read = state.reads
        var decoder = state.decoder
        decoder.feed(engineRead.bytes) { event in
          guard case .sentence(let sentence, _) = event else { return }
          note(state.assembler.add(sentence, at: engineRead.at, read: read))
        }
        state.decoder = decoder
      }
    case .events(let events):
      for case .deviceState(let device) in events { note(device) }
    case .joined(let view):
      if let device = view.device { note(device) }
    }
  }

  private func note(_ device: DeviceState) {
    lock.withLock { _ in
      state.report.lastState = device
      if case .connected(_, let baud) = device { state.report.baud = baud ?? state.report.baud }
    }
  }

  /// Whether the rate is known, or the hunt heard nothing or noise.
  package var settled: Bool {
    lock.withLock { _ in
      switch state.report.lastState {
      case .connected(_, _?)?, .garbled?, .silent?, .unplugged?, .ended?: return true
      default: return false
      }
    }
  }

  package var report: ReceiverProbe.Report {
    lock.withLock { _ in
      note(state.assembler.flush(at: .max))
      var report = state.report
      let addresses = state.decoder.counters.byAddress.keys
      report.talkers = Set(addresses.filter { !$0.hasPrefix("P") }.map { String($0.prefix(2)) })
        .sorted()
      report.sentenceTypes = Set(
        addresses.map { $0.hasPrefix("P") ? $0 : String($0.dropFirst(2)) }
      ).sorted()
      report.sentences = state.decoder.counters.framing.sentences
      report.bytes = state.decoder.counters.framing.bytes
      return report
    }
  }

  /// Keeps the mode and satellites of each epoch the assembler reports (called under the lock).
  private func note(_ step: AssemblerStep) {
    for (happened, epoch) in [
      (step.closed, state.assembler.closedReport),
      (step.completed, state.assembler.completedReport),
    ] where happened {
      guard let epoch else { continue }
      state.report.fixMode = epoch.mode
      state.report.satellitesUsed = epoch.satellitesUsed
    }
  }
}
