/// The consumer side of ``LocationService/updates()`` and ``CLLocationUpdate/liveUpdates(_:)``: starts the session on the first request
/// for an element, hands out batches one element at a time, and stops the session when the
/// stream is dropped.
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
    if Task.isCancelled {
      shutdown()
      return nil
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
        return nil
      }
      batch = taken
      index = 0
    }
    defer { index += 1 }
    return batch[index]
  }
}
