/// One kind of source behind a ``Receiver``: opened on the caller's thread (so `start` fails
/// fast), then read on the reader thread.
protocol SourceDriver: AnyObject, Sendable {
  /// Opens the source; throws when it cannot.
  func open() throws(ReceiverError)
  /// Reads until stopped or ended, reporting through `context`; closes everything it opened
  /// before returning.
  func run(_ context: ReaderContext)
  /// Closes what ``open()`` opened, when ``run(_:)`` will not be called.
  func close()
}
