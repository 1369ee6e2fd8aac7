import Foundation
import NMEA
import Receivers

/// `devices --probe`: listens to one device for a few seconds and reports its rate, talkers,
/// sentence types and fix state. Bytes are decoded by the NMEA module; this only counts.
struct DeviceProbe: Sendable {
  /// What was heard.
  struct Report: Sendable, Hashable {
    /// The rate the port was read at, if serial.
    var baud: Int?
    /// Talker IDs seen (`GN`, `GP`), sorted.
    var talkers: [String] = []
    /// Sentence types seen (`GGA`, `RMC`, `PGRME`), sorted.
    var sentences: [String] = []
    /// Valid sentences.
    var sentenceCount = 0
    /// Bytes read.
    var bytes = 0
    /// `3D fix`, `2D fix`, `no fix`, or nil when nothing says.
    var fix: String?
    /// Satellites used, from GGA.
    var satellitesUsed: Int?
    /// Why the device could not be listened to, if it could not.
    var failure: String?
  }

  /// Decodes on the reader thread; `lock` guards `state` (the decoder is not Sendable).
  private final class Listener: @unchecked Sendable {
    struct State {
      var decoder: NMEADecoder
      var report = Report()
      var gsaMode: GSAFixMode?
      var ggaQuality: GGAQuality?
      var rmcStatus: DataStatus?
    }
    private var state: State
    private let lock = NSLock()
    init(policy: ChecksumPolicy) { state = State(decoder: NMEADecoder(policy: policy)) }

    func handle(_ event: ReceiverEvent) {
      switch event {
      case .data(let chunk, _):
        lock.withLock {
          var decoder = state.decoder
          decoder.feed(chunk) { event in
            guard case .sentence(let sentence, _) = event else { return }
            switch sentence {
            case .gsa(let gsa): state.gsaMode = gsa.fixMode ?? state.gsaMode
            case .gga(let gga):
              state.ggaQuality = gga.quality ?? state.ggaQuality
              state.report.satellitesUsed = gga.satellitesUsed ?? state.report.satellitesUsed
            case .rmc(let rmc): state.rmcStatus = rmc.status ?? state.rmcStatus
            default: break
            }
          }
          state.decoder = decoder
        }
      case .state(.connected(_, let baud)):
        lock.withLock { state.report.baud = baud ?? state.report.baud }
      case .state:
        break
      }
    }

    var report: Report {
      lock.withLock {
        var report = state.report
        let counters = state.decoder.counters
        let addresses = counters.byAddress.keys
        report.talkers = Set(addresses.filter { !$0.hasPrefix("P") }.map { String($0.prefix(2)) })
          .sorted()
        report.sentences = Set(addresses.map { $0.hasPrefix("P") ? $0 : String($0.dropFirst(2)) })
          .sorted()
        report.sentenceCount = counters.framing.sentences
        report.bytes = counters.framing.bytes
        report.fix = fixText(state)
        return report
      }
    }

    private func fixText(_ state: State) -> String? {
      switch state.gsaMode {
      case .fix3D: return "3D fix"
      case .fix2D: return "2D fix"
      case .noFix: return "no fix"
      case nil: break
      }
      if let quality = state.ggaQuality { return quality == .invalid ? "no fix" : "fix" }
      if let status = state.rmcStatus { return status == .valid ? "fix" : "no fix" }
      return nil
    }
  }

  /// The device.
  var path: String
  /// The rate to read at (`auto` hunts it).
  var baud: BaudSetting
  /// How long to listen.
  var seconds: Double
  /// Checksum policy.
  var policy: ChecksumPolicy

  /// Opens the device, listens, closes it (restoring its settings).
  func run() async throws(ReceiverError) -> Report {
    let listener = Listener(policy: policy)
    var options = ReceiverOptions()
    options.reconnect = false
    let receiver = Receiver(source: .device(path: path, baud: baud), options: options)
    try receiver.start { listener.handle($0) }
    try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
    receiver.stop()
    return listener.report
  }
}
