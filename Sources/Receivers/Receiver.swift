import Platform
@_exported import ReceiverState

/// What a running receiver reports, on its reader thread, in order.
public enum ReceiverEvent {
  /// Bytes as they arrived; the buffer is valid only during the callback.
  /// `at` is the monotonic arrival time in nanoseconds (`CLOCK_MONOTONIC`).
  case data(UnsafeRawBufferPointer, at: Int64)
  /// The device state changed.
  case state(DeviceState)
}

/// A source of NMEA bytes read on a dedicated thread.
///
/// `start` opens the source (failing fast with ``ReceiverError`` when it cannot), then calls
/// the handler on the reader thread for every chunk and state change until `stop()` or the
/// end of a replay. The first event is always `.state(.connected(…))`.
///
/// ```swift
/// let receiver = Receiver(source: .device(path: "/dev/ttyUSB0", baud: .auto))
/// try receiver.start { event in
///   switch event {
///   case .data(let bytes, let time): decoder.feed(bytes) { … }
///   case .state(let state): print(state)
///   }
/// }
/// …
/// receiver.stop()
/// ```
public final class Receiver: @unchecked Sendable {
  /// The source being read.
  public let source: ReceiverSource
  /// The options.
  public let options: ReceiverOptions
  let roots: DiscoveryRoots
  let standardInput: FileDescriptor

  private struct Running {
    let thread: JoinableThread
    let context: ReaderContext
    let driver: any SourceDriver
  }
  private let running = Locked<Running?>(nil)

  /// Prepares to read `source`; nothing is opened until ``start(_:)``.
  public convenience init(source: ReceiverSource, options: ReceiverOptions = ReceiverOptions()) {
    self.init(source: source, options: options, roots: .system)
  }

  /// Prepares to read `source`, looking for devices under `roots` (tests use a fake tree) and
  /// reading `standardInput` for ``ReceiverSource/standardInput`` (tests use a pipe).
  init(
    source: ReceiverSource, options: ReceiverOptions, roots: DiscoveryRoots,
    standardInput: FileDescriptor = .standardInput
  ) {
    self.source = source
    self.options = options
    self.roots = roots
    self.standardInput = standardInput
  }

  deinit { stop() }

  /// Opens the source and starts the reader thread.
  ///
  /// Opening never waits long: a device is opened at once (with ``BaudSetting/auto`` its rate
  /// is hunted on the reader thread, which ``stop()`` interrupts; `connected` comes when it is
  /// found), a FIFO is waited on by the reader, and a TCP connection takes at most
  /// ``ReceiverOptions/openTimeout`` (5 s per address without). Throws when the source cannot
  /// be opened: not found, permission denied, busy, a bad address, or when the receiver is
  /// already running.
  public func start(_ handler: @escaping @Sendable (ReceiverEvent) -> Void) throws(ReceiverError) {
    try start(handler, loop: nil)
  }

  /// Opens the source and starts the reader thread, as ``start(_:)`` does, the thread running
  /// `loop`'s work (``ReaderLoop``) from now until it ends: the work posted to it, between
  /// reads.
  package func start(
    _ handler: @escaping @Sendable (ReceiverEvent) -> Void, loop: ReaderLoop?
  ) throws(ReceiverError) {
    do throws(ReceiverError) {
      try open(handler, loop: loop)
    } catch {
      var failure = error
      failure.source = source.kind
      throw failure
    }
  }

  private func open(
    _ handler: @escaping @Sendable (ReceiverEvent) -> Void, loop: ReaderLoop?
  ) throws(ReceiverError) {
    // Discovery decides once: the driver, its states and errors name the device it found.
    let source = try source.resolved(roots: roots)
    let name = source.name ?? ""
    if running.withLock({ $0 != nil }) {
      throw ReceiverError(code: .invalidSource("already started"), path: name)
    }
    let driver = try makeDriver(source)
    try driver.open()
    let waker: Waker
    var mail: Waker?
    do throws(Errno) {
      waker = try Waker()
      if loop != nil {
        do throws(Errno) {
          mail = try Waker()
        } catch {
          waker.close()
          throw error
        }
      }
    } catch {
      driver.close()
      throw ReceiverError(code: .io, path: name, errno: error.rawValue)
    }
    let context = ReaderContext(waker: waker, handler: handler, loop: loop, mail: mail)
    if let loop, let mail { loop.attach(wake: mail) }
    let thread: JoinableThread
    do {
      thread = try JoinableThread(name: "locate-reader") {
        context.threadID.withLock { $0 = JoinableThread.currentID }
        loop?.enter()
        driver.run(context)
        loop?.detach()?.close()
        context.finish()
      }
    } catch {
      driver.close()
      waker.close()
      loop?.detach()?.close()
      throw ReceiverError(code: .io, path: name, errno: error.rawValue)
    }
    running.withLock { $0 = Running(thread: thread, context: context, driver: driver) }
  }

  /// Stops reading, restores the terminal settings and joins the reader thread; when the
  /// source has ended on its own, only joins. Called from the handler (on the reader thread),
  /// it returns at once and the reader cleans up after the handler returns. Idempotent.
  public func stop() {
    guard
      let current = running.withLock({ state -> Running? in
        defer { state = nil }
        return state
      })
    else { return }
    current.context.requestStop()
    current.thread.join()
  }

  /// Whether bytes have arrived that the reader has not read yet: a reader that is behind (its
  /// thread waiting for the CPU, or for a subscriber) with the line still talking. False when
  /// not running, and for a file (a replay is read at its own pace).
  public var hasUnreadInput: Bool {
    running.withLock { $0?.context }?.inputWaiting ?? false
  }

  /// The reader thread's kernel ID while running (for leak tests).
  var readerThreadID: Int32? {
    running.withLock { $0?.context.threadID.withLock { $0 } }
  }

  /// The reader's wake-up pipe descriptors while running (for leak tests).
  var wakerDescriptors: [FileDescriptor] {
    running.withLock { $0?.context.waker.descriptors ?? [] }
  }

  private func makeDriver(_ source: ReceiverSource) throws(ReceiverError) -> any SourceDriver {
    switch source {
    case .device(let path, let baud):
      return SerialDriver(path: path, baud: baud, options: options, roots: roots)
    case .discover(let baud):
      let path = try ReceiverSource.discoveredPath(roots: roots)
      return SerialDriver(path: path, baud: baud, options: options, roots: roots)
    case .file(let path, let pacing):
      return FileDriver(path: path, pacing: pacing)
    case .standardInput:
      return StandardInputDriver(source: standardInput)
    case .tcp(let host, let port):
      return TCPDriver(host: host, port: port, protocol: .raw, options: options)
    case .gpsd(let host, let port):
      return TCPDriver(host: host, port: port, protocol: .gpsd, options: options)
    }
  }
}
