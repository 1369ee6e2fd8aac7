import Platform

/// How reading a stream ended.
enum StreamEnd: Equatable {
  /// ``Receiver/stop()`` was called.
  case stopped
  /// The device or connection went away (`POLLHUP`, `POLLERR`, `EIO`, `ENXIO`, `ENODEV`, …).
  case hangup(Errno?)
  /// A read returned 0: end of file, a closed socket, or (for a tty) a hang-up.
  case endOfStream
  /// Bytes kept coming, but `garbled` said they are not NMEA (see ``NMEAWatch``).
  case garbled
}

/// What a running source shares with its reader thread: the handler, the stop signal and the
/// last state reported (so that each change is reported once).
final class ReaderContext: @unchecked Sendable {
  /// Size of the read buffer each source uses.
  static let bufferSize = 16384
  /// Size of a capture file's reads, which are not waited for: 256 KiB, so that a replay hands
  /// its engine's delivery stage a read (and wakes its thread) a quarter as often as with
  /// 64 KiB (docs/bench/profiles.md section 19).
  static let fileChunkSize = bufferSize * 16

  private let handler: @Sendable (ReceiverEvent) -> Void
  /// Signalled by ``Receiver/stop()``.
  let waker: Waker
  /// The last state handed out (touched only on the reader thread).
  private(set) var lastState: DeviceState?
  /// The reader thread's kernel ID, for the leak tests.
  let threadID = Locked<Int32>(0)
  /// What ``pump(_:buffer:connected:path:silence:present:deliver:garbled:)`` is doing, for
  /// ``inputWaiting``: the descriptor it reads (nil outside it: it stays open while set, as the
  /// pump's caller closes it after), and whether it holds bytes it has not handed out yet.
  private let pumping = Locked<(descriptor: FileDescriptor?, holding: Bool)>((nil, false))

  /// The loop the reader thread runs (``ReaderLoop``), and the pipe that wakes it for work
  /// posted to it; nil for a receiver started without one.
  private let loop: ReaderLoop?
  private let mail: Waker?

  init(
    waker: Waker, handler: @escaping @Sendable (ReceiverEvent) -> Void, loop: ReaderLoop? = nil,
    mail: Waker? = nil
  ) {
    self.waker = waker
    self.handler = handler
    self.loop = loop
    self.mail = mail
  }

  /// Runs the work posted to the loop (the mail pipe was readable).
  private func runPosted() {
    mail?.drain()
    loop?.runPosted()
  }

  /// Reports `state` unless it is the state reported last.
  func emit(_ state: DeviceState) {
    guard state != lastState else { return }
    lastState = state
    handler(.state(state))
  }

  /// Hands bytes to the handler, stamped with their arrival time.
  func deliver(_ bytes: UnsafeRawBufferPointer, at time: Int64) {
    guard !bytes.isEmpty else { return }
    handler(.data(bytes, at: time))
  }

  private let stopState = Locked(StopState())
  private struct StopState {
    var finished = false
    var requested = false
  }

  /// Asks the reader to stop (from any thread). When the reader has already finished, or when
  /// called on the reader thread itself, whoever finishes last closes the waker.
  func requestStop() {
    waker.wake()
    let closeNow = stopState.withLock { state -> Bool in
      state.requested = true
      return state.finished
    }
    if closeNow { waker.close() }
  }

  /// Marks the reader finished (at the very end of the reader thread): closes the waker when
  /// stop was already requested.
  func finish() {
    let closeNow = stopState.withLock { state -> Bool in
      state.finished = true
      return state.requested
    }
    if closeNow { waker.close() }
  }

  /// Whether stop was requested.
  var isStopping: Bool { waker.isSignalled }

  /// Waits `seconds`, running the work posted meanwhile; `false` when stop was requested.
  func pause(_ seconds: Double) -> Bool {
    guard let mail else { return waker.sleep(seconds) }
    let deadline = SystemTime.deadline(after: seconds)
    while true {
      if waker.isSignalled { return false }
      let millis = SystemTime.milliseconds(until: deadline)
      if millis == 0 { return true }
      let posted = (try? poll(waker.readEnd, mail.readEnd, for: .input, milliseconds: millis))?.1
      if posted?.contains(.input) == true { runPosted() }
    }
  }

