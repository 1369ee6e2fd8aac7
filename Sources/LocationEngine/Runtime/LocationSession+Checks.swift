/// A session's time checks: the timer for the pipeline's next check (a request's deadline,
/// the last fix turning stale, progress while waiting). The quiet-line check that completes an
/// epoch (see ``LocationPolicy/quietGap``) is its engine's.
extension LocationSession {
  /// Time passes: the check armed for now fired.
  package func tick() {
    guard !stopped.load(ordering: .relaxed) else { return }
    guarded.withLock { guarded in
      check.withLock { $0.at = nil }
      guarded.pipeline.tick(at: clock.now(), wall: clock.wallNow())
      deliver(&guarded)
    }
  }

  /// Arms a timer for the pipeline's next time check, unless one fires earlier (it re-arms
  /// when it fires). Called under the lock, with what it holds.
  func armCheck(_ guarded: Guarded) {
    guard guarded.started, !stopped.load(ordering: .relaxed),
      let next = guarded.pipeline.nextCheck()
    else {
      return
    }
    check.withLock { check in
      if let armed = check.at, armed <= next { return }
      check.timer?.cancel()
      check.at = next
      let delay = Double(max(0, next - clock.now())) / 1e9
      check.timer = clock.schedule(after: delay) { [weak self] in self?.tick() }
    }
  }
}
