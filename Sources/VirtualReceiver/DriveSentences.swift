import NMEA

extension DriveGenerator {
  /// Knots per metre per second.
  static let knotsPerMetrePerSecond = 3600.0 / 1852.0
  /// The geoid separation written in GGA, metres.
  static let geoidSeparation = 47.0
  /// The magnetic variation written in HDG, degrees east (Munich's, about).
  public static let magneticVariation = 4.0

  /// One epoch's sentences, encoded by the NMEA module's ``NMEAEncoder``.
  func sentences(for epoch: DriveEpoch, withSatellites: Bool) -> [UInt8] {
    let time = CivilTime.time(epoch.time)
    let fix = epoch.hasFix
    let used = sky.usedCount
    let hdop = fix ? Swift.max(0.5, 6.0 / Double(Swift.max(used, 1))) : nil
    var output: [UInt8] = []
    output.reserveCapacity(2048)

    var rmc = RMC(talker: .gnss)
    rmc.time = time
    rmc.status = fix ? .valid : .void
    rmc.date = CivilTime.date(epoch.time)
    rmc.mode = fix ? .autonomous : .notValid
    var vtg = VTG(talker: .gnss)
    vtg.mode = rmc.mode
    var gga = GGA(talker: .gnss)
    gga.time = time
    gga.quality = fix ? .gps : .invalid
    gga.satellitesUsed = fix ? used : 0
    gga.hdop = hdop
    var gll = GLL(talker: .gnss)
    gll.time = time
    gll.status = rmc.status
    gll.mode = rmc.mode
    if fix {
      rmc.latitude = epoch.latitude
      rmc.longitude = epoch.longitude
      rmc.speedKnots = epoch.speed * Self.knotsPerMetrePerSecond
      rmc.course = epoch.speed > 0.1 ? epoch.heading : nil
      vtg.courseTrue = rmc.course
      vtg.speedKnots = rmc.speedKnots
      vtg.speedKmh = epoch.speed * 3.6
      gga.latitude = epoch.latitude
      gga.longitude = epoch.longitude
      gga.altitudeMSL = options.altitude
      gga.geoidSeparation = Self.geoidSeparation
      gll.latitude = epoch.latitude
      gll.longitude = epoch.longitude
    }
    encoder.encode(.rmc(rmc), appendingTo: &output)
    encoder.encode(.vtg(vtg), appendingTo: &output)
    encoder.encode(.gga(gga), appendingTo: &output)
    for constellation in sky.constellations {
      var gsa = GSA(talker: .gnss)
      gsa.selectionMode = .automatic
      gsa.fixMode = fix ? .fix3D : .noFix
      if fix {
        gsa.satellites = SatelliteIDs(
          constellation.satellites.filter(DriveSky.isUsed).prefix(12).map(\.id))
        gsa.hdop = hdop
        gsa.pdop = hdop.map { $0 * 1.6 }
        gsa.vdop = hdop.map { $0 * 1.3 }
      }
      gsa.systemID = constellation.systemID
      encoder.encode(.gsa(gsa), appendingTo: &output)
    }
    if withSatellites {
      for constellation in sky.constellations { satellites(constellation, into: &output) }
    }
    encoder.encode(.gll(gll), appendingTo: &output)
    if let kind = options.headingSentence { heading(kind, epoch, into: &output) }
    return output
  }

  /// The epoch's heading sentence (none in a tunnel, except THS's `V`).
  func heading(_ kind: DriveHeadingSentence, _ epoch: DriveEpoch, into output: inout [UInt8]) {
    switch kind {
    case .hdt:
      var hdt = HDT(talker: .gnss)
      hdt.heading = epoch.hasFix ? epoch.heading : nil
      encoder.encode(.hdt(hdt), appendingTo: &output)
    case .ths:
      var ths = THS(talker: .gnss)
      ths.heading = epoch.hasFix ? epoch.heading : nil
      ths.status = epoch.hasFix ? .autonomous : .invalid
      encoder.encode(.ths(ths), appendingTo: &output)
    case .hdg:
      var hdg = HDG(talker: Talker(UInt8(ascii: "H"), UInt8(ascii: "C")))
      hdg.heading = Self.normalized(epoch.heading - Self.magneticVariation)
      hdg.deviation = 0
      hdg.variation = Self.magneticVariation
      encoder.encode(.hdg(hdg), appendingTo: &output)
    }
  }

  /// The GSV sentences of one constellation, four satellites each.
  func satellites(_ constellation: DriveSky.Constellation, into output: inout [UInt8]) {
    let all = constellation.satellites
    let total = (all.count + 3) / 4
    for number in 0..<total {
      var gsv = GSV(talker: constellation.talker)
      gsv.totalMessages = total
      gsv.messageNumber = number + 1
      gsv.satellitesInView = all.count
      gsv.satellites = GSVSatellites(
        all[(number * 4)..<Swift.min(all.count, number * 4 + 4)].map { satellite in
          SatelliteInView(
            id: satellite.id, elevation: Int16(satellite.elevation.rounded()),
            azimuth: Int16(satellite.azimuth.rounded()) % 360,
            snr: satellite.snr > 0 ? Int16(satellite.snr.rounded()) : nil)
        })
      gsv.signalID = constellation.talker == .galileo ? 7 : 1
      encoder.encode(.gsv(gsv), appendingTo: &output)
    }
  }
}
