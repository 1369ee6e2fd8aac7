import Foundation

/// A raw geomagnetic component, microteslas (Core Location's `CLHeadingComponentValue`).
public typealias CLHeadingComponentValue = Double

/// Where a vehicle or vessel points (Core Location's `CLHeading`), from the receiver's heading
/// sentences: never from course over ground, which is where it moves.
///
/// The rule (see ``HeadingRule``): `trueHeading` comes from HDT or THS (a THS with mode `V` is
/// not a heading), or from a magnetic heading plus the magnetic variation; `magneticHeading`
/// from HDM, or HDG's sensor heading plus its deviation, or from a true heading minus the
/// variation. The variation is HDG's own, else the last one the receiver's RMC sent. A value
/// that cannot be known is −1 (Apple's sentinel for `trueHeading`; here for
/// `magneticHeading` too, which an iPhone's magnetometer always knows).
///
/// - `headingAccuracy` is 0: NMEA's heading sentences state no accuracy. It is never negative
///   (Apple's "invalid"), so apps that drop invalid headings keep these.
/// - `x`, `y`, `z` are 0: a receiver sends no raw magnetometer data.
/// - `timestamp`: when the heading was determined — on a live receiver the computer's clock
///   when its sentence arrived; in a replay the time of the epoch it came in (the last fix's
///   time plus the stream time since).
open class CLHeading: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  /// The stored values: the engine's reading.
  typealias Fields = HeadingReading

  let fields: Fields

  init(fields: Fields) {
    self.fields = fields
    super.init()
  }

  /// A heading with neither direction known, for subclasses (apps that fake headings).
  public override init() {
    fields = Fields()
    super.init()
  }

  /// Decodes a heading archived by ``encode(with:)``.
  public required init?(coder: NSCoder) {
    guard let timestamp = coder.decodeObject(of: NSDate.self, forKey: "timestamp") else {
      return nil
    }
    fields = Fields(
      magneticHeading: coder.decodeDouble(forKey: "magneticHeading"),
      trueHeading: coder.decodeDouble(forKey: "trueHeading"),
      headingAccuracy: coder.decodeDouble(forKey: "headingAccuracy"), timestamp: timestamp as Date)
    super.init()
  }

  /// Degrees from magnetic north, [0, 360); −1 when unknown (see the class discussion).
  open var magneticHeading: CLLocationDirection { fields.magneticHeading }
  /// Degrees from true north, [0, 360); −1 when unknown.
  open var trueHeading: CLLocationDirection { fields.trueHeading }
  /// Degrees; 0 here (the sentences state no accuracy), never negative.
  open var headingAccuracy: CLLocationDirection { fields.headingAccuracy }
  /// When the heading was determined.
  open var timestamp: Date { fields.timestamp }
  /// Raw geomagnetic x: 0 (no magnetometer data).
  open var x: CLHeadingComponentValue { 0 }
  /// Raw geomagnetic y: 0 (no magnetometer data).
  open var y: CLHeadingComponentValue { 0 }
  /// Raw geomagnetic z: 0 (no magnetometer data).
  open var z: CLHeadingComponentValue { 0 }

  /// Archives are decoded with `requiringSecureCoding: true`.
  public class var supportsSecureCoding: Bool { true }

  /// Archives both headings, the accuracy and the timestamp.
  open func encode(with coder: NSCoder) {
    coder.encode(magneticHeading, forKey: "magneticHeading")
    coder.encode(trueHeading, forKey: "trueHeading")
    coder.encode(headingAccuracy, forKey: "headingAccuracy")
    coder.encode(timestamp as NSDate, forKey: "timestamp")
  }

  /// The same heading (headings are immutable).
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// Equal when both headings, the accuracy and the timestamp are.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? CLHeading else { return false }
    return other.magneticHeading == magneticHeading && other.trueHeading == trueHeading
      && other.headingAccuracy == headingAccuracy && other.timestamp == timestamp
  }

  /// The hash of the timestamp and both headings.
  open override var hash: Int { fields.hashValue }

  /// Apple's layout: `magneticHeading 218.63 trueHeading -1.00 accuracy 0.00 x +0.000
  /// y +0.000 z +0.000 @ 9/19/22, 10:41:41 AM Coordinated Universal Time`.
  open override var description: String {
    String(
      format: "magneticHeading %.2f trueHeading %.2f accuracy %.2f x %+.3f y %+.3f z %+.3f @ ",
      magneticHeading, trueHeading, headingAccuracy, x, y, z) + CLLocation.describe(timestamp)
  }
}

/// A device's physical orientation (Core Location's `CLDeviceOrientation`), the reference
/// of `headingOrientation` on a phone. A receiver's heading is the vehicle's, whatever the
/// orientation set.
public enum CLDeviceOrientation: Int32, Sendable, Hashable {
  /// Unknown.
  case unknown = 0
  /// Upright, home button at the bottom.
  case portrait = 1
  /// Upside down.
  case portraitUpsideDown = 2
  /// On its side, home button on the right.
  case landscapeLeft = 3
  /// On its side, home button on the left.
  case landscapeRight = 4
  /// Flat, screen up.
  case faceUp = 5
  /// Flat, screen down.
  case faceDown = 6
}
