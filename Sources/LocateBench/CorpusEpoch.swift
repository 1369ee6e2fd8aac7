// One epoch of a u-blox-M9-like receiver's output, and the damage done to some lines.
import Foundation
import NMEA

/// What the generator tracks across epochs besides the car and the sky.
struct CorpusState {
  var differential = false
  var differentialAge = 1.0
}

/// The sentences of epoch `index` at `time` (seconds since 1970, UTC): RMC, VTG, GGA, 4 GSA,
/// the GSV of each constellation, GLL, GST every 5th, ZDA every 30th, TXT every 600th.
func epochSentences(
  index: Int, time: Int, vehicle: Vehicle, constellations: inout [Constellation],
  random: inout CorpusRandom, state: CorpusState
) -> [Sentence] {
  let clock = UTCTime(
    hour: UInt8(time / 3600 % 24), minute: UInt8(time / 60 % 60), second: UInt8(time % 60))
  let date = NMEADate(daysSince1970: time / 86400)
  var noFix = vehicle.inTunnel
  var views: [[SatelliteInView]] = []
  var used: [[UInt16]] = []
  for index in constellations.indices {
    let (view, inUse) = constellations[index].observe(
      &random, tunnel: noFix, parked: vehicle.segment == .park)
    views.append(view)
    used.append(noFix ? [] : inUse)
  }
  let usedCount = used.reduce(0) { $0 + $1.count }
  if usedCount < 4 { noFix = true }
  let position = vehicle.reported
  let knots = vehicle.speed / 0.514444 + abs(random.gauss(0, 0.02))
  let course: Double? = vehicle.speed > 0.5 ? vehicle.heading : nil
  let mode: FAAMode = state.differential ? .differential : .autonomous
  let hdop = 0.45 + 5.0 / Double(max(usedCount, 1)) + abs(random.gauss(0, 0.05))
  let pdop = hdop * 1.7 + abs(random.gauss(0, 0.05))
  let vdop = max(pdop * pdop - hdop * hdop, 0.01).squareRoot()
  var out: [Sentence] = []

  var rmc = RMC(talker: .gnss)
  rmc.time = clock
  rmc.date = date
  rmc.navigationStatus = .notValid
  var vtg = VTG(talker: .gnss)
  var gga = GGA(talker: .gnss)
  gga.time = clock
  gga.satellitesUsed = min(usedCount, 12)
  if noFix {
    rmc.status = .void
    rmc.mode = .notValid
    vtg.mode = .notValid
    gga.quality = .invalid
    gga.hdop = 99.99
  } else {
    rmc.status = .valid
    rmc.latitude = position.latitude
    rmc.longitude = position.longitude
    rmc.speedKnots = knots
    rmc.course = course
    rmc.mode = mode
    vtg.courseTrue = course
    vtg.speedKnots = knots
    vtg.speedKmh = knots * 1.852
    vtg.mode = mode
    gga.latitude = position.latitude
    gga.longitude = position.longitude
    gga.quality = state.differential ? .differential : .gps
    gga.hdop = hdop
    gga.altitudeMSL = position.altitude
    gga.geoidSeparation = 47
    if state.differential {
      gga.dgpsAge = state.differentialAge
      gga.dgpsStation = 0
    }
  }
  out += [.rmc(rmc), .vtg(vtg), .gga(gga)]
  for (constellation, inUse) in zip(constellations, used) {
    var gsa = GSA(talker: .gnss)
    gsa.selectionMode = .automatic
    gsa.systemID = constellation.systemID
    if noFix {
      gsa.fixMode = .noFix
      (gsa.pdop, gsa.hdop, gsa.vdop) = (99.99, 99.99, 99.99)
    } else {
      gsa.fixMode = .fix3D
      gsa.satellites = SatelliteIDs(inUse)
      (gsa.pdop, gsa.hdop, gsa.vdop) = (pdop, hdop, vdop)
    }
    out.append(.gsa(gsa))
  }
  for (constellation, view) in zip(constellations, views) {
    let messages = max(1, (view.count + 3) / 4)
    for message in 0..<messages {
      var gsv = GSV(talker: constellation.talker)
      gsv.totalMessages = messages
      gsv.messageNumber = message + 1
      gsv.satellitesInView = view.count
      gsv.satellites = GSVSatellites(Array(view.dropFirst(4 * message).prefix(4)))
      gsv.signalID = constellation.signalID
      out.append(.gsv(gsv))
    }
  }
  var gll = GLL(talker: .gnss)
  gll.time = clock
  if noFix {
    gll.status = .void
    gll.mode = .notValid
  } else {
    gll.latitude = position.latitude
    gll.longitude = position.longitude
    gll.status = .valid
    gll.mode = mode
  }
  out.append(.gll(gll))
  if index % 5 == 0 {
    var gst = GST(talker: .gnss)
    gst.time = clock
    if !noFix {
      gst.rangeRMS = 8 + abs(random.gauss(0, 6))
      gst.latitudeError = 0.6 + abs(vehicle.noiseNorth) * 0.5
      gst.longitudeError = 0.6 + abs(vehicle.noiseEast) * 0.5
      gst.altitudeError = 1 + abs(vehicle.noiseUp) * 0.5
    }
    out.append(.gst(gst))
  }
  if index % 30 == 0 {
    var zda = ZDA(talker: .gnss)
    zda.time = clock
    zda.date = date
    zda.localZoneHours = 0
    zda.localZoneMinutes = 0
    out.append(.zda(zda))
  }
  if index % 600 == 0 {
    var txt = TXT(talker: .gnss)
    (txt.totalMessages, txt.messageNumber, txt.identifier) = (1, 1, 2)
    txt.text = "ANTSTATUS=OK"
    out.append(.txt(txt))
  }
  return out
}

