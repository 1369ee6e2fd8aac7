@preconcurrency import Dispatch
import Platform
import Receivers

/// SIGINT, SIGTERM, SIGHUP (a closed terminal or SSH session) and SIGQUIT caught as events
/// (DispatchSource on its own queue, which replaces the default action: no core dump, no
/// backtrace),
/// so commands can stop cleanly: write what was received, close documents, restore the
/// terminal, let go of the port, exit. A second signal while stopping, or a signal while
/// nothing listens (a quick command), ends the program at once (status 130, 131 for SIGQUIT),
/// after putting the ports back.
final class SignalTrap: Sendable {
  private struct State {
    var received: Int32?
    var handlers: [@Sendable (Int32) -> Void] = []
  }

  private let state = Locked(State())
  private let sources: Locked<[any DispatchSourceSignal]> = Locked([])
  private let queue = DispatchQueue(label: "locate.signals")

  /// Catches `signals` from now on: returns once Dispatch handles them. Their default action
  /// is not set to "ignore" first, as Darwin wants: on Linux Dispatch installs a handler of
  /// its own when a source registers (asynchronously), and a signal ignored meanwhile would be
  /// lost — a `watch` that was told to stop at start-up would run on. Until it registers, a
  /// signal ends the program by its default action (before anything was opened).
  init(signals: [Signal] = SignalTrap.caught) {
    let registered = DispatchGroup()
    for signal in signals where !signal.isIgnored {
      let number = signal.rawValue
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { [weak self] in self?.deliver(number) }
      registered.enter()
      source.setRegistrationHandler { registered.leave() }
      source.resume()
      sources.withLock { $0.append(source) }
    }
    _ = registered.wait(timeout: .now() + 2)
  }

  /// The signals caught. One that was ignored when the program started — SIGHUP under
  /// `nohup`, SIGINT and SIGQUIT for a background job of a shell without job control — is left
  /// ignored, as asked.
  static let caught: [Signal] = [.interrupt, .terminate, .hangup, .quit]

  /// The status a stop by `signal` ends with where it is not the normal end: 131 for SIGQUIT,
  /// 130 for the others.
  static func status(for signal: Int32) -> ExitStatus {
    signal == Signal.quit.rawValue ? .quit : .interrupted
  }

  /// The first signal received, if any.
  var received: Int32? { state.withLock { $0.received } }

  /// The status of a stop by the signal received (130 when none came: a stop all the same).
  var stopStatus: ExitStatus { Self.status(for: received ?? Signal.interrupt.rawValue) }

  /// Calls `handler` on the first signal (at once if one already came).
  func onSignal(_ handler: @escaping @Sendable (Int32) -> Void) {
    let already = state.withLock { state -> Int32? in
      if state.received == nil { state.handlers.append(handler) }
      return state.received
    }
    if let already { handler(already) }
  }

  private func deliver(_ number: Int32) {
    let handlers = state.withLock { state -> [@Sendable (Int32) -> Void]? in
      if state.received != nil { return nil }
      state.received = number
      defer { state.handlers = [] }
      return state.handlers
    }
    // A second signal, or one while no command is listening: stop at once.
    guard let handlers, !handlers.isEmpty else {
      TerminalScreen.restoreActive()
      SerialPortRegistry.releaseAll()
      CurrentProcess.exitImmediately(Self.status(for: number).rawValue)
    }
    for handler in handlers { handler(number) }
  }
}
