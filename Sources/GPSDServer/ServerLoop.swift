import Platform

/// The server's work: the server thread's `poll(2)` over the wake-up pipe, the listening socket
/// and the clients, requests answered; and reports fanned out and sent by ``publish(_:)`` on
/// the publisher's own thread, at once (no hop to the server thread between a fix and its
/// TPV going out), what a socket does not take left queued for the server thread. All its
/// state is touched under ``lock`` only.
final class ServerLoop: @unchecked Sendable {
  /// Held by the server thread while it handles what `poll(2)` returned, and by a publisher
  /// while it fans a report out.
  private let lock = Locked(())
  private let listeners: [ListeningSocket]
  private let waker: Waker
  let version: GPSDVersion
  private let limits: GPSDServer.Limits
  private let shared: Locked<GPSDServer.SharedState>
  private let onEvent: (@Sendable (GPSDServerEvent) -> Void)?
  private var clients: [ClientConnection] = []
  private var nextNumber = 1
  private var polled = PollSet()
  /// Out of descriptors (`EMFILE`): the listening socket is left alone until then (monotonic
  /// ns), or its pending connection would wake every poll at once.
  private var acceptPausedUntil: Int64?
  /// Answers and reports (see ServerLoop+Replies.swift).
  var device: GPSDDevice?
  var lastTPV: [UInt8]?
  var lastSKY: [UInt8]?

  init(
    listeners: [ListeningSocket], waker: Waker, version: GPSDVersion, limits: GPSDServer.Limits,
    shared: Locked<GPSDServer.SharedState>, onEvent: (@Sendable (GPSDServerEvent) -> Void)?
  ) {
    self.listeners = listeners
    self.waker = waker
    self.version = version
    self.limits = limits
    self.shared = shared
    self.onEvent = onEvent
  }

  /// Runs until ``GPSDServer/stop(flushing:)``, then closes every socket.
  func run() {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
    defer {
      buffer.deallocate()
      lock.withLock { _ in
        for client in clients { close(client) }
      }
      for listener in listeners { listener.descriptor.close() }
    }
    while true {
      let stopDeadline = shared.withLock { $0.stopDeadline }
      let (current, timeout) = lock.withLock { _ in pollSet(stopping: stopDeadline) }
      try? polled.wait(milliseconds: timeout)
      let done = lock.withLock { _ in
        handlePolled(current, stopDeadline: stopDeadline, buffer: buffer)
      }
      if done { return }
    }
  }

  /// Fans `report` out to the clients that watch it and sends it, on the caller's thread;
  /// true when the server thread must look again (a socket left output waiting, or a client
  /// was dropped).
  func publish(_ report: GPSDReport) -> Bool {
    lock.withLock { _ in
      let before = clients.count
      relay(report)
      flush()
      return clients.count != before || clients.contains { !$0.output.isEmpty }
    }
  }

  /// Builds ``polled`` (the wake-up pipe, the listeners, the clients) for the clients of now;
  /// returns them and the timeout.
  private func pollSet(stopping stopDeadline: Int64?) -> ([ClientConnection], Int32) {
    polled.removeAll()
    polled.append(waker.readEnd, for: .input)
    if let paused = acceptPausedUntil, SystemTime.now() >= paused { acceptPausedUntil = nil }
    let accepting = stopDeadline == nil && acceptPausedUntil == nil
    for listener in listeners { polled.append(accepting ? listener.descriptor : nil, for: .input) }
    for client in clients {
      var events: PollEvents = stopDeadline == nil ? .input : []
      if !client.output.isEmpty { events.insert(.output) }
      polled.append(client.descriptor, for: events)
    }
    let deadline = stopDeadline ?? acceptPausedUntil
    let timeout = deadline.map { SystemTime.milliseconds(until: $0) } ?? -1
    return (clients, timeout)
  }

