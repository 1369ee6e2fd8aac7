import Foundation
import Platform
import Receivers

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// Collects what a session or service reports.
final class EventLog<Element: Sendable>: Sendable {
  private let items = Locked<[Element]>([])
  func append(_ item: Element) { items.withLock { $0.append(item) } }
  func append(contentsOf more: [Element]) { items.withLock { $0.append(contentsOf: more) } }
  var all: [Element] { items.withLock { $0 } }
}

/// A pipeline session fed by the test, on a manual clock.
struct SessionHarness {
  let clock: ManualClock
  let session: LocationSession
  let events: EventLog<PipelineEvent>

  init(
    replay: Bool = false, maximumAge: Double = 5, device: String = "/dev/ttyTEST",
    wall: Date = Date(timeIntervalSince1970: 1_750_000_000), firstDay: Int? = nil
  ) {
    let clock = ManualClock(wall: wall)
    let events = EventLog<PipelineEvent>()
    var config = PipelineConfig(isReplay: replay, device: device)
    config.maximumAge = maximumAge
    config.firstDay = firstDay
    self.clock = clock
    self.events = events
    session = LocationSession(input: .manual, config: config, clock: clock) {
      events.append(contentsOf: $0)
    }
    try? session.start()
  }

  /// Starts continuous delivery with these filters.
  func startUpdates(
    distanceFilter: Double = -1, desiredAccuracy: Double = -1, pauses: Bool = false,
    activity: CLActivityType = .other
  ) {
    session.configure {
      $0.startUpdates(
        DeliveryFilter(
          distanceFilter: distanceFilter, desiredAccuracy: desiredAccuracy,
          filtersAccuracy: desiredAccuracy >= 0, pausesAutomatically: pauses,
          activityType: activity))
    }
  }

  /// Bytes arriving now, in one read.
  func feed(_ text: String) {
    Array(text.utf8).withUnsafeBytes { session.feed($0, at: clock.now()) }
  }

  /// The headings delivered so far.
  var headings: [HeadingReading] {
    events.all.compactMap {
      if case .heading(let heading) = $0 { return heading } else { return nil }
    }
  }

  /// The locations delivered so far.
  var locations: [Fix] {
    events.all.compactMap {
      if case .location(let location) = $0 { return location } else { return nil }
    }
  }
}

extension PipelineEvent {
  /// A short name for assertions.
  var name: String {
    switch self {
    case .location(let l): return "location \(Int(l.timestamp.timeIntervalSince1970) % 86_400)"
    case .sky: return "sky"
    case .authorization(let status, _): return "authorization \(status)"
    case .device(let state): return "device \(state)"
    case .progress: return "progress"
    case .paused(let paused, _): return paused ? "paused" : "resumed"
    case .stale(_, let age): return "stale \(age)"
    case .oneShotFix: return "oneShotFix"
    case .oneShotTimeout: return "oneShotTimeout"
    case .oneShotFailed: return "oneShotFailed"
    case .ended: return "ended"
    case .region(let transition): return "region \(transition.identifier) \(transition.state)"
    case .heading(let heading): return "heading \(heading.trueHeading) \(heading.magneticHeading)"
    case .visit(let visit): return "visit \(visit.arrivalDate) \(visit.departureDate)"
    case .sentences(let bytes): return "sentences \(bytes.count)"
    case .ignored(let error, _): return "ignored \(error.address) \(error.field)"
    case .timing(let timing): return "timing \(timing.receiverTime.map(String.init) ?? "undated")"
    }
  }
}
