import JSON
import LocationEngine
import Platform
import Receivers

/// Turns what the library reports (device states, `ReceiverError`, `EngineError`) into the one
/// error line and exit status of the command line.
enum FailureMapping {
  /// A state that refuses access (denied 77, busy 75, missing 69); nil for other states.
  static func refusal(_ state: DeviceState, source: ReceiverSource) -> LocateError? {
    switch state {
    case .denied(let path, let group):
      return LocateError(
        .permissionDenied, path, "permission denied", remedy: StateText.deniedRemedy(group))
    case .busy(let path, let holder):
      return LocateError(
        .busy, path, DeviceRefusal.busy(holder: holder).reason,
        remedy: StateText.busyRemedy(holder, path: path))
    case .unavailable(let path):
      return noReceiver(path ?? source.deviceLabel)
    default:
      return nil
    }
  }

  /// A state that means the receiver is gone (exit 5); nil for other states.
  static func lost(_ state: DeviceState, source: ReceiverSource, afterFixes: Bool = false)
    -> LocateError?
  {
    let when = afterFixes ? ", and not back" : " before a fix"
    switch state {
    case .unplugged(let path):
      if source.isNetwork {
        return LocateError(
          .receiverLost, path, "connection lost" + when, remedy: networkRemedy(source))
      }
      return LocateError(
        .receiverLost, path, "unplugged" + when, remedy: "check the cable, then try again")
    case .ended:
      return LocateError(
        .receiverLost, source.label, "the input ended before a fix",
        remedy: source.isLive ? "check the connection, then try again" : "use a longer capture")
    default:
      return nil
    }
  }

  /// No receiver: nothing discovered (path nil), or the path does not exist.
  static func noReceiver(_ path: String?) -> LocateError {
    guard let path else {
      return LocateError(
        .unavailable, "looking for a receiver",
        "none found in /dev/serial/by-id, /dev/ttyUSB*, /dev/ttyACM*, /dev/serial0 or /dev/ttyAMA*",
        remedy: "plug one in, or name it with --device PATH or $LOCATE_DEVICE")
    }
    return LocateError(
      .unavailable, path, "no such device",
      remedy: "check the path; 'locate devices' lists the receivers present")
  }

  /// A receiver that could not be opened or read.
  static func receiver(_ error: ReceiverError, source: ReceiverSource) -> LocateError {
    let path = error.path.isEmpty ? source.label : error.path
    switch error.code {
    case .notFound:
      if case .file = source {
        return LocateError(.noInput, path, "no such file", remedy: "check the path")
      }
      if case .discover = source, error.path.isEmpty { return noReceiver(nil) }
      if let why = badPath(error.errno) {
        return LocateError(.unavailable, path, why, remedy: "check the path")
      }
      if case .discover = source { return noReceiver(nil) }
      return noReceiver(path)
    case .permissionDenied(let group):
      return LocateError(
        .permissionDenied, path, "permission denied", remedy: StateText.deniedRemedy(group))
    case .busy(let holder):
      return refusal(.busy(path: path, holder: holder), source: source)
        ?? LocateError(.busy, path, "busy")
    case .baudNotFound(let tried, let seen):
      let rates = tried.map(String.init).joined(separator: ", ")
      return LocateError(
        seen == "no bytes at all" ? .noFix : .noNMEA, path, "no NMEA at \(rates) baud: \(seen)",
        remedy: "set the receiver to NMEA output, or give its rate with --baud")
    case .invalidSource(let why):
      switch source {
      case .device, .discover:
        // A capture (a file, a FIFO) is read with --input.
        let capture = why.hasPrefix("a regular file") || why.hasPrefix("a FIFO")
        return LocateError(
          .usage, path, why,
          remedy: (capture ? "to replay a capture, give it with --input; " : "")
            + "name the receiver's serial device; 'locate devices' lists them")
      default:
        return LocateError(.usage, path, why, remedy: "see 'locate --help'")
      }
    case .badData(let why):
      return LocateError(.dataError, path, why, remedy: "give a capture of NMEA sentences")
    case .io:
      switch source {
      case .tcp, .gpsd:
        return LocateError(
          .unavailable, path, "cannot connect" + errnoText(error.errno),
          remedy: networkRemedy(source))
      default:
        return LocateError(
          .unavailable, path, "read failed" + errnoText(error.errno),
          remedy: "check the receiver and its cable")
      }
    }
  }

