import JSON
import LocationEngine
import Receivers

extension FailureMapping {
  /// The error for a `EngineError` whose cause the service spelled out (`EngineError.Detail`); nil when
  /// it did not (the caller then explains it from the events it saw).
  static func detailed(_ error: EngineError, source: ReceiverSource, afterFixes: Bool = false)
    -> LocateError?
  {
    guard let detail = error.detail else { return nil }
    switch detail {
    case .noReceiver(let path):
      return noReceiver(path ?? source.deviceLabel)
    case .permissionDenied(let path, let group):
      return refusal(.denied(path: path, group: group), source: source)
    case .busy(let path, let holder):
      return refusal(.busy(path: path, holder: holder), source: source)
    case .noFix(let waited, let progress, let nmeaSeen):
      let what = "no fix within " + JSONText.shortest(waited.rounded()) + " s"
      guard nmeaSeen else { return noNMEAYet(what, source: source) }
      var why = "the receiver reported no satellites"
      if let progress {
        why = progress.satellitesText
        if let snr = progress.bestSNR, snr.isFinite {
          why += ", best signal " + JSONText.fixed(snr, 0) + " dB-Hz"
        }
      }
      return LocateError(
        .noFix, what, why,
        remedy: "give the antenna a clear view of the sky, or wait longer with --timeout")
    case .notAccurateEnough(let best, let desired, let waited):
      return LocateError(
        .notAccurate,
        "no fix within ±" + JSONText.shortest(desired) + " m in "
          + JSONText.shortest(waited.rounded()) + " s",
        best < 0
          ? "the receiver reports no accuracy" : "the best was ±" + JSONText.fixed(best, 1) + " m",
        remedy: "wait longer with --timeout, or accept less with --accuracy")
    case .receiverSilent(let path, let seconds):
      var remedy = "check the receiver's power and cable"
      if case .device(_, .fixed) = source { remedy += ", or try --baud auto" }
      return LocateError(
        .noFix, path, "connected, but silent for " + JSONText.fixed(seconds, 0) + " s",
        remedy: remedy)
    case .noNMEA(let path, let baud?):
      return LocateError(
        .noNMEA, path, "receiving bytes at \(baud) baud but no NMEA",
        remedy: "try --baud auto, or give the receiver's rate with --baud")
    case .noNMEA(let path, nil):
      return LocateError(
        .noNMEA, path, "receiving bytes but no NMEA at any baud rate",
        remedy: "switch the receiver to NMEA output (it may speak a binary protocol),"
          + " or give its rate with --baud")
    case .receiverLost(let path):
      return lost(.unplugged(path: path), source: source, afterFixes: afterFixes)
    case .inputEnded:
      return lost(.ended, source: source, afterFixes: afterFixes)
    case .sourceFailed(let failure):
      return receiver(failure, source: source)
    case .cancelled:
      return .quiet(.interrupted)
    }
  }

  /// No fix in time, and not one NMEA sentence came: what to check depends on the source.
  private static func noNMEAYet(_ what: String, source: ReceiverSource) -> LocateError {
    switch source {
    case .device(_, .fixed), .discover(.fixed):
      return LocateError(
        .noFix, what, "no NMEA from \(source.label), at this baud rate or at all",
        remedy: "try --baud auto, or look with 'locate devices --probe'")
    case .device, .discover:
      return LocateError(
        .noFix, what, "no NMEA from \(source.label) yet (its baud rate was being hunted)",
        remedy: "check the receiver's power and cable, or wait longer with --timeout")
    case .tcp, .gpsd:
      return LocateError(
        .noFix, what, "no NMEA from \(source.label)",
        remedy: "check that the server relays a receiver's NMEA")
    case .file, .standardInput:
      return LocateError(
        .noFix, what, "no NMEA from \(source.label)",
        remedy: "check that what writes to it writes NMEA")
    }
  }
}
