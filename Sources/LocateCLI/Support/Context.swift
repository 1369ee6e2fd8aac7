@preconcurrency import Dispatch
import Dispatch
import FoundationEssentials
import Platform
import Receivers

/// What every command gets: the environment, standard output, the terminals, the signals.
struct Context: Sendable {
  /// The process environment (`LOCATE_DEVICE`, `NO_COLOR`, `TERM`).
  var environment: [String: String]
  /// Standard output.
  var output: OutputSink
  /// Whether standard output is a terminal.
  var stdoutIsTerminal: Bool
  /// Whether standard error is a terminal.
  var stderrIsTerminal: Bool
  /// SIGINT, SIGTERM, SIGHUP and SIGQUIT.
  var signals: SignalTrap
  /// The wall clock (for a fix's age).
  var now: @Sendable () -> Date = { Date() }

  /// The stderr status line for a command run with or without `--verbose`; it also tells
  /// of a receiver joined or taken over (``SharingNote``).
  func statusLine(_ arguments: ParsedArguments) -> StatusLine {
    let status = StatusLine(
      isTerminal: stderrIsTerminal, verbose: arguments.has(CommonOptions.verbose))
    SharingNote.setHandler { status.note($0.description) }
    return status
  }

  /// Colour for human output on standard output.
  func style(_ arguments: ParsedArguments) -> Style {
    Style.decide(
      isTerminal: stdoutIsTerminal, noColorOption: arguments.has(CommonOptions.noColor),
      environment: environment)
  }

  /// How a piece of work run by ``interruptible(stopAfter:grace:stop:_:)`` ended.
  enum Completion<T: Sendable>: Sendable {
    /// It returned or threw.
    case finished(Result<T, LocateError>)
    /// It did not stop within the grace period after a signal.
    case abandoned
  }

  /// Runs `work` in a task that a signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) stops, and so
  /// does `stopAfter` seconds of wall-clock time, if given. With `stop`, stopping calls it (on
  /// a thread of its own) and lets `work` end by itself — a clean stop that writes what was
  /// received; without, the task is cancelled. If it has not finished `grace` seconds after a
  /// signal, stops waiting. The signal handler is in place before `work` starts: a signal that
  /// comes as it starts stops it like any other (one that came before stops it at once).
  func interruptible<T: Sendable>(
    stopAfter: Double? = nil, grace: Double = 5, stop: (@Sendable () -> Void)? = nil,
    _ work: @escaping @Sendable () async throws(LocateError) -> T
  ) async -> Completion<T> {
    let running = Locked<(task: Task<Result<T, LocateError>, Never>?, stopped: Bool)>((nil, false))
    let end: @Sendable () -> Void = {
      let (first, task) = running.withLock { state in
        defer { state.stopped = true }
        return (!state.stopped, state.task)
      }
      guard first else { return }
      if let stop {
        DispatchQueue.global().async { stop() }
      } else {
        task?.cancel()
      }
    }
    let once = ResumeOnce<Completion<T>>()
    signals.onSignal { _ in
      end()
      DispatchQueue.global().asyncAfter(deadline: .now() + grace) { once.resume(.abandoned) }
    }
    let task = Task { () -> Result<T, LocateError> in
      do throws(LocateError) {
        return .success(try await work())
      } catch {
        return .failure(error)
      }
    }
    // Stopped before the task existed: cancel it now (a `stop` closure already ran).
    if running.withLock({ state in
      state.task = task
      return state.stopped
    }), stop == nil {
      task.cancel()
    }
    var timer: Task<Void, Never>?
    if let stopAfter {
      timer = Task {
        try? await Task.sleep(nanoseconds: UInt64(min(max(0, stopAfter), 1e9) * 1e9))
        if !Task.isCancelled { end() }
      }
    }
    defer { timer?.cancel() }
    return await withCheckedContinuation { continuation in
      once.set(continuation)
      Task { once.resume(.finished(await task.value)) }
    }
  }
}

/// Resumes a continuation once, whoever comes first — also when the first value comes before
/// the continuation is set.
private final class ResumeOnce<T: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<T, Never>?
    var value: T?
    var done = false
  }
  private let state = Locked(State())

  func set(_ continuation: CheckedContinuation<T, Never>) {
    let ready = state.withLock { state -> T? in
      guard let value = state.value else {
        state.continuation = continuation
        return nil
      }
      state.value = nil
      return value
    }
    if let ready { continuation.resume(returning: ready) }
  }

  func resume(_ value: T) {
    let continuation = state.withLock { state -> CheckedContinuation<T, Never>? in
      guard !state.done else { return nil }
      state.done = true
      guard let continuation = state.continuation else {
        state.value = value
        return nil
      }
      state.continuation = nil
      return continuation
    }
    continuation?.resume(returning: value)
  }
}
