import FoundationEssentials
import NMEA
import ReceiverState

/// The part of the pipeline that runs once per engine (``ReceiverEngine``), whatever the
/// number of subscribers: fix assembly, the device's facts for authorization (states, NMEA
/// seen), error rates, the location factory, the backlog rule, heading sentences, sky views
/// and the latest fix. Sentences and device states in, ``CoreEvent``s out, which every
/// subscriber's ``LocationPipeline`` applies its own policies to. Single-threaded.
package struct EngineCore {
  package let config: PipelineConfig
  package var assembler: FixAssembler
  private var factory: LocationFactory
  /// gpsd's `epx`/`epy` from the sky and `eps`/`epd` from consecutive fixes.
  private var errorRates = ErrorRates()
  /// Whether the satellites (GSV, GSA) are kept, and the fixes' error estimates worked out, by
  /// whoever hands the events out (an engine's delivery stage, off the reader's thread): the
  /// assembler's table then logs the sentences (``SatelliteTable/logs``, taken by
  /// ``takeSatelliteLog()``) with a mark for each report and sky view, and those leave their
  /// satellites to be filled in (``ReportedEpoch/complete(satellites:rates:)``,
  /// ``SatelliteTable/skyView(like:)``). Only for a replay, whose core has no joiners and says
  /// no progress between reports (both read the satellites here).
  package var defersSatellites = false {
    didSet { assembler.satellites.logs = defersSatellites }
  }
  /// The World Magnetic Model's declination along the track, for fixes without the receiver's.
  private var declinations = DeclinationCache()
  /// Heading sentences (the filter is each subscriber's).
  private var heading = HeadingSource()
  /// Whether sky views are built (some subscriber wants them).
  package var wantsSky: Bool
  /// The events of the read in progress, and the buffer of the read handed out before (taken
  /// back, emptied, by the next ``takeEvents()``: no buffer allocated per read).
  package var events: [CoreEvent] = []
  private var handedOut: [CoreEvent] = []
  /// Whether no date is known yet.
  private var awaitingDate = true
  /// The kinds of ignored input said so far.
  private var ignoredSaid: Set<String> = []
  package private(set) var monotonicNow: Int64
  package private(set) var wallNow: Date
  /// Reads so far (see ``beginRead(at:wall:)``).
  package private(set) var reads = 0
  private var backlogRead = 0
  private var awaitingFirstRead = true
  /// When the device was last (re)opened (monotonic ns), for the backlog rule.
  private var connectedAt: Int64?
  /// When the last read arrived (monotonic ns), for the backlog rule.
  private var lastReadAt: Int64?
  /// The last device state.
  package private(set) var device: DeviceState?
  /// The last epoch's report as the core made it (not read back from the ``ReportedEpoch``,
  /// which another thread may be completing: ``defersSatellites``).
  private var lastReport: EpochReport?
  /// The last epoch's fix's time (s since 1970) and magnetic variation (degrees; nil after an
  /// epoch without a fix), for heading sentences (``variationNow()``): kept here when the fix
  /// is made, not read back from the epoch's fix, which another thread may be completing.
  private var lastFixSeconds: Double?
  private var lastFixVariation: Double?
  /// The engine's latest fix, not from a backlog (every manager's `location`); nil while the
  /// satellites are deferred (``defersSatellites``: the thread that hands the epochs out
  /// completes their fixes in place, and a capture file's engine publishes no latest fix).
  package var latestFix: Fix? { defersSatellites ? nil : latestEpoch?.fix }
  private var latestEpoch: ReportedEpoch?
  /// Epochs handed back once let go, for reuse (no allocation per epoch).
  private var epochs = EpochPool()
  /// Epochs reported (tests: assembly happens once per engine).
  package private(set) var epochsReported = 0
  /// Whether the read in progress has had a sentence yet, and a deadline check after one.
  private var sentenceInRead = false
  private var deadlineChecked = false
  /// Whether NMEA came since the device was last refused.
  private var nmeaSeen = false
  /// The stream clock last told (replays; read once per sentence: a call of the assembler's
  /// getter per use copied the assembler, 4 % more instructions under callgrind).
  private var toldStream: Int64 = 0
  /// Whether a GSV or GSA came since the satellites were last told.
  private var satellitesMoved = false
  /// Whether epochs' arrivals are kept for timings (some subscriber wants them), and when each
  /// epoch's first byte arrived.
  package var tracksArrivals: Bool
  package var arrivals = EpochArrivals()
  /// Whether the sentences of each read are kept as they came, each with CR LF (some
  /// subscriber relays them: ``PipelineConfig/tapsSentences``), and those of the read in
  /// progress (taken by ``takeSentences()``): the one framing of the bytes, the decoder's.
  package var tapsSentences: Bool
  private var sentences: [UInt8] = []

  package init(config: PipelineConfig, now: Int64, wallNow: Date) {
    self.config = config
    assembler = FixAssembler(rollover: config.rollover, streamClock: config.isReplay)
    if let day = config.firstDay, !config.isReplay { assembler.giveDate(day: day) }
    factory = LocationFactory(
      device: config.device, isReplay: config.isReplay, timestamps: config.timestamps)
    monotonicNow = now
    self.wallNow = wallNow
    wantsSky = config.wantsSky
    tracksArrivals = config.tapsTiming && !config.isReplay
    tapsSentences = config.tapsSentences
    events.reserveCapacity(64)
    handedOut.reserveCapacity(64)
  }

  /// Service time: the stream clock for replays, the monotonic clock for live sources.
  package var now: Int64 { config.isReplay ? toldStream : monotonicNow }

  /// What a subscriber joining now needs to know (see ``LocationPipeline/join(_:)``).
  package var view: CoreView {
    CoreView(
      streamNow: toldStream, dateAnchor: awaitingDate ? nil : assembler.dateAnchor,
      device: device, nmeaSeen: nmeaSeen, satellites: satellites())
  }

  /// Hands the events so far to the caller, and forgets them.
  package mutating func takeEvents() -> [CoreEvent] {
    // (Live: a client waiting hears progress between reports, from the satellites now.)
    if satellitesMoved && !config.isReplay {
      satellitesMoved = false
      events.append(.satellites(satellites()))
    }
    handedOut.removeAll(keepingCapacity: true)
    swap(&events, &handedOut)
    return handedOut
  }

  /// Hands the events so far to the caller for good, as ``takeEvents()`` does, but keeps no
  /// reference to their storage (``takeEvents()`` writes the next events into the storage it
  /// handed out before, once the caller has let it go): for a caller that hands them to another
  /// thread, which may still read them while the next read is decoded (an engine's delivery
  /// stage). One allocation per call.
  package mutating func takeEventsForHandOff() -> [CoreEvent] {
    let taken = takeEvents()
    handedOut = []
    events.reserveCapacity(Swift.max(64, taken.count))
    return taken
  }

  /// A framed sentence's line, kept when sentences are tapped.
  @inline(__always)
  package mutating func framed(_ line: UnsafeRawBufferPointer) {
    guard tapsSentences else { return }
    if sentences.capacity == 0 { sentences.reserveCapacity(1024) }
    sentences.append(contentsOf: line)
    sentences.append(0x0D)
    sentences.append(0x0A)
  }

  /// The sentences framed since the last call, each with CR LF, or nil when none was.
  package mutating func takeSentences() -> [UInt8]? {
    guard !sentences.isEmpty else { return nil }
    defer { sentences.removeAll(keepingCapacity: true) }
    return sentences
  }

  /// A chunk of bytes is about to be decoded (read number advances; see the backlog rule).
  package mutating func beginRead(at: Int64, wall: Date) {
    reads += 1
    lastReadAt = at
    sentenceInRead = false
    deadlineChecked = false
    if awaitingFirstRead {
      awaitingFirstRead = false
      // What was waiting when the device opened comes at once. A first read after the line
      // was quiet for a while begins a burst the receiver sent after the open: a whole epoch.
      let quiet = Int64(LocationPolicy.quietGap * 1e9)
      if !config.backlogOnOpen {
        // A stream, not a kernel buffer: everything read is current.
      } else if let opened = connectedAt, at - opened >= quiet {
        // Sent after the open: current.
      } else {
        backlogRead = reads
      }
    }
    advanceClock(at: at, wall: wall)
    if !config.isReplay {
      assembler.today = Int((wall.timeIntervalSince1970 / 86_400).rounded(.down))
      assembler.clock = Int64(wall.timeIntervalSince1970 * 1e9)
    }
  }

  /// Brings the clocks up to date.
  package mutating func advanceClock(at: Int64, wall: Date) {
    if at > monotonicNow { monotonicNow = at }
    wallNow = wall
  }

  /// Before a decoded sentence is merged: the receiver talks NMEA (said once per read).
  @inline(__always)
  package mutating func sawSentence() {
    nmeaSeen = true
    if tracksArrivals { arrivals.sawSentence() }
    guard !sentenceInRead else { return }
    sentenceInRead = true
    events.append(.nmea)
  }

  /// After a decoded sentence was merged into the assembler: what it completed.
  @inline(__always)
  package mutating func merged(_ step: AssemblerStep) {
    if tracksArrivals { arrivals.merged(epochNumber: assembler.epochNumber) }
    if let date = step.ignoredDate { ignored(date.error, sentenceKept: true) }
    let stream = assembler.streamNow
    let moved = config.isReplay && stream != toldStream
    if moved {
      toldStream = stream
      events.append(.streamMoved(stream))
    }
    apply(step)
    if awaitingDate, let anchor = assembler.dateAnchor {
      awaitingDate = false
      events.append(.dateArrived(anchor))
    }
    // A request's deadline is checked when the time moved: the first sentence of a read
    // (the monotonic clock), a step of the stream clock.
    if moved || !deadlineChecked {
      deadlineChecked = true
      events.append(.checkDeadline)
    }
  }

  /// One decoded sentence of a type without its own entry point.
  package mutating func handle(_ sentence: Sentence) {
    sawSentence()
    merged(assembler.add(sentence, at: now, read: reads))
  }

  /// Whether a live epoch waits for the line to go quiet to be reported.
  package var awaitsQuietReport: Bool { !config.isReplay && assembler.awaitsQuietReport }

  /// No bytes arrived for ``LocationPolicy/quietGap`` after the last read.
  package mutating func lineQuiet(at: Int64, wall: Date) {
    advanceClock(at: at, wall: wall)
    guard !config.isReplay else { return }
    apply(assembler.reportOnQuiet())
  }

  /// The most kinds of ignored input said (after them, only counted).
  package static let ignoredKinds = 32

  /// Part of the input was ignored: said once per sentence type and field (at most
  /// ``ignoredKinds`` kinds).
  package mutating func ignored(_ error: NMEAError, sentenceKept: Bool) {
    let kind = "\(error.address) \(error.field) \(sentenceKept)"
    guard ignoredSaid.count < Self.ignoredKinds, ignoredSaid.insert(kind).inserted
    else { return }
    events.append(.ignored(error, sentenceKept: sentenceKept))
  }

  /// A device state from the receiver: told, then the epoch it closed, then told as done. The
  /// end of the input comes after the epoch it closed: every sentence came before it.
  package mutating func deviceState(_ state: DeviceState, at: Int64, wall: Date) {
    advanceClock(at: at, wall: wall)
    if case .connected = state {
      // A (re)opened device's first read may hold a backlog; one that talks again after a
      // silence was never closed, and what it sends now is new. Connected again with no state
      // between is a joined process that took the device over when its holder ended (or
      // joined whoever did): what waits in the port, or what the new holder replays, is the
      // stream it read until a moment ago, no older than its last read. That is current while
      // the last read is (a takeover slowed down for seconds by a loaded machine lost every
      // epoch that waited meanwhile, not only the one in flight).
      let talksAgain: Bool
      switch device {
      case .silent?, .garbled?: talksAgain = true
      case .connected?:
        talksAgain = lastReadAt.map { at - $0 <= Int64(config.maximumAge * 1e9) } ?? false
      default: talksAgain = false
      }
      if !talksAgain {
        awaitingFirstRead = true
        connectedAt = at
      }
    }
    device = state
    switch state {
    case .denied, .busy, .unavailable: nmeaSeen = false
    default: break
    }
    switch state {
    case .ended:
      apply(assembler.flush(at: now))
      events.append(.deviceState(state))
    case .silent, .unplugged, .garbled:
      events.append(.deviceState(state))
      apply(assembler.flush(at: now))
    default:
      events.append(.deviceState(state))
    }
    events.append(.deviceStateDone(state))
  }

  /// The input stops (the last subscriber leaves, or the owner stops feeding): the epoch in
  /// progress is closed and reported.
  package mutating func finishInput(at: Int64, wall: Date) {
    advanceClock(at: at, wall: wall)
    apply(assembler.flush(at: now))
  }

  /// A GSV or GSA was merged: the satellites moved.
  package mutating func satellitesChanged() { satellitesMoved = true }

  private mutating func apply(_ step: AssemblerStep) {
    if step.closed, let report = assembler.closedReport { process(report) }
    if step.skyChanged && wantsSky {
      // An undated epoch's sky view has no time (a relative timestamp would read as 1970).
      let time = lastReport.flatMap { report in
        report.day != nil || factory.shiftsToNow
          ? factory.peek(report, wallNow: wallNow).timestamp : nil
      }
      // (Deferred: without satellites, filled in where the log is replayed to this mark.)
      events.append(
        .sky(
          assembler.satellites.skyView(
            time: time, hdop: lastReport?.hdop, vdop: lastReport?.vdop, pdop: lastReport?.pdop)))
      if defersSatellites { assembler.satellites.mark() }
    }
    if step.completed, let report = assembler.completedReport { process(report) }
  }

  private mutating func process(_ report: EpochReport) {
    epochsReported += 1
    heading.observe(report)
    var estimates = ErrorRates.Estimates()
    var pending: PendingSatellites?
    if defersSatellites {
      // The counts, the progress's and the estimates are filled in at this mark.
      pending = PendingSatellites(instant: report.instant)
      assembler.satellites.mark()
    } else {
      estimates = errorRates.next(
        report, instant: report.instant, satellites: assembler.satellites)
    }
    let fromBacklog = !config.isReplay && report.startRead <= backlogRead
    let timing = tracksArrivals ? self.timing(of: report) : nil
    // The satellites as the report counted them (its best SNR: not counted twice).
    satellitesMoved = false
    var progress = satellites(bestSNR: .some(report.bestSNR), used: .some(report.satellitesUsed))
    // (`fix` exists exactly when `report.isFix`: tested on the report, as `fix == nil` copied
    // the fix to compare it.)
    if !report.isFix {
      // An epoch without a fix: its time, when dated, for gpsd's mode-1 TPV.
      (lastFixSeconds, lastFixVariation) = (nil, nil)
      progress.followsEpochWithoutFix = true
      if report.day != nil || factory.shiftsToNow {
        progress.time = factory.peek(report, wallNow: wallNow).timestamp
      }
    }
    // The fix made straight into the epoch's argument (a local optional copied it twice more).
    let epoch = epochs.make(
      report: report, fix: report.isFix ? fix(report, estimates) : nil, hasFix: report.isFix,
      fromBacklog: fromBacklog, timing: timing, satellites: progress, pending: pending)
    lastReport = report
    // (A backlog's fix is not the receiver's latest: it waited in the kernel's buffer.)
    if report.isFix && !fromBacklog { latestEpoch = epoch }
    events.append(.report(epoch))
  }

  /// The location for a report with a fix, with its estimates: built and completed in one
  /// place (the fix and its `gnss` are not copied out and back).
  private mutating func fix(_ report: EpochReport, _ estimates: ErrorRates.Estimates) -> Fix {
    var made = factory.make(report, wallNow: wallNow)
    made.fill(estimates)
    // (GNSS info without a magnetic variation; optional chaining reads and writes it in
    // place, where `made.gnss!` copied it.)
    if made.gnss?.lacksMagneticVariation == true {
      made.gnss?.modelVariation = declinations.declination(
        latitude: made.coordinate.latitude, longitude: made.coordinate.longitude,
        height: made.verticalAccuracy > 0 ? made.ellipsoidalAltitude : 0,
        at: made.timestamp.timeIntervalSince1970)
    }
    lastFixSeconds = made.timestamp.timeIntervalSince1970
    lastFixVariation = made.magneticVariation?.degrees
    return made
  }

  /// The satellites now (the latest GSV and GSA, or GGA's count).
  private func satellites(bestSNR: Double?? = nil, used: Int?? = nil) -> FixProgress {
    let table = assembler.satellites
    return FixProgress(
      satellitesInView: table.inViewCount,
      satellitesUsed: table.hasUsedList
        ? table.usedCount : ((used ?? lastReport?.satellitesUsed) ?? 0),
      bestSNR: bestSNR ?? table.bestSNR, elapsed: 0, hasSkyView: table.hasSkyView)
  }

  /// The source that sent this engine's first heading sentence, once (for the process's
  /// list: `HeadingRule.sources`).
  package mutating func takeHeadingSource() -> String? { heading.takeSeenSource() }

  /// A heading sentence: the reading, timestamped (see ``CLHeading``), for the subscribers'
  /// filters.
  package mutating func heading(_ reading: HeadingReading?) {
    guard var reading else { return }
    reading.timestamp = headingTime()
    events.append(.heading(reading))
  }

  /// Live: the wall clock of the read. Replay: the last epoch's time plus the stream time since.
  private func headingTime() -> Date {
    guard config.isReplay, let epoch = lastReport else { return wallNow }
    let since = Double(now - epoch.completedAt) / 1e9
    return factory.peek(epoch, wallNow: wallNow).timestamp.addingTimeInterval(since)
  }

  /// The magnetic variation for a heading sentence now (see ``HeadingRule``): the receiver's
  /// (the epoch in progress's RMC, else the last one it sent), else the World Magnetic Model's
  /// at the latest position (the epoch in progress's, else the last fix's) and date (the last
  /// fix's, else the receiver's date, else the clock's); nil before any position.
  package func variationNow() -> Double? {
    let epoch = assembler.epoch
    if let own = epoch?.magneticVariation ?? heading.variation { return own }
    let seconds =
      lastFixSeconds
      ?? assembler.dateAnchor.map { Double($0) * 86_400 } ?? wallNow.timeIntervalSince1970
    if let latitude = epoch?.latitude, let longitude = epoch?.longitude {
      return MagneticVariation.model(latitude: latitude, longitude: longitude, at: seconds)?.degrees
    }
    return lastFixVariation
  }

  /// While ``defersSatellites``: the satellite sentences merged since the last call, and the
  /// marks of the events made meanwhile, for good.
  package mutating func takeSatelliteLog() -> SatelliteLog { assembler.satellites.takeLog() }

  /// Takes back epochs this core handed out, for its later epochs (``EpochPool/recycle(_:)``):
  /// each held by `epochs` alone. Leaves `epochs` empty.
  package mutating func recycleEpochs(_ epochs: inout [ReportedEpoch]) {
    self.epochs.recycle(&epochs)
  }

  /// How many epochs were made of an object given back.
  package var epochsReused: Int { epochs.reused }

  /// The heading source (EngineCore+Visitor.swift).
  package mutating func withHeading<T>(_ body: (inout HeadingSource) -> T) -> T { body(&heading) }
}

extension GNSSFixInfo {
  /// Whether the receiver sent no magnetic variation.
  fileprivate var lacksMagneticVariation: Bool { magneticVariation == nil }
}
