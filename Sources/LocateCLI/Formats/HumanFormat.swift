import FoundationEssentials
import Gazetteer
import Geodesy
import JSON
import LocationEngine
import NMEA

/// Human-readable text: the block `current` prints, the line per fix `watch` prints, the sky
/// table, and the status and notes shown on stderr.
enum HumanFormat {
  /// The block for one fix. `now` gives the fix's age (replays say so instead).
  static func current(_ location: Fix, now: Date, style: Style, place: NearbyPlace? = nil)
    -> String
  {
    let gnss = location.gnss
    let latitude = location.coordinate.latitude
    let longitude = location.coordinate.longitude
    var rows: [(String, String)] = [
      ("Position", decimal(latitude, longitude)),
      (
        "",
        Coordinates.formatLatitude(latitude, style: .dms(places: 2)) + ", "
          + Coordinates.formatLongitude(longitude, style: .dms(places: 2))
      ),
    ]
    if let place { rows.append(("Place", TextSafety.visible(placeText(place)))) }
    rows += [
      ("Altitude", altitude(location)),
      ("Accuracy", accuracy(location)),
      ("Speed", speedAndCourse(location)),
      ("Fix", fix(location)),
      ("Time", location.timeText + ", " + age(location, now: now)),
    ]
    if let device = gnss?.device { rows.append(("Device", TextSafety.visible(device))) }
    return rows.map { label, value in
      let padded = label.padded(to: 10)
      return style.bold(padded) + value
    }.joined(separator: "\n") + "\n"
  }

  /// `2.1 km NE of Garching, Bavaria, DE`: where a point lies from its nearest place (metres
  /// below a kilometre, one decimal below 10 km; `at Garching, …` within a metre).
  static func placeText(_ nearby: NearbyPlace) -> String {
    let distance = nearby.distance
    guard distance >= 1 else { return "at " + nearby.place.summary }
    let amount: String
    if distance < 1_000 {
      amount = String(Int(distance.rounded())) + " m"
    } else if distance < 10_000 {
      amount = JSONText.fixed(distance / 1_000, 1) + " km"
    } else {
      amount = String(Int((distance / 1_000).rounded())) + " km"
    }
    return amount + " " + Coordinates.compassPoint(nearby.bearing) + " of " + nearby.place.summary
  }

  /// One line per fix for `watch`, with the distance and bearing to the target if any.
  static func watchLine(_ location: Fix, target: TargetReading?) -> String {
    var parts = [
      location.timeText,
      decimal(location.coordinate.latitude, location.coordinate.longitude),
    ]
    if let accuracy = location.validHorizontalAccuracy { parts.append("±" + metres(accuracy)) }
    if location.hasAltitude { parts.append("alt " + metres(location.altitude)) }
    if let speed = location.validSpeed {
      var motion = JSONText.fixed(speed * 3.6, 1) + " km/h"
      if let course = location.validCourse {
        motion += " " + JSONText.fixed(course, 0) + "° " + Coordinates.compassPoint(course)
      }
      parts.append(motion)
    }
    var fixText = location.fixMode.label
    if let used = location.gnss?.satellitesUsed {
      fixText += " " + String(used)
      if let inView = location.gnss?.satellitesInView { fixText += "/" + String(inView) }
      fixText += " sats"
    }
    parts.append(fixText)
    if let target { parts.append("→ " + targetText(target)) }
    return parts.joined(separator: "  ") + "\n"
  }

  /// `12.345 km 45.0° NE` (metres below a kilometre).
  static func targetText(_ target: TargetReading) -> String {
    let unit: DistanceUnit = target.distance < 1000 ? .m : .km
    return unit.format(target.distance) + " " + JSONText.fixed(target.bearing, 1) + "° "
      + Coordinates.compassPoint(target.bearing)
  }

