/// A session's time checks: the timer for the pipeline's next check (a request's deadline,
/// the last fix turning stale, progress while waiting) and the quiet-line check that completes
/// an epoch (see ``LocationPolicy/quietGap``).
extension LocationSession {
  /// Checks ``LocationPolicy/quietGap`` from now whether the line went quiet (called under
  /// the lock, after a fed read that left an epoch waiting for it; an engine checks its own).
  func armQuietCheck() {
    quietCheck.arm(on: clock) { [weak self] number in self?.lineWentQuiet(number) }
  }

  /// No read since quiet check `number` was armed: the epoch waiting for it is complete.
  private func lineWentQuiet(_ number: Int) {
    guard !stopped.load(ordering: .relaxed), quietCheck.isLatest(number) else { return }
    lock.lock()
    defer { lock.unlock() }
    // A read that came in meanwhile armed a newer check.
    guard quietCheck.isLatest(number) else { return }
    lineQuiet()
    deliver()
  }

  /// Time passes: the check armed for now fired.
  package func tick() {
    guard !stopped.load(ordering: .relaxed) else { return }
    lock.lock()
    defer { lock.unlock() }
    check.withLock { $0.at = nil }
    pipeline.tick(at: clock.now(), wall: clock.wallNow())
    deliver()
  }

  /// Arms a timer for the pipeline's next time check, unless one fires earlier (it re-arms
  /// when it fires). Called under the lock.
  func armCheck() {
    guard started, !stopped.load(ordering: .relaxed), let next = pipeline.nextCheck() else {
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
