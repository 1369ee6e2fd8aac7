import Foundation
import Gazetteer
import Geodesy
import Testing

/// Places in words and by name, through the built binary: `current` says where the fix is
/// from the nearest place; `distance` takes places' names beside coordinates.
@Suite(GpsdCaptures.needs("ublox-neo-m9n-nmea")) struct PlaceEndToEndTests {
  static let capture = GpsdCaptures.log("ublox-neo-m9n-nmea")

  @Test func currentSaysWhereInWords() throws {
    let result = try CLI.run(["current", "--input", Self.capture])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count > 3 && lines[2] == "Place     5.0 km W of Novato, California, US")
  }

  @Test func currentJSONHasAPlaceMemberAndTheVariation() throws {
    let result = try CLI.run(["current", "--input", Self.capture, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(try DocumentChecks.jsonLines(result.stdout).first)
    #expect(object["class"] as? String == "TPV" && object["lat"] as? Double == 38.110494)
    let place = try #require(object["place"] as? [String: Any])
    let nearby = try #require(
      Places.nearest(to: GeoPoint(latitude: 38.110494, longitude: -122.626897)))
    #expect(place["name"] as? String == nearby.place.name)
    #expect(place["administrativeArea"] as? String == "California")
    #expect(
      place["isoCountryCode"] as? String == "US" && place["country"] as? String == "United States")
    #expect(place["timeZone"] as? String == "America/Los_Angeles")
    #expect(place["lat"] as? Double == nearby.place.latitude)
    #expect(place["lon"] as? Double == nearby.place.longitude)
    #expect(abs((place["distance"] as? Double ?? 0) - nearby.distance) < 0.05)
    #expect(abs((place["bearing"] as? Double ?? 0) - nearby.bearing) < 0.05)
    #expect(place["compass"] as? String == Coordinates.compassPoint(nearby.bearing))
    // The receiver sent no variation: the World Magnetic Model's, as gpsd gives its own.
    let variation = try #require(
      MagneticModel.declination(
        latitude: 38.110494, longitude: -122.626897, height: 53.6, year: 2020.5))
    #expect(abs((object["magvar"] as? Double ?? 0) - variation) <= 0.05)
    #expect(result.stdout.contains(#""magvar":"#) && !result.stdout.contains("magtrack"))
  }

  @Test func distanceTakesPlaceNames() throws {
    let result = try CLI.run(["distance", "--from", "Munich", "Vienna", "home=Garching", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let objects = try DocumentChecks.jsonLines(result.stdout)
    #expect(objects.map { $0["name"] as? String } == ["home", "Vienna, Vienna, AT"])
    let vienna = try #require(Places.search("Vienna").first)
    #expect(objects.last?["lat"] as? Double == vienna.latitude)
    let munich = try #require(Places.search("Munich").first)
    let line = Geodesic.wgs84.inverse(
      from: GeoPoint(latitude: munich.latitude, longitude: munich.longitude),
      to: GeoPoint(latitude: vienna.latitude, longitude: vienna.longitude))
    #expect(abs((objects.last?["distance"] as? Double ?? 0) - line.distance) < 0.001)
    let text = try CLI.run(["distance", "--from", "Munich", "Vienna"])
    #expect(text.stdout.hasPrefix("From 48.137430, 11.575490 (--from Munich, Bavaria, DE)\n"))
  }

  @Test func anAmbiguousNameIsTheMostPopulousAndVerboseListsTheOthers() throws {
    let quiet = try CLI.run(["distance", "--from", "0,0", "Springfield", "--json"])
    #expect(quiet.status == 0 && quiet.stderr == "")
    #expect(quiet.stdout.contains(#""name":"Springfield, Missouri, US""#))
    let verbose = try CLI.run(["distance", "--from", "0,0", "Springfield", "--verbose"])
    let notes = verbose.stderr.split(separator: "\n").map(String.init)
    let count = Places.search("Springfield").count
    #expect(notes.count == count)
    #expect(
      notes.first?.hasPrefix(
        "locate: Springfield: \(count) places have this name; using the most populous, "
          + "Springfield, Missouri, US (170,188 inhabitants) at ") == true)
    #expect(notes.dropFirst().allSatisfy { $0.hasPrefix("locate:   Springfield, ") })
    #expect(
      notes.contains { $0.hasPrefix("locate:   Springfield, Illinois, US (114,394 inhabitants)") })
  }
}
