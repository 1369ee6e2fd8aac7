import Foundation
import Gazetteer
import Geodesy

/// How a ``CLGeocoder`` runs its requests: one after the other on its own queue, each handed
/// back on the completion queue unless ``CLGeocoder/cancelGeocode()`` came first.
extension CLGeocoder {
  /// What a request found: placemarks, an error, or both (a partial result).
  struct Answer: Sendable {
    var placemarks: [CLPlacemark]?
    var error: CLError?
  }

  /// A completion handler carried to the completion queue (apps' handlers are not `Sendable`;
  /// it runs only there).
  private struct Handler: @unchecked Sendable {
    let call: CLGeocodeCompletionHandler
  }

  /// Runs `work` and calls `handler` with its answer on the completion queue.
  func submit(
    _ handler: @escaping CLGeocodeCompletionHandler, _ work: @escaping @Sendable () -> Answer
  ) {
    let id = begin()
    let handler = Handler(call: handler)
    let queue = completionQueue
    worker.async { [self] in
      let answer = work()
      queue.async { [self] in
        let delivered = end(id, answer)
        handler.call(delivered.placemarks, delivered.error)
      }
    }
  }

  /// Runs `work`; its placemarks, or its error thrown.
  func perform(_ work: @escaping @Sendable () -> Answer) async throws -> [CLPlacemark] {
    let id = begin()
    let answer = await withCheckedContinuation { continuation in
      worker.async { [self] in continuation.resume(returning: end(id, work())) }
    }
    if let error = answer.error { throw error }
    return answer.placemarks ?? []
  }

  private func begin() -> UInt64 {
    state.withLock { state in
      state.next += 1
      state.pending.insert(state.next)
      return state.next
    }
  }

  /// The request is done: its answer, or `geocodeCanceled` when it was cancelled meanwhile.
  private func end(_ id: UInt64, _ answer: Answer) -> Answer {
    let cancelled = state.withLock { state in
      state.pending.remove(id)
      return state.cancelled.remove(id) != nil
    }
    guard cancelled else { return answer }
    return Answer(error: CLError(.geocodeCanceled, reason: "cancelled by cancelGeocode()"))
  }

  /// The nearest place to a coordinate.
  static func reverse(_ coordinate: CLLocationCoordinate2D) -> Answer {
    let point = GeoPoint(latitude: coordinate.latitude, longitude: coordinate.longitude)
    guard CLLocationCoordinate2DIsValid(coordinate), let nearby = Places.nearest(to: point) else {
      return Answer(
        error: CLError(
          .geocodeFoundNoResult,
          reason: "\(coordinate.latitude), \(coordinate.longitude) is not a valid coordinate"))
    }
    return Answer(placemarks: [CLPlacemark(nearby.place)])
  }

  /// The places a text names.
  static func forward(_ text: String, _ hint: RegionHint) -> Answer {
    let match = Places.lookup(address: text)
    guard !match.places.isEmpty else {
      return Answer(
        error: CLError(
          .geocodeFoundNoResult,
          reason: "no place named \"\(text)\" in the offline gazetteer (GeoNames' places of "
            + "1,000 or more inhabitants; street addresses are not known offline)"))
    }
    let placemarks = hint.ordered(match.places).map { CLPlacemark($0) }
    guard match.isPartial else { return Answer(placemarks: placemarks) }
    return Answer(
      placemarks: placemarks,
      error: CLError(
        .geocodeFoundPartialResult,
        reason: "street addresses are not known offline: found only the place \"\(match.matched)\""
      ))
  }
}

/// A region given as a hint to forward geocoding: places inside it come first.
struct RegionHint: Sendable {
  private let circle: (center: GeoPoint, radius: Double)?

  init(_ region: CLRegion?) {
    guard let circle = region as? CLCircularRegion else {
      self.circle = nil
      return
    }
    self.circle = (
      GeoPoint(latitude: circle.center.latitude, longitude: circle.center.longitude),
      circle.radius
    )
  }

  /// `places` with those inside the region first, each group in its order.
  func ordered(_ places: [Place]) -> [Place] {
    guard let circle else { return places }
    let inside = places.filter { place in
      Geodesic.wgs84.inverse(
        from: circle.center, to: GeoPoint(latitude: place.latitude, longitude: place.longitude)
      ).distance <= circle.radius
    }
    let indices = Set(inside.map(\.index))
    return inside + places.filter { !indices.contains($0.index) }
  }
}