/// The kinds of damage done to a line.
enum Damage: String, CaseIterable {
  case badChecksum = "bad_checksum"
  case truncated
  case truncatedGlued = "truncated_glued"
  case garbage
}

/// Damages `line` (a sentence with its CRLF): a changed character or checksum, a cut (glued to
/// the next line a third of the time), or random bytes. Returns the bytes to write, the kind,
/// and whether the line end was dropped. Every result fails the line-based checksum rule.
func damage(_ line: [UInt8], _ random: inout CorpusRandom) -> ([UInt8], Damage, Bool) {
  let body = Array(line.dropLast(2))
  var draw = random.unit()
  for _ in 0..<100 {
    var candidate: [UInt8]
    var kind: Damage
    var glued = false
    if draw < 0.40 {
      kind = .badChecksum
      let star = body.lastIndex(of: UInt8(ascii: "*")) ?? body.count - 3
      candidate = body
      if random.unit() < 0.5 {
        let position = 1 + Int(random.unit() * Double(star - 1))
        let byte = body[position]
        var replacement: UInt8
        if byte >= 0x30 && byte <= 0x39 {
          replacement = 0x30 + UInt8((Int(byte) - 0x30 + 1 + Int(random.unit() * 9)) % 10)
        } else {
          replacement = byte ^ (1 << UInt8(Int(random.unit() * 7)))
          if replacement == 0x0A || replacement == 0x0D { replacement = 0x3F }
        }
        candidate[position] = replacement
      } else {
        let checksum = Int(String(decoding: body[(star + 1)...], as: UTF8.self), radix: 16) ?? 0
        let changed = (checksum + 1 + Int(random.unit() * 255)) % 256
        candidate = Array(body[...star]) + Array(String(format: "%02X", changed).utf8)
      }
    } else if draw < 0.75 {
      kind = .truncated
      let cut = 1 + Int(random.unit() * Double(body.count - 2))
      candidate = Array(body[..<cut])
      if random.unit() < 1.0 / 3 {
        kind = .truncatedGlued
        glued = true
      }
    } else {
      kind = .garbage
      let count = 8 + Int(random.unit() * 112)
      candidate = (0..<count).map { _ in
        let byte = UInt8(Int(random.unit() * 256))
        return byte == 0x0A || byte == 0x0D ? 0 : byte
      }
    }
    if !lineIsValid(candidate[...]) {
      return (glued ? candidate : candidate + [0x0D, 0x0A], kind, glued)
    }
    draw = random.unit()
  }
  return (Array("$GARBAGE\r\n".utf8), .garbage, false)
}

/// The line rule of limit.c: `$`, `*` third from last, two hex digits matching the XOR.
func lineIsValid(_ line: ArraySlice<UInt8>) -> Bool {
  var bytes = line
  if bytes.last == 0x0D { bytes = bytes.dropLast() }
  let count = bytes.count
  let first = bytes.startIndex
  guard count >= 4, bytes[first] == UInt8(ascii: "$"), bytes[first + count - 3] == 0x2A,
    let high = hexDigitValue(bytes[first + count - 2]),
    let low = hexDigitValue(bytes[first + count - 1])
  else { return false }
  let sum = bytes[(first + 1)..<(first + count - 3)].reduce(UInt8(0), ^)
  return sum == high << 4 | low
}

/// The value of an ASCII hex digit.
func hexDigitValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case 0x30...0x39: byte - 0x30
  case 0x41...0x46: byte - 0x41 + 10
  case 0x61...0x66: byte - 0x61 + 10
  default: nil
  }
}
