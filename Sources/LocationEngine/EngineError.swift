import Receivers

/// The engine's error: Core Location's codes and values (the facade's `EngineError` is this type),
/// plus a ``Detail`` that tells apart the failures a command maps to distinct exit codes.
///
/// | detail | code |
/// |---|---|
/// | ``Detail/noReceiver(path:)`` | `denied` (services disabled) |
/// | ``Detail/permissionDenied(path:group:)`` | `denied` |
/// | ``Detail/busy(path:holder:)`` | `denied` |
/// | ``Detail/noFix(waited:progress:nmeaSeen:)`` | `locationUnknown` |
/// | ``Detail/notAccurateEnough(best:desired:waited:)`` | `locationUnknown` |
/// | ``Detail/receiverSilent(path:seconds:)`` | `locationUnknown` |
/// | ``Detail/noNMEA(path:baud:)`` | `locationUnknown` |
/// | ``Detail/receiverLost(path:)`` | `locationUnknown` |
/// | ``Detail/inputEnded(afterSeconds:)`` | `locationUnknown` |
/// | ``Detail/sourceFailed(_:)`` | `network` for TCP and gpsd sources, else `locationUnknown` |
/// | ``Detail/cancelled`` | `locationUnknown` |
public struct EngineError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Apple's error codes, with Apple's values.
  public enum Code: Int, Sendable, Hashable {
    /// No location yet (no fix, or none before the timeout).
    case locationUnknown = 0
    /// Access denied: permissions, the receiver held elsewhere, or no receiver at all.
    case denied = 1
    /// A network source (TCP, gpsd) failed.
    case network = 2
    /// Heading unavailable (a serial receiver has no compass).
    case headingFailure = 3
    /// Region monitoring denied (not supported).
    case regionMonitoringDenied = 4
    /// Region monitoring failed (not supported).
    case regionMonitoringFailure = 5
    /// Region monitoring setup delayed (not supported).
    case regionMonitoringSetupDelayed = 6
    /// Region monitoring response delayed (not supported).
    case regionMonitoringResponseDelayed = 7
    /// Geocoding found no result (not supported).
    case geocodeFoundNoResult = 8
    /// Geocoding found a partial result (not supported).
    case geocodeFoundPartialResult = 9
    /// Geocoding cancelled (not supported).
    case geocodeCanceled = 10
    /// Deferred updates failed.
    case deferredFailed = 11
    /// Deferred updates: not updating location.
    case deferredNotUpdatingLocation = 12
    /// Deferred updates: accuracy too low.
    case deferredAccuracyTooLow = 13
    /// Deferred updates: distance filtered.
    case deferredDistanceFiltered = 14
    /// Deferred updates cancelled.
    case deferredCanceled = 15
    /// Ranging unavailable.
    case rangingUnavailable = 16
    /// Ranging failed.
    case rangingFailure = 17
    /// The user declined the prompt for temporary full accuracy (never raised here).
    case promptDeclined = 18
    /// Historical location error.
    case historicalLocationError = 19
  }

  /// What exactly went wrong, in terms of the receiver (Linux extension).
  public enum Detail: Sendable, Hashable {
    /// No receiver exists: nothing was discovered, or the path does not exist.
    case noReceiver(path: String?)
    /// The OS refused to open the device (EACCES/EPERM); `group` owns it (usually `dialout`).
    case permissionDenied(path: String, group: String?)
    /// Another program holds the device exclusively.
    case busy(path: String, holder: DeviceHolder?)
    /// No fix before the timeout: how long we waited, the last satellite counts, and whether
    /// any NMEA sentence was seen at all (false suggests a wrong baud rate or not a GNSS device).
    case noFix(waited: Double, progress: FixProgress?, nmeaSeen: Bool)
    /// Fixes came, but none as accurate as asked before the timeout, or before the input
    /// ended (`best` < 0: the receiver reports no accuracy at all, neither HDOP nor GST).
    case notAccurateEnough(best: Double, desired: Double, waited: Double)
    /// The receiver stayed connected but sent nothing for `seconds`, up to the timeout.
    case receiverSilent(path: String, seconds: Double)
    /// The receiver sends bytes but no NMEA: at `baud` (a fixed rate, probably wrong), or at
    /// any rate tried when `baud` is nil (a binary protocol or an unusual rate).
    case noNMEA(path: String, baud: Int?)
    /// The receiver went away (unplugged, connection dropped) and was not back by the timeout.
    case receiverLost(path: String)
    /// A replay (capture file, standard input) ended, after `afterSeconds` of the stream's own
    /// time, without a fix.
    case inputEnded(afterSeconds: Double)
    /// The source could not be opened or read for another reason.
    case sourceFailed(ReceiverError)
    /// The request was cancelled (its task was cancelled, or updates were stopped).
    case cancelled
  }

  /// The code.
  public var code: Code
  /// The precise failure, when the service knows it.
  public var detail: Detail?
  /// A one-line explanation with the remedy, when known.
  public var reason: String?

  /// Makes an error with an optional explanation.
  public init(_ code: Code, reason: String? = nil) {
    self.code = code
    self.reason = reason
  }

  /// Makes an error from a detail: the code follows the table above, the reason is
  /// ``Detail/explanation`` unless given.
  public init(_ detail: Detail, reason: String? = nil) {
    self.code = detail.code
    self.detail = detail
    self.reason = reason ?? detail.explanation
  }

  /// The reason, or the code's name.
  public var description: String { reason ?? "\(code)" }

  /// `EngineError.Code.locationUnknown`, Apple's shorthand.
  public static var locationUnknown: Code { .locationUnknown }
  /// `EngineError.Code.denied`.
  public static var denied: Code { .denied }
  /// `EngineError.Code.network`.
  public static var network: Code { .network }
  /// `EngineError.Code.headingFailure`.
  public static var headingFailure: Code { .headingFailure }
  /// `EngineError.Code.deferredFailed`.
  public static var deferredFailed: Code { .deferredFailed }
  /// `EngineError.Code.promptDeclined`.
  public static var promptDeclined: Code { .promptDeclined }
  /// `EngineError.Code.regionMonitoringDenied`.
  public static var regionMonitoringDenied: Code { .regionMonitoringDenied }
  /// `EngineError.Code.regionMonitoringFailure`.
  public static var regionMonitoringFailure: Code { .regionMonitoringFailure }
  /// `EngineError.Code.regionMonitoringSetupDelayed`.
  public static var regionMonitoringSetupDelayed: Code { .regionMonitoringSetupDelayed }
  /// `EngineError.Code.regionMonitoringResponseDelayed`.
  public static var regionMonitoringResponseDelayed: Code { .regionMonitoringResponseDelayed }
  /// `EngineError.Code.geocodeFoundNoResult`.
  public static var geocodeFoundNoResult: Code { .geocodeFoundNoResult }
  /// `EngineError.Code.geocodeFoundPartialResult`.
  public static var geocodeFoundPartialResult: Code { .geocodeFoundPartialResult }
  /// `EngineError.Code.geocodeCanceled`.
  public static var geocodeCanceled: Code { .geocodeCanceled }
  /// `EngineError.Code.deferredNotUpdatingLocation`.
  public static var deferredNotUpdatingLocation: Code { .deferredNotUpdatingLocation }
  /// `EngineError.Code.deferredAccuracyTooLow`.
  public static var deferredAccuracyTooLow: Code { .deferredAccuracyTooLow }
  /// `EngineError.Code.deferredDistanceFiltered`.
  public static var deferredDistanceFiltered: Code { .deferredDistanceFiltered }
  /// `EngineError.Code.deferredCanceled`.
  public static var deferredCanceled: Code { .deferredCanceled }
  /// `EngineError.Code.rangingUnavailable`.
  public static var rangingUnavailable: Code { .rangingUnavailable }
  /// `EngineError.Code.rangingFailure`.
  public static var rangingFailure: Code { .rangingFailure }
  /// `EngineError.Code.historicalLocationError`.
  public static var historicalLocationError: Code { .historicalLocationError }
}

