import FoundationEssentials
import NMEA
import Platform
import Receivers

/// Listens to one device for a few seconds and says what it is: its rate, the talkers and
/// sentence types it sends, and its fix state (what `locate devices --probe` shows).
///
/// The fix state is the last epoch the device's engine reported, so it follows the same rules
/// as every fix the service hands out (GSA mode, GGA quality, RMC status, 3-satellite fixes 2D).
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
    let listener = ProbeListener()
    var options = ReceiverOptions()
    options.reconnect = false
    // A plain client of the device's engine (a device this process already reads is listened
    // to through the same reader, not reported busy by itself): the engine's epochs, and its
    // sentences as it framed them.
    var config = PipelineConfig(isReplay: false, device: path)
    config.tapsSentences = true
    let subscription = try ReceiverEngine.subscribe(
      source: .device(path: path, baud: baud), options: options, policy: checksumPolicy,
      config: config, clock: SystemClock()
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

/// Takes in the engine's reads on the reader thread (their sentences and epochs, decoded and
/// assembled once by the engine, as for every client); the lock guards the report.
private final class ProbeListener: @unchecked Sendable {
  private let state = Locked(ProbeTally())

  func handle(_ event: EngineEvent) {
    switch event {
    case .read(let read):
      state.withLock { tally in
        tally.report.bytes += read.count
        if let sentences = read.sentences { tally.count(sentences) }
        tally.note(read.events)
      }
    case .events(let events):
      state.withLock { $0.note(events) }
    case .joined(let view):
      if let device = view.device { state.withLock { $0.note(device) } }
    }
  }

  /// Whether the rate is known, or the hunt heard nothing or noise.
  var settled: Bool {
    state.withLock { tally in
      switch tally.report.lastState {
      case .connected(_, _?)?, .garbled?, .silent?, .unplugged?, .ended?: return true
      default: return false
      }
    }
  }

  var report: ReceiverProbe.Report {
    state.withLock { tally in
      var report = tally.report
      report.talkers = Set(
        tally.addresses.filter { !$0.hasPrefix("P") }.map { String($0.prefix(2)) }
      ).sorted()
      report.sentenceTypes = Set(
        tally.addresses.map { $0.hasPrefix("P") ? $0 : String($0.dropFirst(2)) }
      ).sorted()
      return report
    }
  }
}

/// What the probe heard so far.
private struct ProbeTally {
  var report = ReceiverProbe.Report()
  /// The addresses seen (`GPGGA`, `PGRME`).
  var addresses: Set<String> = []

  /// Counts the sentences of a read (each line from `$` or `!`, ended with CR LF) and notes
  /// their addresses.
  mutating func count(_ sentences: [UInt8]) {
    for line in sentences.split(separator: 0x0A) where line.count > 1 {
      report.sentences += 1
      let body = line.dropFirst()
      let end = body.firstIndex { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "*") || $0 == 0x0D }
      let address = body[..<(end ?? body.endIndex)]
      if !address.isEmpty, address.count <= 16 {
        addresses.insert(String(decoding: address, as: UTF8.self))
      }
    }
  }

  /// Keeps the device's last state and each reported epoch's mode and satellites used.
  mutating func note(_ events: [CoreEvent]) {
    for event in events {
      switch event {
      case .deviceState(let device): note(device)
      case .report(let epoch):
        report.fixMode = epoch.report.mode
        report.satellitesUsed = epoch.report.satellitesUsed
      default: break
      }
    }
  }

  mutating func note(_ device: DeviceState) {
    report.lastState = device
    if case .connected(_, let baud) = device { report.baud = baud ?? report.baud }
  }
}
