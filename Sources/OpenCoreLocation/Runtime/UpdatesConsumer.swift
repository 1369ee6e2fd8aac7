/// The consumer side of ``LocationService/updates()`` and ``CLLocationUpdate/liveUpdates(_:)``: starts the session on the first request
/// for an element, hands out batches one element at a time, and stops the session when the
/// stream is dropped.
final class UpdatesConsumer<Element: Sendable>: @unchecked Sendable {
  private let channel: EventChannel<Element>
  private let session: LocationSession
  private var batch: [Element] = []
  private var index = 0
  private var started = false
  private let throwsStartFailure: Bool

  /// A consumer; when the session cannot start, the stream ends with the error if
  /// `throwsStartFailure`, else quietly after the events the failure produced.
  init(channel: EventChannel<Element>, session: LocationSession, throwsStartFailure: Bool = true) {
    self.channel = channel
    self.session = session
    self.throwsStartFailure = throwsStartFailure
  }

  deinit {
    channel.finish()
    session.stop()
  }

  /// The next event; nil at the end.
  func next() async throws -> Element? {
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
        session.stop()
        throw error
      }
      if taken.isEmpty {
        session.stop()
        return nil
      }
      batch = taken
      index = 0
    }
    defer { index += 1 }
    return batch[index]
  }
}
