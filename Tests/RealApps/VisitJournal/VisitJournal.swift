// A diary of places the user stayed, from visit monitoring: each visit arrives once when it
// starts (departure in the distant future) and again when it ends.
import Foundation

#if canImport(CoreLocation)
  import CoreLocation
#else
  import OpenCoreLocation
#endif

/// The places the device stayed.
public final class VisitJournal: NSObject, CLLocationManagerDelegate {
  /// One stay.
  public struct Entry: Equatable {
    public let arrival: Date
    public var departure: Date?
    public var coordinate: CLLocationCoordinate2D
    public var accuracy: CLLocationAccuracy

    /// How long it lasted, once it ended.
    public var duration: TimeInterval? { departure.map { $0.timeIntervalSince(arrival) } }

    public static func == (lhs: Entry, rhs: Entry) -> Bool {
      lhs.arrival == rhs.arrival && lhs.departure == rhs.departure
        && lhs.coordinate.latitude == rhs.coordinate.latitude
        && lhs.coordinate.longitude == rhs.coordinate.longitude
    }
  }

  /// The stays, oldest first.
  public private(set) var entries: [Entry] = []
  /// Called on the main queue when a stay starts or ends.
  public var onChange: ((Entry) -> Void)?

  private let manager = CLLocationManager()

  public override init() {
    super.init()
    manager.delegate = self
  }

  public func start() {
    manager.requestAlwaysAuthorization()
    manager.startMonitoringVisits()
  }

  public func stop() {
    manager.stopMonitoringVisits()
  }

  public func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {
    let departure = visit.departureDate == .distantFuture ? nil : visit.departureDate
    if let index = entries.firstIndex(where: { $0.arrival == visit.arrivalDate }) {
      entries[index].departure = departure
      entries[index].coordinate = visit.coordinate
      entries[index].accuracy = visit.horizontalAccuracy
      onChange?(entries[index])
    } else {
      let entry = Entry(
        arrival: visit.arrivalDate, departure: departure, coordinate: visit.coordinate,
        accuracy: visit.horizontalAccuracy)
      entries.append(entry)
      onChange?(entry)
    }
  }
}
