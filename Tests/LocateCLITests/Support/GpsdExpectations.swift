import Foundation

/// gpsd 3.22's TPVs for a capture (expected-tpv in GpsdCaptures' folder): the last TPV of each epoch,
/// by time, as the oracle for what `locate` prints.
struct GpsdExpectations {
  /// The last TPV gpsd emitted for each time, in order.
  let epochs: [(time: String, tpv: [String: Any])]

  init(capture: String) throws {
    let text = Files.text(GpsdCaptures.expectedTPVs(capture))
    var order: [String] = []
    var last: [String: [String: Any]] = [:]
    for object in try DocumentChecks.jsonLines(text) {
      guard let time = object["time"] as? String else { continue }
      if last[time] == nil { order.append(time) }
      last[time] = object
    }
    epochs = order.compactMap { time in last[time].map { (time, $0) } }
  }

  /// The epochs with a 2D or 3D fix.
  var fixes: [(time: String, tpv: [String: Any])] {
    epochs.filter { ($0.tpv["mode"] as? Int ?? 0) >= 2 && $0.tpv["lat"] != nil }
  }

  /// gpsd's TPV for `time`.
  func tpv(at time: String) -> [String: Any]? {
    epochs.first(where: { $0.time == time })?.tpv
  }

  /// Where `ours` disagrees with gpsd on time, mode, lat or lon (nil when it agrees).
  func disagreement(_ ours: [String: Any]) -> String? {
    guard let time = ours["time"] as? String else { return "no time: \(ours)" }
    guard let theirs = tpv(at: time) else { return "gpsd has no epoch at \(time)" }
    for key in ["mode"] where ours[key] as? Int != theirs[key] as? Int {
      return "\(time) \(key): ours \(ours[key] ?? "-"), gpsd \(theirs[key] ?? "-")"
    }
    for key in ["lat", "lon"] {
      guard let mine = ours[key] as? Double, let gpsd = theirs[key] as? Double,
        abs(mine - gpsd) < 1e-9
      else { return "\(time) \(key): ours \(ours[key] ?? "-"), gpsd \(theirs[key] ?? "-")" }
    }
    return nil
  }
}
