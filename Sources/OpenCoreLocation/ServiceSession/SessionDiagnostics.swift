// What the two sessions share: their diagnostics as an async sequence, and the hub that keeps
// the latest one and hands each new one to every iteration.
import Foundation
import Platform

/// The diagnostics of a ``CLServiceSession`` or a ``CLBackgroundActivitySession``: the current
/// one at once, then one per change, until the session is invalidated. Each iteration is a
/// subscriber of its own. Iterating may throw, as Apple's (it never does here).
public struct SessionDiagnostics<Diagnostic: Sendable & Equatable>: AsyncSequence, Sendable {
  /// Each element.
  public typealias Element = Diagnostic
  /// What iterating may throw.
  public typealias Failure = any Error
  let hub: DiagnosticHub<Diagnostic>

  /// Iterates the diagnostics.
  public struct Iterator: AsyncIteratorProtocol {
    var base: AsyncStream<Diagnostic>.Iterator

    /// The next diagnostic; nil after the session was invalidated.
    public mutating func next() async throws -> Diagnostic? { await base.next() }
  }

  /// Subscribes.
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: hub.subscribe().makeAsyncIterator())
  }
}

/// The latest diagnostic and the subscribers that hear each new one.
final class DiagnosticHub<Element: Sendable & Equatable>: Sendable {
  private struct State {
    var latest: Element
    var subscribers: [UUID: AsyncStream<Element>.Continuation] = [:]
    var finished = false
  }

  private let state: Locked<State>

  init(_ first: Element) { state = Locked(State(latest: first)) }

  /// A stream that starts with the latest diagnostic.
  func subscribe() -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream<Element>.makeStream()
    let id = UUID()
    let finished = state.withLock { state -> Bool in
      continuation.yield(state.latest)
      if !state.finished { state.subscribers[id] = continuation }
      return state.finished
    }
    if finished { continuation.finish() }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }

  /// A new diagnostic, for every subscriber (unless it is the same as the latest).
  func publish(_ diagnostic: Element) {
    state.withLock { state in
      guard !state.finished, diagnostic != state.latest else { return }
      state.latest = diagnostic
      for continuation in state.subscribers.values { continuation.yield(diagnostic) }
    }
  }

  /// Ends every stream.
  func finish() {
    let subscribers = state.withLock { state in
      state.finished = true
      defer { state.subscribers.removeAll() }
      return Array(state.subscribers.values)
    }
    for continuation in subscribers { continuation.finish() }
  }
}
