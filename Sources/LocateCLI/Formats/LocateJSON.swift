import FoundationEssentials
import GPSDServer
import Gazetteer
import Geodesy
import JSON

/// `locate`'s own objects beside gpsd's (GPSDServer's `GPSDJSON`): TARGET lines and `current`'s
/// `place` member. gpsd has neither; its clients pass over classes and members they do not know.
enum LocateJSON {
  /// `current`'s `place` member (locate's own; gpsd has none, and its clients pass over members
  /// they do not know): the nearest place, with Core Location's placemark names, its GeoNames
  /// coordinate, and the fix's distance (metres) and bearing (degrees true) from it.
  static func place(_ nearby: NearbyPlace) -> JSONObject {
    let place = nearby.place
    var object = JSONObject()
    object.add("name", place.name)
    object.add("administrativeArea", place.administrativeArea)
    object.add("isoCountryCode", place.countryCode)
    object.add("country", place.country)
    object.add("timeZone", place.timeZone)
    object.add("lat", shortest: place.latitude)
    object.add("lon", shortest: place.longitude)
    object.add("distance", nearby.distance, places: 1)
    object.add("bearing", nearby.bearing, places: 1)
    object.add("compass", Coordinates.compassPoint(nearby.bearing))
    return object
  }

  /// A TARGET object: distance and bearing from the fix at `time` to the `--to` point.
  static func target(_ reading: TargetReading, time: Date?) -> String {
    var object = JSONObject()
    object.add("class", "TARGET")
    object.add("time", time: time)
    object.add("lat", shortest: reading.target.latitude)
    object.add("lon", shortest: reading.target.longitude)
    object.add("distance", reading.distance, places: 3)
    object.add("bearing", reading.bearing, places: 3)
    return object.text
  }

}