  /// Whether bytes have arrived that the handler has not been handed yet (asked from any
  /// thread): bytes the kernel holds for the reader, or the reader's own between its read and
  /// the handler's return (a chunk of several frames is handed out frame by frame). Then the
  /// reader is behind, not the line quiet. False when nothing is being read.
  var inputWaiting: Bool {
    pumping.withLock { state in
      state.holding || ((try? state.descriptor?.bytesWaiting()) ?? 0) > 0
    }
  }

  /// Reads `descriptor` until stop, hang-up or end of stream, handing every chunk to `deliver`
  /// (``deliver(_:at:)`` by default). With a `silence` timeout, reports
  /// ``DeviceState/silent(path:seconds:)`` once after that long without bytes, and `connected`
  /// again before the first bytes that follow. `present`, checked after each quiet second, ends
  /// the stream as a hang-up when it says the device has vanished; `garbled`, asked after each
  /// chunk delivered, ends it when the bytes have stopped being NMEA.
  func pump(
    _ descriptor: FileDescriptor, buffer: UnsafeMutableRawBufferPointer,
    connected: DeviceState, path: String, silence: Double?,
    present: (() -> Bool)? = nil,
    deliver: ((UnsafeRawBufferPointer, Int64) -> Void)? = nil,
    garbled: ((UnsafeRawBufferPointer, Int64) -> Bool)? = nil
  ) -> StreamEnd {
    pumping.withLock { $0 = (descriptor, false) }
    defer { pumping.withLock { $0 = (nil, false) } }
    var lastBytes = SystemTime.now()
    var silent = false
    var postedWaiting = false
    while true {
      if postedWaiting {
        postedWaiting = false
        runPosted()
      }
      var timeout: Int32 = 1000
      var silenceDue = false
      if let silence, !silent {
        let deadline = lastBytes &+ SystemTime.nanoseconds(silence)
        timeout = SystemTime.milliseconds(until: deadline)
        // Silent only if nothing waits now either: after the process was stopped (SIGSTOP, a
        // suspended machine) the deadline has passed while the bytes sent meanwhile wait.
        silenceDue = timeout == 0
      }
      let ready: PollEvents
      do {
        let (source, stop, posted) = try poll(
          descriptor, waker.readEnd, mail?.readEnd, for: .input, milliseconds: timeout)
        if !stop.isEmpty { return .stopped }
        // Posted work runs after the bytes that wait (at the top of the next turn): what it
        // checks (the line gone quiet) is then as of the latest read.
        postedWaiting = !posted.isEmpty
        ready = source
      } catch {
        return .hangup(error)
      }
      if ready.isEmpty, silenceDue, let silence {
        silent = true
        emit(.silent(path: path, seconds: silence))
        continue
      }
      if ready.isEmpty {
        // A quiet second: make sure the device has not vanished without a hang-up.
        if !postedWaiting, let present, !present() { return .hangup(nil) }
        continue
      }
      if ready.contains(.input) {
        // From before the read takes the bytes from the kernel until they are handed out.
        pumping.withLock { $0.holding = true }
        defer { pumping.withLock { $0.holding = false } }
        let read: Int?
        do {
          read = try descriptor.readIfReady(into: buffer)
        } catch {
          return .hangup(error)
        }
        guard let count = read else { continue }
        if count == 0 { return .endOfStream }
        let now = SystemTime.now()
        lastBytes = now
        if silent {
          silent = false
          emit(connected)
        }
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
        if let deliver { deliver(bytes, now) } else { self.deliver(bytes, at: now) }
        if let garbled, garbled(bytes, now) { return .garbled }
      } else if !ready.isDisjoint(with: .failure) {
        return .hangup(nil)
      }
    }
  }

  /// Retries `attempt` after 0.25 s, then doubling up to 5 s, until it succeeds; `nil` when stop
  /// was requested. While it fails, reports denied or busy when that is why, else `waiting`.
  func reconnect<T>(
    waiting: DeviceState, _ attempt: () throws(ReceiverError) -> T
  ) -> T? {
    var delay = 0.25
    while true {
      guard pause(delay) else { return nil }
      do {
        return try attempt()
      } catch {
        switch error.code {
        case .permissionDenied, .busy: emit(DeviceAccess.state(for: error) ?? waiting)
        default: emit(waiting)
        }
      }
      delay = min(delay * 2, 5)
    }
  }
}
