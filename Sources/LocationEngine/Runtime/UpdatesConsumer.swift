/// The consumer side of ``LocationService/updates()`` and ``CLLocationUpdate/liveUpdates(_:)``: starts the session on the first request
/// for an element, hands out batches one element at a time (or whole: ``nextBatch()``), and
/// stops the session when the stream is dropped.
package final class UpdatesConsumer<Element: Sendable>: @unchecked Sendable {
  private let channel: EventChannel<Element>
  private let session: LocationSession
  private var batch: [Element] = []
  private var index = 0
  private var started = false
  private let throwsStartFailure: Bool

  /// A consumer; when the session cannot start, the stream ends with the error if
  /// `throwsStartFailure`, else quietly after the events the failure produced.
  package init(
    channel: EventChannel<Element>, session: LocationSession, throwsStartFailure: Bool = true
  ) {
    self.channel = channel
    self.session = session
    self.throwsStartFailure = throwsStartFailure
  }

  deinit { shutdown() }

  /// Ends the channel first (a reader thread blocked handing over a batch is let go), then
  /// stops the session (joining that thread).
  private func shutdown() {
    channel.finish()
    session.stop()
  }

  /// The next event; nil at the end.
  package func next() async throws -> Element? {
    guard try await fill() else { return nil }
    defer { index += 1 }
    return batch[index]
  }

  /// The events ``next()`` would return one by one until it waits again (the rest of the batch
  /// in hand, else the next batch, whole), in order; empty at the end. A consumer that stops at
  /// cancellation checks `Task.isCancelled` between them, as ``next()`` does.
  package func nextBatch() async throws -> [Element] {
    guard try await fill() else { return [] }
    defer {
      index = 0
      batch = []
    }
    return index == 0 ? batch : Array(batch[index...])
  }

  /// Makes sure an event is in hand (`batch[index]`), taking a batch when none is; false at the
  /// end (the session stopped).
  private func fill() async throws -> Bool {
    if Task.isCancelled {
      shutdown()
      return false
    }
    if !started {
      started = true
      do { try session.start() } catch {
        channel.finish(throwing: throwsStartFailure ? error : nil)
      }
    }
    while index >= batch.count {
      let taken: [Element]
      do {
        taken = try await channel.take()
      } catch {
        shutdown()
        throw error
      }
      if taken.isEmpty {
        shutdown()
        return false
      }
      batch = taken
      index = 0
    }
    return true
  }
}
