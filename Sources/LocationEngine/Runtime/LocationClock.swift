import Dispatch
import FoundationEssentials
import Platform

/// A repeating timer that can be cancelled.
package protocol ClockTimer: Sendable {
  /// Stops the timer; no tick starts after it returns.
  func cancel()
}

/// Time as the location service sees it: a monotonic clock for ages and deadlines, a wall clock
/// for timestamps, and repeating timers for deadlines that pass without input.
///
/// One time base: ``SystemClock`` is Platform's ``SystemTime`` (`CLOCK_MONOTONIC` as `Int64`
/// nanoseconds, the clock and the type receivers stamp their reads with, and the wall clock
/// only for dates), behind this protocol so that ``ManualClock`` can stand in for it: it moves
/// only when told to, so policy tests run without sleeping.
package protocol LocationClock: Sendable {
  /// Monotonic nanoseconds.
  func now() -> Int64
  /// Wall-clock time.
  func wallNow() -> Date
  /// Calls `tick` every `interval` seconds until the timer is cancelled.
  func schedule(every interval: Double, _ tick: @escaping @Sendable () -> Void) -> any ClockTimer
  /// Calls `fire` once, `delay` seconds from now, unless the timer is cancelled first.
  func schedule(after delay: Double, _ fire: @escaping @Sendable () -> Void) -> any ClockTimer
}

/// The system's clocks (Platform's ``SystemTime``, monotonic and wall) and Dispatch timers.
package struct SystemClock: LocationClock {
  /// The system's clocks.
  package init() {}

  package func now() -> Int64 { SystemTime.now() }

  package func wallNow() -> Date { Date(timeIntervalSince1970: SystemTime.wallSeconds()) }

  package func schedule(every interval: Double, _ tick: @escaping @Sendable () -> Void)
    -> any ClockTimer
  {
    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
    let nanoseconds = Int(interval * 1e9)
    timer.schedule(
      deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
    timer.setEventHandler(handler: tick)
    timer.resume()
    return DispatchClockTimer(source: timer)
  }

  package func schedule(after delay: Double, _ fire: @escaping @Sendable () -> Void)
    -> any ClockTimer
  {
    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
    timer.schedule(
      deadline: .now() + .nanoseconds(Int(min(max(0, delay), 1e9) * 1e9)), leeway: .never)
    timer.setEventHandler(handler: fire)
    timer.resume()
    return DispatchClockTimer(source: timer)
  }
}

/// A Dispatch timer behind ``ClockTimer``.
package final class DispatchClockTimer: ClockTimer, @unchecked Sendable {
  private let source: any DispatchSourceTimer
  package init(source: any DispatchSourceTimer) { self.source = source }
  package func cancel() { source.cancel() }
}

/// A clock that moves only when told to: ``advance(by:)`` runs the timers due on the way,
/// in order, on the caller's thread.
package final class ManualClock: LocationClock, Sendable {
  private struct Timer {
    var id: Int
    /// Nanoseconds between ticks; 0 for a timer that fires once.
    var interval: Int64
    var next: Int64
    var tick: @Sendable () -> Void
  }

  private struct State {
    var now: Int64
    var wall: Date
    var timers: [Timer] = []
    var nextID = 0
  }

  private let state: Locked<State>

  /// A clock starting at monotonic `now` seconds and wall time `wall`.
  package init(now: Double = 1000, wall: Date = Date(timeIntervalSince1970: 1_750_000_000)) {
    state = Locked(State(now: Int64(now * 1e9), wall: wall))
  }

  package func now() -> Int64 { state.withLock { $0.now } }
  package func wallNow() -> Date { state.withLock { $0.wall } }

  package func schedule(every interval: Double, _ tick: @escaping @Sendable () -> Void)
    -> any ClockTimer
  {
    let step = max(1, Int64(interval * 1e9))
    let id = state.withLock { state in
      state.nextID += 1
      state.timers.append(
        Timer(id: state.nextID, interval: step, next: state.now + step, tick: tick))
      return state.nextID
    }
    return ManualTimer(clock: self, id: id)
  }

  package func schedule(after delay: Double, _ fire: @escaping @Sendable () -> Void)
    -> any ClockTimer
  {
    let id = state.withLock { state in
      state.nextID += 1
      state.timers.append(
        Timer(
          id: state.nextID, interval: 0, next: state.now + max(0, Int64(delay * 1e9)), tick: fire))
      return state.nextID
    }
    return ManualTimer(clock: self, id: id)
  }

  fileprivate func cancel(_ id: Int) { state.withLock { $0.timers.removeAll { $0.id == id } } }

  /// Moves both clocks forward, firing every timer tick due on the way.
  package func advance(by seconds: Double) {
    let target = state.withLock { $0.now } + Int64(seconds * 1e9)
    while true {
      let due: (@Sendable () -> Void)? = state.withLock { state in
        guard
          let index = state.timers.indices.min(by: { state.timers[$0].next < state.timers[$1].next }
          ),
          state.timers[index].next <= target
        else { return nil }
        let advanced = state.timers[index].next - state.now
        state.now = state.timers[index].next
        state.wall += Double(advanced) / 1e9
        let tick = state.timers[index].tick
        if state.timers[index].interval == 0 {
          state.timers.remove(at: index)
        } else {
          state.timers[index].next += state.timers[index].interval
        }
        return tick
      }
      guard let due else { break }
      due()
    }
    state.withLock { state in
      state.wall += Double(target - state.now) / 1e9
      state.now = target
    }
  }
}

/// A ``ManualClock`` timer.
package struct ManualTimer: ClockTimer {
  package let clock: ManualClock
  package let id: Int
  package func cancel() { clock.cancel(id) }
}