  /// Why a request for one fix failed, with what was seen while waiting.
  static func request(
    _ error: EngineError, seen: RequestObserver.Seen, source: ReceiverSource, timeout: Double,
    accuracy: Double?
  ) -> LocateError {
    if case .notAccurateEnough(let best, let desired, _)? = error.detail,
      let state = seen.state, lost(state, source: source) != nil
    {
      // The fixes that came were not accurate enough, and then the input ended.
      return LocateError(
        .notAccurate,
        "no fix within ±" + JSONText.shortest(desired) + " m "
          + (state == .ended ? "before the input ended" : "before the receiver was lost"),
        best < 0
          ? "the receiver reports no accuracy" : "the best was ±" + JSONText.fixed(best, 1) + " m",
        remedy: source.isLive
          ? "wait longer with --timeout, or accept less with --accuracy"
          : "accept less with --accuracy")
    }
    if let detailed = detailed(error, source: source) { return detailed }
    if let state = seen.state, let refusal = refusal(state, source: source) { return refusal }
    switch error.code {
    case .denied:
      return LocateError(
        .permissionDenied, source.label, error.reason ?? "permission denied",
        remedy: StateText.deniedRemedy(nil))
    case .promptDeclined:
      return noReceiver(source.deviceLabel)
    case .network:
      return LocateError(
        .unavailable, source.label, error.reason ?? "cannot connect",
        remedy: "check that the server is running and reachable")
    case .locationUnknown:
      let waited = "no fix within " + JSONText.shortest(timeout) + " s"
      if let accuracy, let best = seen.bestRejected {
        var when = "in " + JSONText.shortest(timeout) + " s"
        if let state = seen.state, lost(state, source: source) != nil {
          when = state == .ended ? "before the input ended" : "before the receiver was lost"
        }
        return LocateError(
          .notAccurate, "no fix within ±" + JSONText.shortest(accuracy) + " m " + when,
          "the best was ±" + JSONText.fixed(best.horizontalAccuracy, 1) + " m",
          remedy: "wait longer with --timeout, or accept less with --accuracy")
      }
      if let state = seen.state, let lost = lost(state, source: source) { return lost }
      let sky = seen.progress.map(\.satellitesText)
      return LocateError(
        .noFix, waited, sky ?? "the receiver reported no satellites",
        remedy: "give the antenna a clear view of the sky, or wait longer with --timeout")
    default:
      return LocateError(.software, source.label, error.description, remedy: "please report it")
    }
  }

  /// How a command's update loop ends on `error`: cancellation (a signal, a limit) is the
  /// normal end; anything else fails as ``stream(_:seen:source:afterFixes:)`` says.
  static func updatesEnded(
    _ error: any Error, seen: RequestObserver.Seen, source: ReceiverSource, afterFixes: Bool
  ) throws(LocateError) {
    if error is CancellationError { return }
    throw stream(error, seen: seen, source: source, afterFixes: afterFixes)
  }

  /// Why an update stream failed.
  static func stream(
    _ error: any Error, seen: RequestObserver.Seen, source: ReceiverSource, afterFixes: Bool
  ) -> LocateError {
    if let error = error as? LocateError { return error }
    if let error = error as? ReceiverError { return receiver(error, source: source) }
    if let state = seen.state, let refusal = refusal(state, source: source) { return refusal }
    if let error = error as? EngineError {
      if let detailed = detailed(error, source: source, afterFixes: afterFixes) {
        return detailed
      }
      if error.code == .locationUnknown {
        if let state = seen.state, let lost = lost(state, source: source, afterFixes: afterFixes) {
          return lost
        }
        return LocateError(
          .receiverLost, source.label, error.reason ?? "the update stream stopped",
          remedy: "check the receiver, then try again")
      }
      return request(error, seen: seen, source: source, timeout: 0, accuracy: nil)
    }
    return LocateError(.software, source.label, "\(error)", remedy: "please report it")
  }

  /// What to do when a TCP bridge or a gpsd server cannot be reached.
  static func networkRemedy(_ source: ReceiverSource) -> String {
    source.kind == .gpsd
      ? "start gpsd with systemctl start gpsd, or check the host and port"
      : "start the bridge, or check the host and port"
  }

  /// Why a path leads nowhere, when it is not simply missing: a symbolic link loop, a name
  /// too long, a file where a directory should be.
  static func badPath(_ code: Int32) -> String? {
    switch code {
    case Errno.tooManySymbolicLinks.rawValue, Errno.fileNameTooLong.rawValue,
      Errno.notDirectory.rawValue:
      return Errno(rawValue: code).description.lowercased()
    default: return nil
    }
  }

  private static func errnoText(_ code: Int32) -> String {
    code == 0 ? "" : ": " + Errno(rawValue: code).description
  }
}
