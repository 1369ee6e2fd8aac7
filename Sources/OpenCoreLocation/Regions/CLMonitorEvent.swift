import Foundation

extension CLMonitor {
  /// A change of a condition's state, or a problem with monitoring it (Core Location's
  /// `CLMonitor.Event`, with the deciding fix as a Linux extension).
  public struct Event: Sendable {
    /// The states a condition can be in.
    public typealias State = CLMonitoringState

    /// The identifier the condition was added under.
    public let identifier: String
    /// The condition's state.
    public let state: State
    /// When: the deciding fix's timestamp (a replay's own time), else when it happened.
    public let date: Date
    /// Never set here: circles have no refinement.
    public let refinement: (any CLCondition)? = nil
    /// The receiver refused us (permissions).
    public let authorizationDenied: Bool
    /// No receiver exists.
    public let authorizationDeniedGlobally: Bool
    /// Another program holds the receiver.
    public let authorizationRestricted: Bool
    /// Never set: any authorization here is full.
    public let insufficientlyInUse = false
    /// Never set: accuracy is never reduced.
    public let accuracyLimited = false
    /// Never set: there is no limit on the number of conditions.
    public let conditionLimited = false
    /// The condition cannot be monitored: not a ``CircularGeographicCondition``, or an invalid
    /// circle. Its state is ``CLMonitoringState/unmonitored``.
    public let conditionUnsupported: Bool
    /// Always set: conditions last as long as the monitor, not across program runs.
    public let persistenceUnavailable = true
    /// Never set: no service session is needed.
    public let serviceSessionRequired = false
    /// Never set: the receiver is opened when events are iterated.
    public let authorizationRequestInProgress = false
    /// The fix that decided the state (Linux extension); nil for other events.
    public let location: CLLocation?
    /// Geodesic distance from ``location`` to the circle's centre, metres (Linux extension).
    public let distance: CLLocationDistance?

    init(
      identifier: String, state: State, date: Date, location: CLLocation? = nil,
      distance: CLLocationDistance? = nil, denied: Bool = false, deniedGlobally: Bool = false,
      restricted: Bool = false, unsupported: Bool = false
    ) {
      self.identifier = identifier
      self.state = state
      self.date = date
      self.location = location
      self.distance = distance
      authorizationDenied = denied
      authorizationDeniedGlobally = deniedGlobally
      authorizationRestricted = restricted
      conditionUnsupported = unsupported
    }

    /// The event for a transition.
    init(_ transition: RegionTransition) {
      self.init(
        identifier: transition.identifier, state: State(transition.state),
        date: transition.location.timestamp, location: CLLocation(transition.location),
        distance: transition.distance)
    }

    /// The same condition and state with the problem flags of an authorization change.
    func withProblem(_ status: CLAuthorizationStatus, globally: Bool, date: Date) -> Event {
      Event(
        identifier: identifier, state: state, date: date,
        denied: status == .denied && !globally, deniedGlobally: status == .denied && globally,
        restricted: status == .restricted, unsupported: conditionUnsupported)
    }
  }

  /// A condition and the last event about it.
  public struct Record: Sendable {
    /// The condition as added.
    public let condition: any CLCondition
    /// The most recent event (at first, the assumed state).
    public let lastEvent: Event
  }

  /// The events of a monitor, as an `AsyncSequence`. Iterating opens the monitor's receiver
  /// (if it has one) and closes it when the iteration ends; one iteration at a time (a new
  /// one ends the previous). Events that happen while nobody iterates — assumed states,
  /// unsupported conditions, fed locations — wait for the next iteration (the latest 1024).
  /// A replay's events end with the replay; a receiver that cannot be opened ends them after
  /// an event per condition saying why.
  public struct Events: AsyncSequence, Sendable {
    /// Each element.
    public typealias Element = CLMonitor.Event

    let core: MonitorCore

    /// Iterates the events.
    public struct Iterator: AsyncIteratorProtocol {
      let iteration: MonitorIteration

      /// The next event; nil when a replay ends, the receiver cannot be opened, or another
      /// iteration took over.
      public mutating func next() async throws -> CLMonitor.Event? {
        await iteration.next()
      }
    }

    /// Starts iterating (the receiver opens at the first `next()`).
    public func makeAsyncIterator() -> Iterator {
      Iterator(iteration: MonitorIteration(core: core))
    }
  }
}