extension EngineError.Code {
  /// Whether `error` is a ``EngineError`` with this code: Apple's pattern
  /// `case EngineError.locationUnknown:` in a `switch` over an error.
  public static func ~= (code: EngineError.Code, error: any Error) -> Bool {
    (error as? EngineError)?.code == code
  }
}

extension EngineError.Detail {
  /// The Apple code this failure is reported under.
  public var code: EngineError.Code {
    switch self {
    case .noReceiver, .permissionDenied, .busy: return .denied
    case .sourceFailed(let error):
      return error.isNetwork ? .network : .locationUnknown
    case .noFix, .notAccurateEnough, .receiverSilent, .noNMEA, .receiverLost, .inputEnded,
      .cancelled:
      return .locationUnknown
    }
  }

  /// A one-line explanation with the remedy.
  public var explanation: String {
    switch self {
    case .noReceiver(let path):
      if let path { return "no GNSS receiver at \(path): the path does not exist" }
      return "no GNSS receiver found (looked for /dev/serial/by-id/*, ttyUSB*, ttyACM*, "
        + "serial0); plug one in or set LOCATE_DEVICE"
    case .permissionDenied(let path, let group):
      return ReceiverError(code: .permissionDenied(group: group), path: path).description
    case .busy(let path, let holder):
      return ReceiverError(code: .busy(holder: holder), path: path).description
    case .noFix(let waited, let progress, let nmeaSeen):
      guard nmeaSeen else {
        return "no NMEA from the receiver after \(Self.seconds(waited)) "
          + "(wrong baud rate, or not a GNSS receiver?)"
      }
      guard let progress else { return "no fix after \(Self.seconds(waited))" }
      var text = "no fix after \(Self.seconds(waited)): " + progress.satellitesText
      if let snr = progress.bestSNR { text += ", best SNR \(Int(snr.rounded())) dB-Hz" }
      return text
    case .notAccurateEnough(let best, let desired, let waited):
      let bestText = best < 0 ? "the receiver reports no accuracy" : "best was \(Self.metres(best))"
      return "no fix accurate to \(Self.metres(desired)) after \(Self.seconds(waited)): \(bestText)"
    case .receiverSilent(let path, let seconds):
      return "\(path) sent nothing for \(Self.seconds(seconds))"
    case .noNMEA(let path, let baud?):
      return
        "\(path) sends bytes at \(baud) baud, but no NMEA: a wrong rate? (BaudSetting.auto hunts it)"
    case .noNMEA(let path, nil):
      return "\(path) sends bytes, but no NMEA at any baud rate: a binary protocol?"
    case .receiverLost(let path):
      return "lost the receiver \(path) (unplugged or disconnected) and it did not come back"
    case .inputEnded(let seconds):
      return "the input ended after \(Self.seconds(seconds)) of data without a fix"
    case .sourceFailed(let error):
      return error.description
    case .cancelled:
      return "cancelled"
    }
  }

  package static func seconds(_ value: Double) -> String {
    value.rounded() == value || value >= 10
      ? "\(Int(value.rounded())) s" : "\((value * 10).rounded() / 10) s"
  }

  package static func metres(_ value: Double) -> String {
    value >= 10 ? "\(Int(value.rounded())) m" : "\((value * 10).rounded() / 10) m"
  }
}
