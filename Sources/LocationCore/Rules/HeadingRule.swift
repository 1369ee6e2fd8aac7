import NMEA

/// How heading sentences become ``CLHeading``s.
///
/// - **True** heading: HDT's, or THS's unless its mode is `V` (not valid). A magnetic heading
///   gives a true one when the variation is known: true = magnetic + variation (east
///   positive).
/// - **Magnetic** heading: HDM's, or HDG's sensor heading plus its deviation (0 when not
///   sent). A true heading gives a magnetic one: the magnetic reading of the last
///   ``magneticFreshness`` seconds when the receiver sends both, else true − variation.
/// - **Variation**: HDG's own fields, else the receiver's RMC variation (the epoch in
///   progress's, or the last one it sent), else the World Magnetic Model's (WMM2025,
///   ``MagneticVariation``) at the latest position (the epoch in progress's, or the last
///   fix's) and date; none before the receiver has given a position.
/// - A receiver that sends a true heading (HDT or THS) is its own authority: its HDM and HDG
///   only supply the magnetic value, they make no heading of their own. Otherwise each HDM or
///   HDG makes one.
/// - Delivery: a heading at least ``CLLocationManager/headingFilter`` degrees (the shorter way
///   round) from the last delivered one, compared on the true heading when both have one,
///   else on the magnetic; every heading with `kCLHeadingFilterNone`.
/// - Course over ground (RMC, VTG) is never a heading.
///
/// ``CLLocationManager/headingAvailable(for:)`` is true once the source has sent this process
/// HDT, THS, HDG or HDM (empty ones included: a receiver that sends them before it has solved
/// the heading can give one); ``CLLocationManager/headingAvailable()`` asks it about the
/// receiver `CLLocationManager()` opens. Before the receiver was opened it is false.
public enum HeadingRule {
  /// How recent a magnetic reading must be to accompany a true heading, seconds.
  public static let magneticFreshness = 2.0

}

/// One source's heading sentences inside an engine (``EngineCore``): what they said; the
/// engine gives the variation with each; each subscriber filters the readings
/// (``HeadingTracker``).
package struct HeadingSource {
  /// The last RMC variation, degrees east.
  package var variation: Double?
  private(set) var sawTrueSource = false
  private var recorded = false
  private var magnetic: (value: Double, at: Int64)?

  /// An epoch reported: its variation, when it has one.
  package mutating func observe(_ report: EpochReport) {
    if let variation = report.magneticVariation { self.variation = variation }
  }

  /// The source that sent a heading sentence, until the engine's runtime takes it (once per
  /// engine: ``takeSeenSource()``).
  private var seenSource: String?

  /// Records that `source` sent a heading sentence (once per engine).
  package mutating func sentenceSeen(source: String) {
    guard !recorded else { return }
    recorded = true
    seenSource = source
  }

  /// The source that sent a heading sentence since the last call (once per engine), for the
  /// process's list of sources with headings (`HeadingRule.sources`, kept by the runtime).
  package mutating func takeSeenSource() -> String? {
    defer { seenSource = nil }
    return seenSource
  }

  /// A true heading (HDT, valid THS) at service time `at`, with the variation now (see
  /// ``HeadingRule``).
  package mutating func trueHeading(_ value: Double, at: Int64, variation: Double?)
    -> HeadingReading
  {
    sawTrueSource = true
    var fields = HeadingReading()
    fields.trueHeading = HeadingTracker.normalized(value)
    if let magnetic, Double(at - magnetic.at) / 1e9 <= HeadingRule.magneticFreshness {
      fields.magneticHeading = magnetic.value
    } else if let variation {
      fields.magneticHeading = HeadingTracker.normalized(value - variation)
    }
    return fields
  }

  /// A magnetic heading (HDM, or HDG with its deviation and optional variation), with the
  /// variation now when HDG gives none; nil once a true heading source was seen.
  package mutating func magneticHeading(
    _ value: Double, variation own: Double?, otherwise variation: Double?, at: Int64
  ) -> HeadingReading? {
    let magnetic = HeadingTracker.normalized(value)
    self.magnetic = (magnetic, at)
    guard !sawTrueSource else { return nil }
    var fields = HeadingReading()
    fields.magneticHeading = magnetic
    if let variation = own ?? variation {
      fields.trueHeading = HeadingTracker.normalized(value + variation)
    }
    return fields
  }
}

/// A subscriber's heading delivery: the filter (nil while it wants no headings).
package struct HeadingTracker {
  /// Degrees between delivered headings (`kCLHeadingFilterNone`: all), when delivering.
  package var filter: Double?
  private var lastDelivered: HeadingReading?

  /// Delivering nothing until ``filter`` is set.
  package init() {}

  /// The fields when the subscriber wants headings and they pass the filter.
  package mutating func judge(_ fields: HeadingReading) -> HeadingReading? {
    guard let filter else { return nil }
    if filter > 0, let last = lastDelivered {
      let useTrue = fields.trueHeading >= 0 && last.trueHeading >= 0
      let change = Self.difference(
        useTrue ? fields.trueHeading : fields.magneticHeading,
        useTrue ? last.trueHeading : last.magneticHeading)
      guard change >= filter else { return nil }
    }
    lastDelivered = fields
    return fields
  }

  /// Starts delivering through `filter` degrees (a new start delivers the next heading).
  package mutating func startDelivering(filter: Double) {
    self.filter = filter
    lastDelivered = nil
  }

  /// Changes the filter of a running delivery.
  package mutating func changeFilter(_ filter: Double) {
    if self.filter != nil { self.filter = filter }
  }

  /// Stops delivering.
  package mutating func stopDelivering() { filter = nil }

  /// An angle in [0, 360).
  package static func normalized(_ degrees: Double) -> Double {
    let value = degrees.truncatingRemainder(dividingBy: 360)
    return value < 0 ? value + 360 : value
  }

  /// The smaller angle between two directions, degrees.
  package static func difference(_ a: Double, _ b: Double) -> Double {
    let d = abs(a - b).truncatingRemainder(dividingBy: 360)
    return min(d, 360 - d)
  }
}
