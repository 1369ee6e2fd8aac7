import Platform

/// The regions one session watches: a ``RegionTracker`` behind a lock, shared by the pipeline
/// (which applies every current fix to it, on the reader's thread) and its owner (which adds
/// and removes regions while the session runs).
package final class RegionWatch: Sendable {
  private let tracker: Locked<RegionTracker>

  /// A watch over `tracker`'s regions and states.
  package init(_ tracker: RegionTracker = RegionTracker()) { self.tracker = Locked(tracker) }

  /// Adds or replaces a region.
  package func add(
    identifier: String, center: CLLocationCoordinate2D, radius: Double, state: CLRegionState
  ) {
    tracker.withLock {
      $0.add(identifier: identifier, center: center, radius: radius, state: state)
    }
  }

  /// Removes a region.
  package func remove(identifier: String) { tracker.withLock { $0.remove(identifier: identifier) } }

  /// A region's state, nil when not watched.
  package func state(of identifier: String) -> CLRegionState? {
    tracker.withLock { $0.state(of: identifier) }
  }

  /// The identifiers, in the order added.
  package var identifiers: [String] { tracker.withLock { $0.identifiers } }

  /// Applies a fix; the changes it caused.
  package func evaluate(_ location: Fix) -> [RegionTransition] {
    tracker.withLock { $0.evaluate(location) }
  }
}

/// Region monitoring inside the pipeline: every current fix — delivered or not, whatever the
/// distance filter, pause or desired accuracy of the updates — is applied to the watched
/// regions. A transition comes just before the fix that decided it when that fix is also
/// delivered, so a stream reader sees the event, then the fix.
extension LocationPipeline {
  /// Starts (or, with nil, stops) watching regions; epochs that began earlier are not
  /// current.
  package mutating func watchRegions(_ watch: RegionWatch?) {
    regions = watch
    regionsSince = config.isReplay ? 0 : now
  }

  /// The events for a current fix: `processed` is what handling the fix added to the events
  /// so far (a delivered `.location` among them, whose object is then reused).
  package mutating func regionEvents(
    for fix: Fix, processed: ArraySlice<PipelineEvent>
  ) -> (events: [PipelineEvent], before: Int?) {
    guard let regions else { return ([], nil) }
    var location: Fix?
    var position: Int?
    for index in processed.indices {
      if case .location(let delivered) = processed[index] {
        location = delivered
        position = index
      }
    }
    let transitions = regions.evaluate(location ?? fix)
    return (transitions.map { .region($0) }, position)
  }
}
