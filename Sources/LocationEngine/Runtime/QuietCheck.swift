import Platform

/// The check that a live line went quiet (see ``LocationPolicy/quietGap``): armed after a
/// read that left an epoch waiting for it, it is the latest one until a newer read arms it
/// again. Used by an engine for what it reads and by a session for the bytes fed to it.
final class QuietCheck: Sendable {
  private let state = Locked<(timer: (any ClockTimer)?, number: Int)>((nil, 0))

  /// Arms the check ``LocationPolicy/quietGap`` from now on `clock`, replacing the one
  /// armed before; `fire` is handed its number when it fires.
  func arm(on clock: any LocationClock, _ fire: @escaping @Sendable (Int) -> Void) {
    let number = state.withLock { check in
      check.timer?.cancel()
      check.number += 1
      return check.number
    }
    let timer = clock.schedule(after: LocationPolicy.quietGap) { fire(number) }
    state.withLock { check in
      if check.number == number { check.timer = timer } else { timer.cancel() }
    }
  }

  /// Whether check `number` is the latest armed (no read came after it).
  func isLatest(_ number: Int) -> Bool { state.withLock { $0.number == number } }

  /// Cancels the armed check.
  func cancel() { state.withLock { $0.timer?.cancel() } }
}
