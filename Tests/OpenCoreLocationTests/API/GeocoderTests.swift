import Foundation
import Gazetteer
import Geodesy
import Testing

@testable import OpenCoreLocation

/// CLGeocoder and CLPlacemark, offline: Apple's signatures, errors and raw values.
@Suite("CLGeocoder")
struct GeocoderTests {
  /// A location 2.1 km north-east of Garching (bei München).
  static let nearGarching: CLLocation = {
    let point = Geodesic.wgs84.direct(
      from: GeoPoint(latitude: 48.24896, longitude: 11.65101), azimuth: 45, distance: 2_100)
    return CLLocation(latitude: point.latitude, longitude: point.longitude)
  }()

  /// The completion handler's arguments, from a request made on a queue of its own.
  static func answer(
    _ request: (CLGeocoder, @escaping CLGeocodeCompletionHandler) -> Void
  ) async -> ([CLPlacemark]?, CLError?) {
    let geocoder = CLGeocoder()
    geocoder.completionQueue = DispatchQueue(label: "geocoder-test")
    return await withCheckedContinuation { continuation in
      request(geocoder) { placemarks, error in
        continuation.resume(returning: (placemarks, error as? CLError))
      }
    }
  }

  @Test("reverse geocoding: the nearest place, with its division, country and time zone")
  func reverse() async throws {
    let placemarks = try await CLGeocoder().reverseGeocodeLocation(Self.nearGarching)
    let placemark = try #require(placemarks.first)
    #expect(placemarks.count == 1)
    #expect(placemark.name == "Garching" && placemark.locality == "Garching")
    #expect(placemark.administrativeArea == "Bavaria")
    #expect(placemark.isoCountryCode == "DE" && placemark.country == "Germany")
    #expect(placemark.timeZone?.identifier == "Europe/Berlin")
    #expect(placemark.location?.coordinate.latitude == 48.24896)
    #expect(placemark.location?.coordinate.longitude == 11.65101)
    #expect(placemark.thoroughfare == nil && placemark.subThoroughfare == nil)
    #expect(placemark.postalCode == nil && placemark.region == nil && placemark.ocean == nil)
    let (handled, error) = await Self.answer {
      $0.reverseGeocodeLocation(Self.nearGarching, completionHandler: $1)
    }
    #expect(error == nil && handled == placemarks)
  }

  @Test("forward geocoding: the places of that name, most populous first")
  func forward() async throws {
    let munich = try await CLGeocoder().geocodeAddressString("Munich")
    #expect(munich.first?.locality == "Munich" && munich.first?.isoCountryCode == "DE")
    let (springfields, error) = await Self.answer {
      $0.geocodeAddressString("Springfield", completionHandler: $1)
    }
    #expect(error == nil)
    #expect((springfields?.count ?? 0) > 10)
    #expect(springfields?.first?.administrativeArea == "Missouri")
    // A region hint puts the places inside it first.
    let illinois = CLCircularRegion(
      center: CLLocationCoordinate2D(latitude: 39.8, longitude: -89.64), radius: 50_000,
      identifier: "capital")
    let hinted = try await CLGeocoder().geocodeAddressString("Springfield", in: illinois)
    #expect(hinted.first?.administrativeArea == "Illinois")
    #expect(hinted.count == springfields?.count)
    let qualified = try await CLGeocoder().geocodeAddressString("Springfield, MA")
    #expect(qualified.first?.administrativeArea == "Massachusetts")
  }

  @Test("no result, a partial result, an invalid location: Apple's codes and raw values")
  func errors() async throws {
    #expect(CLError.Code.geocodeFoundNoResult.rawValue == 8)
    #expect(CLError.Code.geocodeFoundPartialResult.rawValue == 9)
    #expect(CLError.Code.geocodeCanceled.rawValue == 10)
    let (none, noResult) = await Self.answer {
      $0.geocodeAddressString("Xyzzy Qwertz", completionHandler: $1)
    }
    #expect(none == nil && noResult?.code == .geocodeFoundNoResult)
    #expect((noResult as NSError?)?.domain == kCLErrorDomain && (noResult as NSError?)?.code == 8)
    #expect(noResult?.reason?.contains("street addresses are not known offline") == true)
    // A street address: its place, and the partial-result error with it.
    let (partial, partialError) = await Self.answer {
      $0.geocodeAddressString("Marienplatz 1, 80331 München", completionHandler: $1)
    }
    #expect(
      partial?.first?.locality == "Munich" && partialError?.code == .geocodeFoundPartialResult)
    do {
      _ = try await CLGeocoder().geocodeAddressString("Marienplatz 1, 80331 München")
      Issue.record("a partial result throws in the async form")
    } catch CLError.geocodeFoundPartialResult {
    } catch {
      Issue.record("\(error)")
    }
    let (nothing, invalid) = await Self.answer {
      $0.reverseGeocodeLocation(CLLocation(latitude: 95, longitude: 0), completionHandler: $1)
    }
    #expect(nothing == nil && invalid?.code == .geocodeFoundNoResult)
  }

  @Test("cancelGeocode: a pending request's handler gets geocodeCanceled")
  func cancel() async {
    let geocoder = CLGeocoder()
    let queue = DispatchQueue(label: "geocoder-cancel")
    geocoder.completionQueue = queue
    let outcome: (Bool, CLError.Code?) = await withCheckedContinuation { continuation in
      queue.async {
        // On the completion queue: the answer cannot be delivered before the cancellation.
        geocoder.geocodeAddressString("Munich") { placemarks, error in
          continuation.resume(returning: (placemarks == nil, (error as? CLError)?.code))
        }
        #expect(geocoder.isGeocoding)
        geocoder.cancelGeocode()
      }
    }
    #expect(outcome.0 && outcome.1 == .geocodeCanceled)
    #expect(!geocoder.isGeocoding)
  }

  @Test("handlers run on the main queue by default, as Apple's")
  func mainQueue() async {
    let key = DispatchSpecificKey<String>()
    DispatchQueue.main.setSpecific(key: key, value: "main")
    let queue = await withCheckedContinuation { continuation in
      CLGeocoder().geocodeAddressString("Vienna") { _, _ in
        continuation.resume(returning: DispatchQueue.getSpecific(key: key))
      }
    }
    #expect(queue == "main")
  }

  @Test("placemarks archive, copy and describe themselves as Apple's")
  func placemarks() throws {
    let placemark = CLPlacemark(try #require(Places.search("Garching bei München").first))
    let data = try NSKeyedArchiver.archivedData(
      withRootObject: placemark, requiringSecureCoding: true)
    let back = try #require(
      try NSKeyedUnarchiver.unarchivedObject(ofClass: CLPlacemark.self, from: data))
    #expect(back == placemark && back.timeZone?.identifier == "Europe/Berlin")
    #expect(CLPlacemark(placemark: placemark) == placemark)
    #expect(
      placemark.description
        == "Garching, Garching, Bavaria, Germany @ <+48.24896000,+11.65101000> +/- 0.00m, region (null)"
    )
  }
}
