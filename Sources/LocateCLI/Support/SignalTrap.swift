@preconcurrency import Dispatch
import Foundation
import Receivers
import Synchronization

/// SIGINT and SIGTERM caught as events (DispatchSource on its own queue, the default action
/// ignored), so commands can stop cleanly: close documents, restore the terminal, exit.
/// A second signal while stopping, or a signal while nothing listens (a quick command), ends
/// the program at once with status 130.
final class SignalTrap: Sendable {
  private struct State {
    var received: Int32?
    var handlers: [@Sendable (Int32) -> Void] = []
  }

  private let state = Mutex(State())
  private let sources: Mutex<[any DispatchSourceSignal]> = Mutex([])
  private let queue = DispatchQueue(label: "locate.signals")

  /// Catches `signals` from now on.
  init(signals: [Int32] = [SIGINT, SIGTERM]) {
    for number in signals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { [weak self] in self?.deliver(number) }
      source.resume()
      sources.withLock { $0.append(source) }
    }
  }

  /// The first signal received, if any.
  var received: Int32? { state.withLock { $0.received } }

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
      SerialPortRegistry.restoreAll()
      _exit(ExitStatus.interrupted.rawValue)
    }
    for handler in handlers { handler(number) }
  }
}
