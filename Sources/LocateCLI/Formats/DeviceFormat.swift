import GPSDServer
import JSON
import LocationEngine
import Receivers

/// What `devices --probe` learned of one device: the probe's report, or why it could not listen.
enum ProbeOutcome: Sendable, Hashable {
  /// The probe listened.
  case heard(ReceiverProbe.Report)
  /// The device could not be opened (the one-line reason).
  case failed(String)
}

/// How `devices` shows a receiver.
enum DeviceFormat {
  /// `/dev/ttyACM0  available  u-blox GNSS receiver (cdc_acm)`, then the by-id link and the
  /// probe's findings, indented.
  static func human(_ device: DiscoveredDevice, probe: ProbeOutcome?, style: Style)
    -> String
  {
    var line =
      style.bold(TextSafety.visible(device.path)) + "  " + stateText(device.state, style: style)
    var details: [String] = []
    if let description = device.usbDescription { details.append(description) }
    if let driver = device.driver { details.append("driver \(driver)") }
    if !details.isEmpty { line += "  " + TextSafety.visible(details.joined(separator: ", ")) }
    var lines = [line]
    if let byID = device.byID, byID != device.path {
      lines.append("  " + TextSafety.visible(byID))
    }
    if let remedy = remedy(device.state) { lines.append("  " + TextSafety.visible(remedy)) }
    if let probe { lines.append("  " + TextSafety.visible(probeText(probe))) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `9600 baud, talkers GN GP, sentences GGA GSA RMC, 3D fix with 8 satellites`.
  static func probeText(_ outcome: ProbeOutcome) -> String {
    let probe: ReceiverProbe.Report
    switch outcome {
    case .failed(let why): return why
    case .heard(let report): probe = report
    }
    guard probe.sentences > 0 else {
      if case .garbled(_, nil)? = probe.lastState {
        return "bytes, but no valid NMEA at any baud rate: a binary protocol?"
      }
      let heard = probe.bytes > 0 ? "\(probe.bytes) bytes, but no valid NMEA" : "silent"
      return (probe.baud.map { "\($0) baud: " } ?? "") + heard
    }
    var parts: [String] = []
    if let baud = probe.baud { parts.append("\(baud) baud") }
    parts.append("talkers " + probe.talkers.joined(separator: " "))
    parts.append("sentences " + probe.sentenceTypes.joined(separator: " "))
    var fix = fixText(probe.fixMode) ?? "fix state unknown"
    if let used = probe.satellitesUsed { fix += " with \(used) satellites used" }
    parts.append(fix)
    return parts.joined(separator: ", ")
  }

  /// One JSON object (class DEVICE) per device.
  static func json(_ device: DiscoveredDevice, probe: ProbeOutcome?) -> String {
    var object = JSONObject()
    object.add("class", "DEVICE")
    object.add("path", device.path)
    object.add("byId", device.byID)
    object.add("usb", device.usbDescription)
    object.add("driver", device.driver)
    object.add("state", device.state.name)
    let shared: Bool
    if case .busy(_, let holder?) = device.state { shared = holder.shared } else { shared = false }
    object.add("available", device.state.isUsable || shared)
    switch device.state {
    case .denied(_, let group): object.add("group", group)
    case .busy(_, let holder):
      object.add("holder", holder?.command)
      object.add("pid", holder.map { Int($0.pid) })
      object.add("user", holder?.user)
      if shared { object.add("shared", true) }
    default: break
    }
    switch probe {
    case .failed(let why)?:
      object.add("error", why)
    case .heard(let probe)?:
      object.add("bps", probe.baud)
      object.add(
        "talkers", raw: "[" + probe.talkers.map(JSONText.string).joined(separator: ",") + "]")
      object.add(
        "sentences",
        raw: "[" + probe.sentenceTypes.map(JSONText.string).joined(separator: ",") + "]")
      object.add("fix", fixText(probe.fixMode))
      object.add("uSat", probe.satellitesUsed)
    case nil:
      break
    }
    return object.text
  }

  /// `3D fix`, `2D fix`, `no fix`, or nil when no epoch was complete.
  static func fixText(_ mode: GNSSFixMode?) -> String? {
    switch mode {
    case .fix3D?: return "3D fix"
    case .fix2D?: return "2D fix"
    case .noFix?, .unknown?: return "no fix"
    case nil: return nil
    }
  }

  private static func stateText(_ state: DeviceState, style: Style) -> String {
    switch state {
    case .available, .connected: return style.green("available")
    case .denied: return style.red("denied")
    case .busy(_, let holder?) where holder.shared:
      return style.green(TextSafety.visible(DeviceRefusal.holderText(holder)))
    case .busy(_, let holder):
      return style.yellow("busy") + ", " + TextSafety.visible(DeviceRefusal.holderText(holder))
    case .unavailable: return style.red("missing")
    case .unplugged: return style.yellow("unplugged")
    case .silent: return style.yellow("silent")
    case .garbled: return style.yellow("no NMEA")
    case .ended: return "ended"
    }
  }

  private static func remedy(_ state: DeviceState) -> String? {
    switch state {
    case .denied(_, let group): return "to use it: " + StateText.deniedRemedy(group)
    case .busy(let path, let holder):
      return "to use it: " + StateText.busyRemedy(holder, path: path)
    default: return nil
    }
  }
}