  /// The sky view for `watch --satellites`: a summary line, then one line per satellite.
  static func sky(_ view: GNSSSkyView) -> String {
    var summary = "sky: \(view.satellites.count) in view, \(view.usedCount) used"
    for (name, value) in [("hdop", view.hdop), ("vdop", view.vdop), ("pdop", view.pdop)] {
      if let value, value.isFinite { summary += ", \(name) " + JSONText.fixed(value, 2) }
    }
    var lines = [summary]
    for satellite in view.satellites {
      var line = "  " + satellite.system.label.padded(to: 8)
      line += pad(String(satellite.svid), 3)
      line += "  el " + pad(satellite.elevation.map { JSONText.fixed($0, 0) } ?? "-", 2) + "°"
      line += "  az " + pad(satellite.azimuth.map { JSONText.fixed($0, 0) } ?? "-", 3) + "°"
      line += "  " + (satellite.snr.map { pad(JSONText.fixed($0, 0), 2) + " dB-Hz" } ?? pad("-", 8))
      if satellite.used { line += "  used" }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The status line while waiting for a fix.
  static func progress(_ progress: FixProgress) -> String {
    var text = "waiting for a fix: " + progress.satellitesText + ", "
    if let snr = progress.bestSNR, snr.isFinite {
      text += "best signal " + JSONText.fixed(snr, 0) + " dB-Hz, "
    } else {
      text += "no signal yet, "
    }
    return text + duration(progress.elapsed)
  }

  /// The note for input ignored (`--verbose`): `ignored GPZDA field 4 (year): "14" is not a
  /// four-digit year; the rest of the sentence was used (further ones are counted, not shown)`.
  static func ignored(_ error: NMEAError, sentenceKept: Bool) -> String {
    if error.code == .noChecksum {
      return "ignored \(error.address) sentences without a checksum ("
        + LocateError.checksumRemedy + "; more like them are counted, not shown)"
    }
    return "ignored " + (sentenceKept ? "" : "a whole sentence, ") + error.description
      + (sentenceKept ? "; the rest of the sentence was used" : "")
      + " (more like it are counted, not shown)"
  }

  /// `48.117300, 11.516700`.
  static func decimal(_ latitude: Double, _ longitude: Double) -> String {
    Coordinates.formatLatitude(latitude, style: .decimal(places: 6)) + ", "
      + Coordinates.formatLongitude(longitude, style: .decimal(places: 6))
  }

  /// `12 s`, `2 min 5 s`, `1 h 2 min`, `4836 d 2 h`.
  static func duration(_ seconds: Double) -> String {
    let whole = Int(min(max(0, seconds), 1e15).rounded(.down))
    if whole < 60 { return "\(whole) s" }
    if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
    if whole < 86400 { return "\(whole / 3600) h \(whole % 3600 / 60) min" }
    return "\(whole / 86400) d \(whole % 86400 / 3600) h"
  }

  private static func metres(_ value: Double) -> String { JSONText.fixed(value, 1) + " m" }

  private static func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  private static func altitude(_ location: Fix) -> String {
    guard location.hasAltitude else { return "unknown (\(location.fixMode.label) fix)" }
    var text = metres(location.altitude) + " above mean sea level"
    if location.ellipsoidalAltitude.isFinite, location.gnss?.geoidSeparation != nil {
      text += ", " + metres(location.ellipsoidalAltitude) + " above the ellipsoid"
      if location.gnss?.geoidSeparationFromModel == true { text += " (geoid: EGM96)" }
    }
    return text
  }

  private static func accuracy(_ location: Fix) -> String {
    let horizontal = location.validHorizontalAccuracy.map { "±" + metres($0) + " horizontal" }
    let vertical = location.validVerticalAccuracy.map { "±" + metres($0) + " vertical" }
    return (horizontal ?? "horizontal unknown") + ", " + (vertical ?? "vertical unknown")
  }

  private static func speedAndCourse(_ location: Fix) -> String {
    guard let speed = location.validSpeed else { return "unknown" }
    var text = JSONText.fixed(speed, 1) + " m/s (" + JSONText.fixed(speed * 3.6, 1) + " km/h)"
    if let course = location.validCourse {
      text += ", course " + JSONText.fixed(course, 1) + "° " + Coordinates.compassPoint(course)
    } else {
      text += ", course unknown"
    }
    return text
  }

  private static func fix(_ location: Fix) -> String {
    var text = location.fixMode.label
    if let status = location.gnss?.status.label, location.fixMode.rawValue >= 2 {
      text += " " + status
    }
    if let used = location.gnss?.satellitesUsed {
      text += ", \(used) satellite\(used == 1 ? "" : "s") used"
      if let inView = location.gnss?.satellitesInView { text += " of \(inView) in view" }
    } else if let inView = location.gnss?.satellitesInView {
      text += ", \(inView) satellites in view"
    }
    return text
  }

  private static func age(_ location: Fix, now: Date) -> String {
    if !location.hasDate {
      return location.gnss?.isReplay == true
        ? "replayed, no date in the capture (give one with --date)"
        : "no date yet from the receiver (give one with --date)"
    }
    if location.gnss?.isReplay == true { return "replayed" }
    let age = now.timeIntervalSince(location.timestamp)
    if age < -60 { return duration(-age) + " ahead of this computer's clock" }
    if age < -1 { return JSONText.fixed(-age, 1) + " s ahead of this computer's clock" }
    if age < 60 { return JSONText.fixed(max(0, age), 1) + " s ago" }
    return duration(age) + " ago"
  }
}
