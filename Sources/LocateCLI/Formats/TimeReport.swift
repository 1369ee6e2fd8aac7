import JSON
import LocationEngine
import Platform
import TimeService

/// What `locate time` prints: the receiver's time against the system clock, in text or as a
/// TIME object.
struct TimeReport {
  /// The measurement.
  var measured: TimeMeasurement.Result
  /// The kernel clock's state, if adjtimex answered.
  var clock: KernelClock.Status?
  /// What `--set-clock` did: nil when not asked.
  var step: StepOutcome?

  /// What `--set-clock` did.
  enum StepOutcome: Equatable {
    /// Within the threshold (`ahead` ns, the threshold): left alone.
    case within(ahead: Int64, threshold: Int64)
    /// Stepped by `by` ns to `to`.
    case stepped(by: Int64, to: Int64)
  }

  /// The last timing's offsets and the statistics (nanoseconds, system − receiver).
  private var aheads: [Int64] {
    measured.timings.compactMap { timing in
      timing.receiverTime.map { timing.firstByteRealtime - $0 }
    }
  }

  /// Milliseconds with `places` decimals, signed when asked.
  private static func milliseconds(_ nanoseconds: Double, places: Int = 1) -> String {
    JSONText.fixed(nanoseconds / 1e6, places) + " ms"
  }

  /// `2026-12-02T10:52:33.004Z` for nanoseconds since 1970.
  private static func iso(_ nanoseconds: Int64) -> String {
    TextBytes.iso8601(
      millisecondsSince1970: nanoseconds.floorDivided(by: 1_000_000).quotient)
  }

  /// The text report.
  var text: String {
    guard let last = measured.timings.last, let reference = last.receiverTime,
      let stats = OffsetStatistics(aheads)
    else { return "" }
    let ahead = last.firstByteRealtime - reference
    var lines: [String] = []
    lines.append("Receiver  \(Self.iso(reference))" + (measured.device.map { "  \($0)" } ?? ""))
    lines.append("System    \(Self.iso(last.firstByteRealtime)) at the epoch's first byte")
    let direction = ahead >= 0 ? "ahead of" : "behind"
    lines.append(
      "Offset    system clock \(Self.milliseconds(Double(ahead.magnitude))) \(direction) the"
        + " receiver's serial time")
    let count = stats.count
    lines.append(
      "Spread    mean \(Self.signed(stats.mean)), standard deviation "
        + Self.milliseconds(stats.standardDeviation, places: 2) + ", range "
        + Self.signed(Double(stats.minimum)) + " … " + Self.signed(Double(stats.maximum))
        + " over \(count) epoch\(count == 1 ? "" : "s")")
    lines.append("Clock     " + clockText)
    if let step { lines.append("Set       " + Self.stepText(step)) }
    lines.append("Leap      " + leapText)
    return lines.joined(separator: "\n") + "\n"
  }

  private static func signed(_ nanoseconds: Double) -> String {
    (nanoseconds > 0 ? "+" : "") + milliseconds(nanoseconds)
  }

  private var clockText: String {
    guard let clock else { return "unknown (adjtimex failed)" }
    let errors =
      "maximum error " + Self.milliseconds(Double(clock.maximumError) * 1000) + ", estimated "
      + Self.milliseconds(Double(clock.estimatedError) * 1000)
    return
      (clock.isSynchronised
      ? "synchronised by a time service (adjtimex: \(clock.stateName), \(errors))"
      : "not synchronised (adjtimex: \(clock.stateName), STA_UNSYNC)")
  }

  private static func stepText(_ step: StepOutcome) -> String {
    switch step {
    case .within(let ahead, let threshold):
      return "not stepped: within " + JSONText.shortest(Double(threshold) / 1e9) + " s ("
        + milliseconds(Double(ahead)) + ")"
    case .stepped(let by, let to):
      return "stepped by " + JSONText.fixed(Double(-by) / 1e9, 3) + " s to " + iso(to)
    }
  }

  private var leapText: String {
    var parts: [String] = []
    if let leap = measured.leapSeconds {
      parts.append(
        "GPS − UTC \(leap.gpsMinusUTC) s (\(leap.sentence), "
          + (leap.fromAlmanac
            ? "from the almanac)" : "the receiver's default, not yet the almanac's)"))
    } else {
      parts.append(
        "the receiver states none (standard NMEA has none: u-blox's PUBX,04 and Garmin's PGRMF do)")
    }
    switch clock?.state {
    case 1?: parts.append("the kernel will insert a leap second at the end of this UTC day")
    case 2?: parts.append("the kernel will delete a second at the end of this UTC day")
    case 3?: parts.append("a leap second is under way")
    default: break
    }
    return parts.joined(separator: "; ")
  }

  /// The TIME object (one line).
  var json: String {
    guard let last = measured.timings.last, let reference = last.receiverTime,
      let stats = OffsetStatistics(aheads)
    else { return "" }
    var object = JSONObject()
    object.add("class", "TIME")
    object.add("device", measured.device)
    object.add("time", Self.iso(reference))
    object.add("clock", Self.iso(last.firstByteRealtime))
    object.add("offset", Double(last.firstByteRealtime - reference) / 1e9, places: 6)
    object.add("epochs", stats.count)
    object.add("mean", stats.mean / 1e9, places: 6)
    object.add("stddev", stats.standardDeviation / 1e9, places: 6)
    object.add("min", Double(stats.minimum) / 1e9, places: 6)
    object.add("max", Double(stats.maximum) / 1e9, places: 6)
    if let clock {
      object.add("synchronised", clock.isSynchronised)
      object.add("clockState", clock.stateName)
      object.add("maxerror", Double(clock.maximumError) / 1e6, places: 6)
      object.add("esterror", Double(clock.estimatedError) / 1e6, places: 6)
    }
    if let leap = measured.leapSeconds {
      object.add("leapSeconds", leap.gpsMinusUTC)
      object.add("leapFromAlmanac", leap.fromAlmanac)
    }
    switch step {
    case .within?: object.add("stepped", false)
    case .stepped(let by, _)?:
      object.add("stepped", true)
      object.add("step", Double(-by) / 1e9, places: 6)
    case nil: break
    }
    return object.text + "\n"
  }
}
