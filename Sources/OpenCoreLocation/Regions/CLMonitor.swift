import Foundation
import NMEA
import Receivers

/// Monitors conditions — circles on the Earth — and reports when each becomes satisfied
/// (inside) or unsatisfied (outside): Core Location's `CLMonitor`, over a serial receiver.
///
/// ```swift
/// let monitor = await CLMonitor("geofences")
/// await monitor.add(
///   CLMonitor.CircularGeographicCondition(center: depot, radius: 200), identifier: "depot")
/// for try await event in await monitor.events {
///   print(event.identifier, event.state)  // depot satisfied
/// }
/// ```
///
/// Every current fix is applied to every condition by ``RegionHysteresis``: with `d` the
/// geodesic distance to the centre, `r` the radius, `a` the fix's horizontal accuracy and
/// `h = min(20 m, r / 2)`, an unknown condition becomes satisfied when `d ≤ r − a` and
/// unsatisfied when `d ≥ r + a`; afterwards it changes only when `d ≤ r − max(h, a)` (to
/// satisfied) or `d ≥ r + max(h, a)` (to unsatisfied). A fix of unknown accuracy decides
/// nothing, so jitter at a boundary and poor fixes do not make events. Each event carries
/// the deciding fix and its distance to the centre (Linux extensions).
///
/// Where locations come from is ``Input``: by default the receiver the command line would
/// pick (`$LOCATE_DEVICE`, else discovery), opened while ``events`` is iterated.
public actor CLMonitor {
  /// Where a monitor's locations come from (Linux extension).
  public enum Input: Sendable {
    /// The receiver the command line would pick: `$LOCATE_DEVICE`, else the first one
    /// discovery finds.
    case discovered
    /// An explicit source: a device, a capture file, standard input, TCP or gpsd. A replay's
    /// events end with it; its timestamps are as recorded unless `replayTimestamps` says
    /// otherwise.
    case source(
      ReceiverSource, options: ReceiverOptions = ReceiverOptions(),
      checksumPolicy: ChecksumPolicy = .strict, replayTimestamps: ReplayTimestamps = .asRecorded)
    /// The source, checksum policy, maximum age and replay timestamps of a service.
    case service(LocationService)
    /// Only the locations given to ``process(_:)``.
    case fed
  }

  /// The name it was made with.
  public nonisolated let name: String
  /// The events, as an `AsyncSequence` (see ``Events``).
  public let events: Events
  nonisolated let core: MonitorCore

  /// A monitor named `name` reading `input` (default: the receiver the command line would
  /// pick), deciding by `hysteresis` (default: a 20 m margin).
  public init(
    _ name: String, input: Input = .discovered, hysteresis: RegionHysteresis = RegionHysteresis()
  ) async {
    self.name = name
    core = MonitorCore(setup: MonitorCore.Setup(input), rule: hysteresis)
    events = Events(core: core)
  }

  /// The identifiers of the conditions, in the order added.
  public var identifiers: [String] { core.identifiers }

  /// Adds a condition (replacing one with the same identifier), its state unknown.
  public func add(_ condition: any CLCondition, identifier: String) {
    core.add(condition, identifier: identifier, assuming: .unknown)
  }

  /// Adds a condition (replacing one with the same identifier) assumed to be in `state` until
  /// a fix decides otherwise: from an assumed satisfied state, only leaving the circle by the
  /// margin makes an event.
  public func add(_ condition: any CLCondition, identifier: String, assuming state: Event.State) {
    core.add(condition, identifier: identifier, assuming: state)
  }

  /// Stops monitoring a condition; unknown identifiers are ignored.
  public func remove(_ identifier: String) {
    core.remove(identifier)
  }

  /// The condition added under `identifier` and its last event, if it is monitored.
  public func record(for identifier: String) -> Record? {
    core.record(for: identifier)
  }

  /// Applies a location to every condition, as a fix from the receiver would be (Linux
  /// extension: for ``Input/fed`` monitors, or locations from elsewhere). Returns the events it
  /// caused, which ``events`` also delivers.
  @discardableResult
  public func process(_ location: CLLocation) -> [Event] {
    core.process(location)
  }
}