  /// Handles what `poll(2)` returned for `current` (the clients it watched: one dropped since
  /// is closed and skipped); true once stopped and flushed.
  private func handlePolled(
    _ current: [ClientConnection], stopDeadline: Int64?,
    buffer: UnsafeMutableRawBufferPointer
  ) -> Bool {
    if !polled[0].isEmpty { waker.drain() }
    for (index, listener) in listeners.enumerated() where !polled[index + 1].isEmpty {
      acceptWaiting(listener)
    }
    let first = listeners.count + 1
    for (index, client) in current.enumerated() where client.isOpen {
      let events = polled[index + first]
      guard !events.isDisjoint(with: [.input, .hangup, .error]), stopDeadline == nil else {
        continue
      }
      let open = client.receive(into: buffer) { line in
        guard client.isOpen else { return }
        switch line {
        case .text(let text, let lineEnd):
          for request in GPSDRequest.parse(line: text, lineEnd: lineEnd) where client.isOpen {
            answer(request, for: client)
          }
        case .tooLong:
          reply(
            GPSDError.line("Request too long (over \(limits.maximumRequestLength) bytes)"),
            to: client)
        }
      }
      if !open, client.isOpen {
        close(client)
        onEvent?(.disconnected(client: client.number, peer: client.peer))
      }
    }
    flush()
    // Stopping: done once every report published before is out, or the time for it is up.
    guard let deadline = shared.withLock({ $0.stopDeadline }) else { return false }
    flush()
    return clients.allSatisfy { $0.output.isEmpty } || SystemTime.now() >= deadline
  }

  /// Accepts every connection waiting at `listener`: greeted with VERSION, or refused past the
  /// limit.
  private func acceptWaiting(_ listener: ListeningSocket) {
    while true {
      let accepted: (FileDescriptor, String)?
      do {
        accepted = try listener.accept()
      } catch {
        // EMFILE, ENFILE, ENOBUFS, ENOMEM: try again in a moment.
        acceptPausedUntil = SystemTime.deadline(after: 0.25)
        return
      }
      guard let (descriptor, peer) = accepted else { return }
      guard clients.count < limits.maximumClients else {
        let refusal = GPSDError.line("Too many clients (\(limits.maximumClients))")
        _ = refusal.withUnsafeBytes { try? descriptor.send($0) }
        descriptor.close()
        onEvent?(.refused(peer: peer, limit: limits.maximumClients))
        continue
      }
      let client = ClientConnection(
        number: nextNumber, peer: peer, descriptor: descriptor, limits: limits)
      nextNumber += 1
      client.configure(sendBuffer: limits.sendBuffer)
      clients.append(client)
      onEvent?(.connected(client: client.number, peer: peer))
      reply(version.line, to: client)
    }
  }

  /// Queues `line` for `client`; drops the client when its output is full.
  func reply(_ line: [UInt8], to client: ClientConnection) {
    guard client.isOpen else { return }
    if !client.output.append(line) {
      drop(client, reason: "not reading (\(client.output.count) bytes waiting)")
    }
  }

  /// Queues `line` for every client `wanted` accepts.
  func broadcast(_ line: [UInt8], to wanted: (WatchPolicy) -> Bool) {
    for client in clients where wanted(client.policy) { reply(line, to: client) }
  }

  /// Sends what each client has waiting, as far as its socket takes it.
  private func flush() {
    for client in clients where !client.output.isEmpty {
      do {
        _ = try client.output.send(to: client.descriptor)
      } catch {
        drop(client, reason: error.description)
      }
    }
  }

  /// Calls the watched handlers once, when a client first watches.
  func noteWatching(_ client: ClientConnection) {
    onEvent?(
      .watching(
        client: client.number, peer: client.peer, json: client.policy.json,
        sentences: client.policy.nmea || client.policy.raw > 0))
    guard client.policy.isWatching else { return }
    let handlers = shared.withLock { state -> [@Sendable () -> Void] in
      guard !state.watched else { return [] }
      state.watched = true
      defer { state.watchedHandlers = [] }
      return state.watchedHandlers
    }
    for handler in handlers { handler() }
  }

  private func drop(_ client: ClientConnection, reason: String) {
    guard client.isOpen else { return }
    close(client)
    onEvent?(.dropped(client: client.number, peer: client.peer, reason: reason))
  }

  private func close(_ client: ClientConnection) {
    guard client.isOpen else { return }
    client.isOpen = false
    client.descriptor.close()
    clients.removeAll { $0 === client }
  }
}
