extension LocationService {
  /// The events of ``updates()`` — the same ones, filtered the same way, in the same order —
  /// handed to `handler` synchronously on the reader's thread as each read completes them: no
  /// queue, no task between the receiver and the handler (what a relay that must forward a fix
  /// within a millisecond of its last byte needs).
  ///
  /// The handler runs on the reader's thread, one event at a time, in order (those that
  /// ``finish()`` completes run on the thread that calls it). It must not block and must
  /// not call back into the service: a slow handler slows the reader (a live receiver's
  /// kernel buffer fills, and other clients of the same receiver in the process wait too).
  ///
  /// Returns when ``updates()``'s stream would end without error: at a replay's end, when
  /// ``finish()`` is called (after every event of what was read, as ``updates()`` does), or
  /// when the task is cancelled. The handler is not called once it returned.
  /// - Throws: the error the handler throws (observing stops at once, nothing more is read),
  ///   or the ``EngineError`` with which ``updates()`` would end: at once with the reason when
  ///   the source cannot be opened, `receiverLost` when a live source cannot reconnect.
  public func observe(
    _ handler: @escaping @Sendable (LocationServiceEvent) throws -> Void
  ) async throws {
    let outcome = OneShotOutcome<Void, any Error>(cancelled: .success(()))
    let session = updatesSession(
      deliver: { events, _, end in
        for event in events {
          // Nothing after the end (a handler's error, cancellation, the stream's end).
          guard !outcome.isComplete else { return }
          do { try handler(event) } catch { outcome.complete(.failure(error)) }
        }
        if let end { outcome.complete(end.failure.map { .failure($0) } ?? .success(())) }
      },
      end: { outcome.complete(.success(())) })
    defer {
      session.stop()
      // Waits for a batch being delivered: none is handed to the handler after the stop.
      session.inspect { _ in }
    }
    do {
      try session.start()
    } catch {
      // What the failure reported reached the handler first (which may have thrown).
      outcome.complete(.failure(error))
    }
    try await outcome.value()
  }
}
