import Foundation

/// The speeds and courses the sentences of an epoch state (RMC, VTG, PGRMV), for the corpus
/// invariants.
struct StatedMotion {
  /// Speeds stated, m/s.
  var speeds: [Double] = []
  /// Speeds a valid RMC states, m/s.
  var rmcSpeeds: [Double] = []
  /// Courses stated, degrees.
  var courses: [Double] = []

  /// What `group` states; VTG and PGRMV also from `before`'s untimed sentences after its last
  /// timed one (a VTG sent ahead of its epoch's first timed sentence, whose RMC was lost).
  init(_ group: EpochSentences.Group, before: EpochSentences.Group? = nil) {
    typealias E = EpochSentences
    for rmc in E.of("RMC", group.fields) where rmc.count > 8 && rmc[2] == "A" {
      if rmc.count > 12 && rmc[12] == "N" { continue }
      if let knots = E.number(rmc[7]) { rmcSpeeds.append(knots * 1852 / 3600) }
      if let course = E.number(rmc[8]) { courses.append(course) }
    }
    speeds = rmcSpeeds
    var untimed = group.fields
    if let before {
      let last = before.lines.lastIndex { E.isTimedType($0.fields) } ?? -1
      untimed += before.lines[(last + 1)...].map(\.fields)
    }
    for vtg in E.of("VTG", untimed) {
      // Every number of the sentence, in knots and in km/h (old layouts have no unit letters).
      for field in vtg.dropFirst() {
        if let value = E.number(field) { speeds += [value * 1852 / 3600, value / 3.6] }
      }
      if vtg.count > 1, let course = E.number(vtg[1]) { courses.append(course) }
    }
    for pgrmv in E.of("PGRMV", untimed) where pgrmv.count > 2 {
      guard let east = E.number(pgrmv[1]), let north = E.number(pgrmv[2]) else { continue }
      speeds.append((east * east + north * north).squareRoot())
      if east != 0 || north != 0 {
        let degrees = atan2(east, north) * 180 / .pi
        courses.append(degrees < 0 ? degrees + 360 : degrees)
      }
    }
  }
}

/// Whether the receiver calls an epoch valid, or says anything in it is not.
struct ValidEpoch {
  /// The sentences that state the fix (RMC, GGA, GLL, GNS), for a failure message.
  var lines: [EpochSentences.Line] = []
  /// An RMC or GLL `A` (FAA mode not `N`), a GGA quality of 1 or more, or a GNS mode letter
  /// other than `N`, each with a position other than 0, 0.
  var saysValid = false
  /// An RMC or GLL `V` or mode `N`, a GGA quality 0, a GSA fix type 1, a GNS of `N` letters.
  var saysInvalid = false

  init?(_ group: EpochSentences.Group) {
    typealias E = EpochSentences
    for line in group.lines {
      let f = line.fields
      guard let address = f.first, address.count == 5 else { continue }
      func position(_ first: Int) -> Bool {
        guard f.count > first + 2, let latitude = E.coordinate(f[first], f[first + 1]),
          let longitude = E.coordinate(f[first + 2], f.count > first + 3 ? f[first + 3] : nil)
        else { return false }
        return latitude != 0 || longitude != 0
      }
      switch address.suffix(3) {
      case "RMC" where f.count > 2:
        lines.append(line)
        let modeN = f.count > 12 && f[12] == "N"
        if f[2] == "V" || modeN { saysInvalid = true }
        if f[2] == "A" && !modeN && position(3) { saysValid = true }
      case "GLL" where f.count > 6:
        lines.append(line)
        let modeN = f.count > 7 && f[7] == "N"
        if f[6] == "V" || modeN { saysInvalid = true }
        if f[6] == "A" && !modeN && position(1) { saysValid = true }
      case "GGA" where f.count > 6:
        lines.append(line)
        if f[6] == "0" { saysInvalid = true }
        if let quality = Int(f[6]), quality >= 1, position(2) { saysValid = true }
      case "GNS" where f.count > 6:
        lines.append(line)
        let letters = f[6].filter { $0 != "N" }
        if !f[6].isEmpty && letters.isEmpty { saysInvalid = true }
        if !letters.isEmpty && position(2) { saysValid = true }
      case "GSA" where f.count > 2:
        if f[2] == "1" { saysInvalid = true }
      default: continue
      }
    }
    if lines.isEmpty { return nil }
  }
}
