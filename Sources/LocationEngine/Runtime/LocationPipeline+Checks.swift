import FoundationEssentials

// A subscriber's time checks (see ``LocationPipeline``): when it next needs the time checked,
// the deadline of a one-shot request, its last fix turning stale, progress while it waits.
extension LocationPipeline {
  /// When the policies next need the time checked if no input comes (monotonic ns), or nil:
  /// a one-shot request's deadline; on a live source also the moment the last fix turns stale
  /// and, while a client waits for a fix on a receiver that talks NMEA, the next once-a-second
  /// progress report.
  package func nextCheck() -> Int64? {
    var next = oneShot?.monotonicDeadline
    func consider(_ time: Int64) { next = min(next ?? time, time) }
    if !config.isReplay {
      if !staleReported, let completedAt = lastFix?.report.completedAt {
        // Stale is strictly older than the maximum age: checked a tenth of a second past it
        // (the precision ages are printed with, so a stale fix never reads "5.0 s old").
        consider(completedAt + Int64(min(config.maximumAge, 1e9) * 1e9) + 100_000_000)
      }
      if authorization.nmeaSeen,
        oneShot != nil || (delivery != nil && (lastFix == nil || staleReported))
      {
        // The first report a moment after the first NMEA (the rest of that read counted).
        consider(
          lastProgressAt == .min
            ? monotonicNow + Self.firstProgressDelay : lastProgressAt + 1_000_000_000)
      }
    }
    return next
  }

  /// How long after the first NMEA a client waiting on a quiet receiver hears progress, ns.
  package static let firstProgressDelay: Int64 = 200_000_000

  /// Time passes without input (live deadlines and staleness).
  package mutating func tick(at: Int64, wall: Date) {
    if at > monotonicNow { monotonicNow = at }
    wallNow = wall
    if !config.isReplay {
      checkStale()
      progressWhileQuiet()
    }
    checkDeadline()
  }

  /// The satellites as the engine last told them, and the time waited; `afterEpoch` keeps what
  /// the last epoch said of itself (``FixProgress/followsEpochWithoutFix``, its time).
  func progress(since: Int64, afterEpoch: Bool = false) -> FixProgress {
    var progress = satellites
    progress.elapsed = Double(now - since) / 1e9
    if !afterEpoch {
      progress.followsEpochWithoutFix = false
      progress.time = nil
    }
    return progress
  }

  mutating func emitProgress(since: Int64, afterEpoch: Bool = false) {
    events.append(.progress(progress(since: since, afterEpoch: afterEpoch)))
    lastProgressAt = monotonicNow
  }

  /// A live client still waiting hears about the satellites at least once a second, even when
  /// the receiver sends no epoch (a cold start with empty time fields).
  mutating func progressWhileQuiet() {
    guard authorization.nmeaSeen,
      lastProgressAt == .min || monotonicNow - lastProgressAt >= 1_000_000_000
    else { return }
    if let request = oneShot {
      emitProgress(since: request.startedAt)
    } else if delivery != nil && (lastFix == nil || staleReported) {
      emitProgress(since: deliverySince)
    }
  }

  // Both checks run after every sentence: they test fields in place before binding a report
  // or a request (a copy of a few hundred bytes each).
  mutating func checkStale() {
    guard !staleReported, let completedAt = lastFix?.report.completedAt else { return }
    let age = Double(now - completedAt) / 1e9
    guard age > config.maximumAge, let fix = lastFix?.fix else { return }
    staleReported = true
    if delivery != nil || oneShot == nil { events.append(.stale(fix, age: age)) }
  }

  mutating func checkDeadline() {
    guard let monotonicDeadline = oneShot?.monotonicDeadline else { return }
    var expired = monotonicNow >= monotonicDeadline
    let stream = streamNow
    if config.isReplay, let counted = oneShot?.streamCounted, stream > counted {
      // A step of the stream clock counts up to the limit: a longer jump is a gap in the
      // recording, or the receiver setting its clock, not time spent waiting for a fix.
      let step = min(stream - counted, Int64(LocationPolicy.replayStepLimit * 1e9))
      oneShot?.streamWaited += step
      oneShot?.streamCounted = stream
    }
    if config.isReplay, let waited = oneShot?.streamWaited, let timeout = oneShot?.streamTimeout,
      waited >= timeout
    {
      expired = true
    }
    guard expired, let request = oneShot else { return }
    oneShot = nil
    let waited = request.timeout
    let best = request.best?.fix
    let error: EngineError
    switch authorization.device {
    case .unplugged(let path)?:
      error = EngineError(.receiverLost(path: path))
    case .silent(let path, let seconds)?:
      // Silent for what it had been when reported, and ever since.
      let since = silentAt.map { Double(max(0, monotonicNow - $0)) / 1e9 } ?? 0
      error = EngineError(.receiverSilent(path: path, seconds: seconds + since))
    default:
      if let best = request.best {
        error = EngineError(
          .notAccurateEnough(
            best: best.report.horizontalAccuracy, desired: request.desiredAccuracy, waited: waited))
      } else {
        error = EngineError(
          .noFix(
            waited: waited,
            progress: authorization.nmeaSeen ? progress(since: request.startedAt) : nil,
            nmeaSeen: authorization.nmeaSeen))
      }
    }
    events.append(.oneShotTimeout(best: best, error: error))
  }
}
