import NMEA

// One entry point per sentence type, so that the decoder's visitor (LocationPipeline) hands
// each sentence over by reference: matching a `Sentence` enum copied all of it, per sentence.
extension FixAssembler {
  /// Merges one sentence that arrived at service time `at` (ns) in read number `read`.
  package mutating func add(_ sentence: Sentence, at: Int64, read: Int) -> AssemblerStep {
    switch sentence {
    case .rmc(let rmc): return add(rmc, at: at, read: read)
    case .gga(let gga): return add(gga, at: at, read: read)
    case .gll(let gll): return add(gll, at: at, read: read)
    case .gns(let gns): return add(gns, at: at, read: read)
    case .zda(let zda): return add(zda, at: at, read: read)
    case .vtg(let vtg): return add(vtg, at: at, read: read)
    case .gsa(let gsa): return add(gsa, at: at, read: read)
    case .gst(let gst): return add(gst, at: at, read: read)
    case .gsv(let gsv): return add(gsv, at: at, read: read)
    case .pgrmv(let pgrmv): return add(pgrmv, at: at, read: read)
    case .hdt, .ths, .hdg, .hdm, .txt, .proprietary, .unknown: return AssemblerStep()
    }
  }

  /// An RMC sentence.
  package mutating func add(_ rmc: borrowing RMC, at: Int64, read: Int) -> AssemblerStep {
    let rmc = copy rmc  // the merge closure needs its own (a small one)
    if rmc.time == nil { return untimed(at: at) }
    let ignored = ignoredDates
    var step = handle(.rmc, rmc.talker, rmc.time, at, read, valid: rmc.status == .valid) {
      $0.merge(rmc)
      if rmc.status == .valid, let date = rmc.date, let time = rmc.time {
        $1.observe(date, time: time)
      }
    }
    if ignoredDates != ignored, let date = rmc.date {
      step.ignoredDate = ImpossibleDate(talker: rmc.talker, isZDA: false, date: date)
    }
    return step
  }

  /// A GGA sentence.
  package mutating func add(_ gga: borrowing GGA, at: Int64, read: Int) -> AssemblerStep {
    let gga = copy gga  // the merge closure needs its own (a small one)
    if gga.time == nil { return untimed(at: at) }
    let valid = gga.quality.map { $0 != .invalid } ?? false
    return handle(.gga, gga.talker, gga.time, at, read, valid: valid) { epoch, _ in
      epoch.merge(gga)
    }
  }

  /// A GLL sentence.
  package mutating func add(_ gll: borrowing GLL, at: Int64, read: Int) -> AssemblerStep {
    let gll = copy gll  // the merge closure needs its own (a small one)
    if gll.time == nil { return untimed(at: at) }
    return handle(.gll, gll.talker, gll.time, at, read, valid: gll.status == .valid) {
      epoch, _ in epoch.merge(gll)
    }
  }

  /// A GNS sentence.
  package mutating func add(_ gns: borrowing GNS, at: Int64, read: Int) -> AssemblerStep {
    let gns = copy gns  // the merge closure needs its own (a small one)
    if gns.time == nil { return untimed(at: at) }
    let valid = gns.modes.contains { $0 != .notValid }
    return handle(.gns, gns.talker, gns.time, at, read, valid: valid) { epoch, _ in
      epoch.merge(gns)
    }
  }

  /// A ZDA sentence.
  package mutating func add(_ zda: borrowing ZDA, at: Int64, read: Int) -> AssemblerStep {
    let zda = copy zda  // the merge closure needs its own (a small one)
    if zda.time == nil { return untimed(at: at) }
    let ignored = ignoredDates
    var step = handle(.zda, zda.talker, zda.time, at, read) {
      if let date = zda.date {
        $0.date = date
        if let time = zda.time { $1.observe(date, time: time) }
      }
    }
    if ignoredDates != ignored, let date = zda.date {
      step.ignoredDate = ImpossibleDate(talker: zda.talker, isZDA: true, date: date)
    }
    return step
  }

  /// A VTG sentence.
  package mutating func add(_ vtg: borrowing VTG, at: Int64, read: Int) -> AssemblerStep {
    let vtg = copy vtg  // the merge closure needs its own (a small one)
    if holds(.vtg, vtg.talker) {
      hold(.vtg(vtg))
      return AssemblerStep()
    }
    return handle(.vtg, vtg.talker, nil, at, read) { epoch, _ in epoch.merge(vtg) }
  }

  /// Garmin's velocity sentence: untimed, as VTG, it belongs to the epoch in progress.
  package mutating func add(_ pgrmv: borrowing PGRMV, at: Int64, read: Int) -> AssemblerStep {
    let pgrmv = copy pgrmv  // the merge closure needs its own (a small one)
    if holds(.pgrmv, Self.garmin) {
      hold(.pgrmv(pgrmv))
      return AssemblerStep()
    }
    return handle(.pgrmv, Self.garmin, nil, at, read) { epoch, _ in epoch.merge(pgrmv) }
  }

  /// The talker a PGRMV is keyed by (`PG`, from its address).
  static let garmin = Talker(UInt8(ascii: "P"), UInt8(ascii: "G"))

  /// A GSA sentence.
  package mutating func add(_ gsa: borrowing GSA, at: Int64, read: Int) -> AssemblerStep {
    let gsa = copy gsa  // the merge closure needs its own (a small one)
    satellites.add(gsa, epoch: epochNumber)
    return handle(.gsa, gsa.talker, nil, at, read) { epoch, _ in epoch.merge(gsa) }
  }

  /// A GST sentence: it joins the epoch whose time it names.
  package mutating func add(_ gst: borrowing GST, at: Int64, read: Int) -> AssemblerStep {
    let gst = copy gst  // the merge closure needs its own (a small one)
    guard let time = gst.time, let epochTime = epoch?.time, Self.sameEpoch(time, epochTime)
    else {
      return AssemblerStep()
    }
    return handle(.gst, gst.talker, nil, at, read) { epoch, _ in epoch.merge(gst) }
  }

  /// A GSV sentence: it only feeds the sky view.
  package mutating func add(_ gsv: borrowing GSV, at: Int64, read: Int) -> AssemblerStep {
    satellites.add(gsv, epoch: epochNumber)
    return AssemblerStep()
  }
}
