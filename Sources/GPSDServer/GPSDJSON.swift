import FoundationEssentials
import Geodesy
import JSON
import LocationEngine
import Receivers

/// gpsd's JSON: TPV and SKY objects with gpsd's member names, order, units and precision, plus
/// `locate`'s EVENT objects (and TOFF and PPS, GPSDJSON+Time.swift). One object per line. With
/// VERSION, DEVICE(S), WATCH, POLL and ERROR (the server's replies), every gpsd object is put
/// together in this module, and written with `JSON`'s one writer.
package enum GPSDJSON {
  /// A TPV object (time, position, velocity) for a fix; `device` replaces the fix's own
  /// device name (`locate serve` names the device it opened).
  package static func tpv(_ location: Fix, device: String? = nil) -> String {
    tpvObject(location, device: device).text
  }

  /// The TPV object itself, for writers that take its bytes (no `String` in between).
  package static func tpvObject(_ location: Fix, device: String? = nil) -> JSONObject {
    // Room for the numbers' reservation (``JSONMembers``) and what comes before them.
    var storage: [UInt8] = []
    storage.reserveCapacity(19 * JSONMembers.longestMember + 256)
    return tpvObject(location, device: device, reusing: &storage)
  }

  /// The TPV object written into `storage`'s memory (``JSONObject/init(reusing:)``): a writer
  /// of one TPV after another allocates once, not per object.
  package static func tpvObject(
    _ location: Fix, device: String? = nil, reusing storage: inout [UInt8]
  ) -> JSONObject {
    let gnss = location.gnss
    var object = JSONObject(reusing: &storage)
    object.add("class", "TPV")
    object.add("device", device ?? gnss?.device)
    if let status = gnss?.status, status != .unknown { object.add("status", status.rawValue) }
    let mode = location.fixMode
    object.add("mode", mode.rawValue)
    // An undated fix has no time member, as gpsd's TPV before it knows the date.
    object.add("time", time: location.datedTimestamp)
    // The 19 numbers in one reservation (``JSONMembers``).
    object.addMembers(19) { members in
      if mode.rawValue >= GNSSFixMode.fix2D.rawValue {
        members.add("lat", location.coordinate.latitude, places: 9)
        members.add("lon", location.coordinate.longitude, places: 9)
      }
      if location.hasAltitude {
        members.add("altHAE", location.ellipsoidalAltitude, places: 4)
        members.add("altMSL", location.altitude, places: 4)
        members.add("alt", location.altitude, places: 4)
      }
      members.add("epx", gnss?.longitudeError, places: 3)
      members.add("epy", gnss?.latitudeError, places: 3)
      members.add("epv", location.validVerticalAccuracy, places: 3)
      // As gpsd: the variation is the receiver's, else a model's (here WMM2025, see
      // MagneticVariation); magtrack is the track relative to magnetic north (true minus the
      // variation; gpsd 3.22 adds the variation instead, a sign error this does not copy).
      let variation =
        mode.rawValue >= GNSSFixMode.fix2D.rawValue ? location.magneticVariation : nil
      members.add("track", location.validCourse, places: 4)
      if let course = location.validCourse, let variation {
        members.add("magtrack", variation.magnetic(fromTrue: course), places: 4)
      }
      members.add("magvar", variation?.degrees, places: 1)
      members.add("speed", location.validSpeed, places: 3)
      members.add("climb", gnss?.climb, places: 3)
      members.add("eps", location.validSpeedAccuracy, places: 2)
      members.add("epd", location.validCourseAccuracy, places: 4)
      members.add("geoidSep", gnss?.geoidSeparation, places: 3)
      members.add("eph", location.validHorizontalAccuracy, places: 3)
      members.add("dgpsAge", gnss?.dgpsAge, places: 1)
      members.add("dgpsSta", gnss?.dgpsStation)
    }
    return object
  }

  /// gpsd's TPV for an epoch without a fix: `device`, `mode` 1, and the epoch's `time` when
  /// the receiver dated it (as gpsd 3.22 writes it).
  package static func noFix(device: String?, time: Date? = nil) -> String {
    var object = JSONObject()
    object.add("class", "TPV")
    object.add("device", device)
    object.add("mode", GNSSFixMode.noFix.rawValue)
    object.add("time", time: time)
    return object.text
  }

  /// A SKY object (satellites and DOPs). As gpsd 3.22 does, the receiver's HDOP, VDOP and
  /// PDOP come first, and every DOP it did not send — always `xdop`, `ydop`, `tdop` and `gdop`
  /// — is computed from the directions of the satellites used (``DilutionOfPrecision``), when
  /// there are four or more with an elevation and an azimuth.
  package static func sky(_ view: GNSSSkyView, device: String?) -> String {
    skyObject(view, device: device).text
  }

  /// The SKY object itself, for writers that take its bytes.
  package static func skyObject(_ view: GNSSSkyView, device: String?) -> JSONObject {
    let geometry = DilutionOfPrecision(
      directions: view.satellites.compactMap { satellite in
        guard satellite.used, satellite.prn > 0, let el = satellite.elevation,
          let az = satellite.azimuth
        else { return nil }
        return (el, az)
      })
    var object = JSONObject()
    object.add("class", "SKY")
    object.add("device", device)
    object.add("time", time: view.time)
    object.add("xdop", geometry?.x, places: 2)
    object.add("ydop", geometry?.y, places: 2)
    object.add("vdop", view.vdop ?? geometry?.vertical, places: 2)
    object.add("tdop", geometry?.time, places: 2)
    object.add("hdop", view.hdop ?? geometry?.horizontal, places: 2)
    object.add("gdop", geometry?.geometric, places: 2)
    object.add("pdop", view.pdop ?? geometry?.position, places: 2)
    object.add("nSat", view.satellites.count)
    object.add("uSat", view.usedCount)
    let satellites = view.satellites.map { satellite in
      var entry = JSONObject()
      entry.add("PRN", satellite.prn)
      entry.add("el", satellite.elevation, places: 1)
      entry.add("az", satellite.azimuth, places: 1)
      entry.add("ss", satellite.snr, places: 1)
      entry.add("used", satellite.used)
      entry.add("gnssid", satellite.system.rawValue)
      entry.add("svid", satellite.svid)
      let signal = satellite.signalID.map(gpsdSignalID) ?? 0
      if signal != 0 { entry.add("sigid", signal) }
      return entry.text
    }
    object.add("satellites", raw: "[" + satellites.joined(separator: ",") + "]")
    return object
  }

  /// gpsd's `sigid` for an NMEA 4.11 signal ID (gpsd 3.22's `nmea_sigid_to_ubx`, u-blox
  /// numbering): 1 (L1) and 7 (E1) → 0, 2 (E5) → 5, 3 (B2/L2) → 2, 5 (L2) → 4, 6 (L2 CL) → 3,
  /// anything else → 0. Like gpsd, SKY leaves out a `sigid` of 0.
  package static func gpsdSignalID(_ nmea: Int) -> Int {
    switch nmea {
    case 2: return 5
    case 3: return 2
    case 5: return 4
    case 6: return 3
    default: return 0
    }
  }

  /// An EVENT object for an authorization change.
  package static func authorization(_ status: Authorization, _ state: DeviceState) -> String {
    var object = JSONObject()
    object.add("class", "EVENT")
    object.add("event", "authorization")
    object.add("authorization", status.name)
    addState(state, to: &object)
    return object.text
  }

  /// An EVENT object for a device state change.
  package static func device(_ state: DeviceState) -> String {
    var object = JSONObject()
    object.add("class", "EVENT")
    object.add("event", "device")
    addState(state, to: &object)
    return object.text
  }

  /// An EVENT object for `paused` or `resumed`.
  package static func paused(_ paused: Bool) -> String {
    var object = JSONObject()
    object.add("class", "EVENT")
    object.add("event", paused ? "paused" : "resumed")
    return object.text
  }

  /// An EVENT object saying the last fix is stale.
  package static func stale(_ location: Fix, age: Double) -> String {
    var object = JSONObject()
    object.add("class", "EVENT")
    object.add("event", "stale")
    object.add("time", time: location.datedTimestamp)
    object.add("age", age, places: 1)
    return object.text
  }

  private static func addState(_ state: DeviceState, to object: inout JSONObject) {
    object.add("state", state.name)
    switch state {
    case .available(let path):
      object.add("device", path)
    case .connected(let path, let baud):
      object.add("device", path)
      object.add("bps", baud)
    case .denied(let path, let group):
      object.add("device", path)
      object.add("group", group)
    case .busy(let path, let holder):
      object.add("device", path)
      object.add("holder", holder?.command)
      object.add("pid", holder.map { Int($0.pid) })
    case .unavailable(let path):
      object.add("device", path)
    case .unplugged(let path):
      object.add("device", path)
    case .silent(let path, let seconds):
      object.add("device", path)
      object.add("seconds", seconds, places: 1)
    case .garbled(let path, let baud):
      object.add("device", path)
      object.add("bps", baud)
    case .ended:
      break
    }
  }
}

extension Authorization {
  /// Apple's case name (`authorizedAlways`, `denied`…).
  package var name: String {
    switch self {
    case .notDetermined: return "notDetermined"
    case .restricted: return "restricted"
    case .denied: return "denied"
    case .authorizedAlways: return "authorizedAlways"
    case .authorizedWhenInUse: return "authorizedWhenInUse"
    }
  }
}

extension DeviceState {
  /// Whether the device can be opened now (available, or already open and talking).
  package var isUsable: Bool {
    switch self {
    case .available, .connected: return true
    default: return false
    }
  }

  /// `connected`, `denied`, `busy`, `unavailable`, `unplugged`, `silent`, `garbled`, `ended`.
  package var name: String {
    switch self {
    case .available: return "available"
    case .connected: return "connected"
    case .denied: return "denied"
    case .busy: return "busy"
    case .unavailable: return "unavailable"
    case .unplugged: return "unplugged"
    case .silent: return "silent"
    case .garbled: return "garbled"
    case .ended: return "ended"
    }
  }
}
