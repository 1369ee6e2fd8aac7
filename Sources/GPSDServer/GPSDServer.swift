import Platform

/// A server speaking gpsd's JSON protocol (version 3.14, as gpsd 3.22) for one receiver, so
/// that gpsd's clients (`gpspipe`, `gpxlogger`, `cgps`, Python's `gps`, …) and `locate watch
/// --input gpsd://` can use it.
///
/// It answers `?VERSION;`, `?DEVICES;`, `?DEVICE;`, `?WATCH;` and `?POLL;`, greets each client
/// with VERSION, and streams what ``publish(_:)`` is given to the clients that watch it: TPV,
/// SKY and DEVICE objects to `"json":true` watchers, the receiver's sentences to `"nmea":true`
/// or `"raw":1|2` watchers. It never writes to the receiver: `?DEVICE={…}` with settings is
/// answered with the device as it is, as gpsd does for a read-only device.
///
/// One thread (`poll(2)` over the listening socket, the clients and a wake-up pipe) accepts
/// clients, answers them and sends what their sockets did not take at once; a report is
/// fanned out and sent by ``publish(_:)`` on the publisher's thread, so it leaves without a
/// hop to that thread. Each client's unsent output is bounded (``Limits/maximumQueuedBytes``): a
/// client that stops reading is dropped, and never slows the receiver or the other clients.
/// Clients (``Limits/maximumClients``) and request lines (``Limits/maximumRequestLength``) are
/// capped; garbage is answered with gpsd's ERROR object.
package final class GPSDServer: Sendable {
  /// The caps that keep the server's memory and work bounded whatever clients do.
  package struct Limits: Sendable {
    /// Clients at once (gpsd's default too); more are refused with an ERROR object.
    package var maximumClients = 64
    /// Unsent bytes per client before it is dropped (about 3 s of JSON and NMEA at 10 Hz, on
    /// top of the kernel's buffers).
    package var maximumQueuedBytes = 262_144
    /// The longest request line; longer ones get `Request too long`.
    package var maximumRequestLength = 1024
    /// Each client socket's send buffer (`SO_SNDBUF`), bytes.
    package var sendBuffer = 65_536

    /// The defaults.
    package init() {}
  }

  /// The address listened on (with the port chosen when port 0 was asked for): a host name as
  /// given when it named several addresses (`localhost:2947`), else the one address.
  package let address: ListenAddress
  /// Every address listened on (`127.0.0.1:2947` and `[::1]:2947` for `localhost:2947`).
  package let addresses: [ListenAddress]
  private let listeners: [ListeningSocket]
  private let waker: Waker
  private let shared = Locked(SharedState())
  private let loop: ServerLoop
  private let lifecycle = Locked(Lifecycle.ready)

  private enum Lifecycle {
    case ready
    case running(JoinableThread)
    case stopped
  }

  /// What the server's callers and its thread share.
  struct SharedState {
    var stopDeadline: Int64?
    var watched = false
    var watchedHandlers: [@Sendable () -> Void] = []
  }

  /// Listens on `address` at once (so a busy port is reported before anything else starts);
  /// nothing is served until ``start()``.
  /// - Parameter onEvent: notes about clients, called on the server thread.
  /// - Throws: ``GPSDServerError``.
  package init(
    listening address: ListenAddress, version: GPSDVersion, limits: Limits = Limits(),
    onEvent: (@Sendable (GPSDServerEvent) -> Void)? = nil
  ) throws(GPSDServerError) {
    let listeners = try ListeningSocket.openAll(address)
    do {
      waker = try Waker()
    } catch {
      for listener in listeners { listener.descriptor.close() }
      throw GPSDServerError(code: .system("pipe2"), address: "\(address)", errno: error.rawValue)
    }
    self.listeners = listeners
    addresses = listeners.map(\.address)
    self.address =
      listeners.count > 1
      ? ListenAddress(host: address.host, port: listeners[0].address.port) : listeners[0].address
    loop = ServerLoop(
      listeners: listeners, waker: waker, version: version, limits: limits, shared: shared,
      onEvent: onEvent)
  }

  deinit {
    stop()
    waker.close()
  }

  /// Starts the server thread.
  package func start() throws(GPSDServerError) {
    let loop = self.loop
    do throws(Errno) {
      try lifecycle.withLock { state throws(Errno) in
        guard case .ready = state else { return }
        state = .running(try JoinableThread(name: "locate-serve") { loop.run() })
      }
    } catch {
      throw GPSDServerError(
        code: .system("pthread_create"), address: "\(address)", errno: error.rawValue)
    }
  }

  /// Sends a report to the clients that watch it, from the caller's thread, at once (never
  /// blocks on clients: what a socket does not take waits for the server thread, bounded).
  package func publish(_ report: GPSDReport) {
    if loop.publish(report) { waker.wake() }
  }

  /// Calls `body` (on the server thread, or at once) when a client first watches: a replay can
  /// wait for its first client before it starts.
  package func whenWatched(_ body: @escaping @Sendable () -> Void) {
    let already = shared.withLock { state in
      if !state.watched { state.watchedHandlers.append(body) }
      return state.watched
    }
    if already { body() }
  }

  /// Stops: no new clients; what clients have queued (reports published before) is sent for at
  /// most `flushing` seconds; then every connection and the listening socket are closed and the
  /// server thread is joined. Later calls do nothing.
  package func stop(flushing seconds: Double = 0) {
    let previous = lifecycle.withLock { state in
      defer { state = .stopped }
      return state
    }
    switch previous {
    case .ready:
      for listener in listeners { listener.descriptor.close() }
    case .running(let thread):
      shared.withLock { $0.stopDeadline = SystemTime.deadline(after: seconds) }
      waker.wake()
      thread.join()
    case .stopped:
      break
    }
  }
}
