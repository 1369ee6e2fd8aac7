import Platform
import Receivers

/// A GPS receiver on a pseudo-terminal: what `locate simulate`, `make demo` and the tests use.
///
/// It speaks its script at the script's own pace on a pty (readers open ``devicePath`` like a
/// serial port), and can be unplugged (the pty master closed: readers see the hang-up, the
/// path vanishes), replugged (a new pty, the link moved to it), silenced, and told to speak
/// NMEA only at one baud rate: it reads the rate the reader set on the pty and sends garbage
/// at any other. Controls come from code, from a schedule (``schedule(_:after:)``), or as text
/// lines from a file descriptor (``readControls(from:)``; see ``VirtualControl``).
///
/// ```swift
/// let simulator = VirtualReceiver(script: .drive(DriveOptions()), link: "/tmp/gps")
/// simulator.observe { event in print(event) }
/// try simulator.start()            // .started(devicePath: "/tmp/gps", ptyPath: "/dev/pts/3")
/// try simulator.readControls(from: STDIN_FILENO)   // "unplug 2", "silence 5", "baud 9600"
/// …
/// simulator.stop()
/// ```
public final class VirtualReceiver: @unchecked Sendable {
  /// The script being spoken.
  public let script: SimulationScript
  /// The stable symlink kept pointing at the current pty, if asked for.
  public let link: String?

  struct State {
    var pty: PseudoTerminal?
    var onlyBaud: Int?
    var silencedUntil: Int64 = 0
    var scheduled: [(due: Int64, command: VirtualControl)] = []
    var started = false
    var stopped = false
    var observer: (@Sendable (VirtualReceiverEvent) -> Void)?
    var threads: [JoinableThread] = []
    var nudge: Waker?
    var stopSignal: Waker?
    var garbage = SplitMix64(seed: 0x6C6F_6361_7465)
    var threadIDs: [Int32] = []
  }
  let state: Locked<State>

  /// Prepares a receiver; `link` is a stable symlink kept pointing at the current pty;
  /// `onlyBaud` makes it speak NMEA only when the reader set that rate (garbage otherwise).
  public init(script: SimulationScript, link: String? = nil, onlyBaud: Int? = nil) {
    self.script = script
    self.link = link
    var initial = State()
    initial.onlyBaud = onlyBaud
    state = Locked(initial)
  }

  deinit {
    stop()
    state.withLock { state in
      state.nudge?.close()
      state.stopSignal?.close()
    }
  }

  /// The path readers open: the link when there is one, else the current pty (empty while
  /// unplugged or before ``start()``).
  public var devicePath: String { link ?? ptyPath }

  /// The current pty's slave path (`/dev/pts/N`), empty while unplugged.
  public var ptyPath: String { state.withLock { $0.pty?.slavePath ?? "" } }

  /// The rate NMEA is spoken at only, or `nil` for any rate.
  public var onlyBaud: Int? { state.withLock { $0.onlyBaud } }

  /// Calls `observer` with every ``VirtualReceiverEvent``, from whichever thread caused it.
  /// Set it before ``start()`` to see `.started`.
  public func observe(_ observer: @escaping @Sendable (VirtualReceiverEvent) -> Void) {
    state.withLock { $0.observer = observer }
  }

  /// Opens the pty (and the link) and starts speaking.
  /// - Throws: ``ReceiverError`` when the capture cannot be read, the drive options are
  ///   invalid, no pty can be opened, or the link path is taken by something not a symlink.
  public func start() throws(ReceiverError) {
    let player = try ScriptPlayer(script)
    let ready = try state.withLock { state throws(ReceiverError) -> Bool in
      guard !state.started else { return false }
      state.pty = try openPty()
      state.started = true
      do throws(Errno) {
        state.nudge = try Waker()
        state.stopSignal = try Waker()
      } catch {
        throw ReceiverError(code: .io, path: devicePath, errno: error.rawValue)
      }
      return true
    }
    guard ready else {
      throw ReceiverError(code: .invalidSource("already started"), path: devicePath)
    }
    notify(.started(devicePath: devicePath, ptyPath: ptyPath))
    do {
      let speaker = try JoinableThread(name: "locate-sim") { self.speak(player) }
      state.withLock { $0.threads.append(speaker) }
    } catch {
      stop()
      throw ReceiverError(code: .io, path: devicePath, errno: error.rawValue)
    }
  }

  /// Simulates unplugging: closes the pty master (readers see the hang-up) and removes the
  /// link. Does nothing while unplugged.
  public func unplug() {
    let closed = state.withLock { state -> Bool in
      guard let pty = state.pty else { return false }
      pty.close()
      state.pty = nil
      if let link { removeLink(link, pointingTo: pty.slavePath) }
      state.nudge?.wake()
      return true
    }
    if closed { notify(.unplugged) }
  }

  /// Plugs back in: a new pty, the link moved to it. Does nothing while plugged in.
  public func replug() throws(ReceiverError) {
    let replugged = try state.withLock { state throws(ReceiverError) -> Bool in
      guard state.started, !state.stopped, state.pty == nil else { return false }
      state.pty = try openPty()
      state.nudge?.wake()
      return true
    }
    if replugged { notify(.replugged(devicePath: devicePath, ptyPath: ptyPath)) }
  }

  /// Stops sending for `seconds`, staying connected.
  public func silence(seconds: Double) {
    state.withLock { $0.silencedUntil = SystemTime.deadline(after: seconds) }
    notify(.silenced(seconds: seconds))
  }

  /// The wake-up pipes' descriptors (for leak tests; closed when the receiver is released).
  var wakerDescriptors: [FileDescriptor] {
    state.withLock { state in [state.nudge, state.stopSignal].flatMap { $0?.descriptors ?? [] } }
  }

  /// The kernel IDs of the threads started so far (for leak tests).
  var threadIDs: [Int32] { state.withLock { $0.threadIDs } }

  /// Speaks NMEA only when the reader has set `rate` (garbage otherwise); `nil`: any rate.
  public func setOnlyBaud(_ rate: Int?) {
    state.withLock { $0.onlyBaud = rate }
    notify(.onlyBaud(rate))
  }

  /// Runs `command` `seconds` from now, on the speaking thread.
  public func schedule(_ command: VirtualControl, after seconds: Double) {
    let nudge = state.withLock { state -> Waker? in
      state.scheduled.append((SystemTime.deadline(after: seconds), command))
      return state.nudge
    }
    nudge?.wake()
  }

  /// Carries out one command.
  public func perform(_ command: VirtualControl) throws(ReceiverError) {
    switch command {
    case .unplug(let replugAfter):
      unplug()
      if let replugAfter { schedule(.replug, after: replugAfter) }
    case .replug: try replug()
    case .silence(let seconds): silence(seconds: seconds)
    case .onlyBaud(let rate): setOnlyBaud(rate)
    case .after(let seconds, let command): schedule(command, after: seconds)
    case .stop: stop()
    }
  }

  /// Stops and closes everything: the threads are joined, the pty closed, the link removed.
  /// Idempotent; safe from the observer and from a `stop` control command.
  public func stop() {
    let taken = state.withLock { state -> (threads: [JoinableThread], wakers: [Waker])? in
      guard state.started, !state.stopped else { return nil }
      state.stopped = true
      if let pty = state.pty {
        pty.close()
        if let link { removeLink(link, pointingTo: pty.slavePath) }
      }
      state.pty = nil
      defer { state.threads = [] }
      return (state.threads, [state.nudge, state.stopSignal].compactMap { $0 })
    }
    guard let taken else { return }
    for waker in taken.wakers { waker.wake() }
    for thread in taken.threads { thread.join() }
    notify(.stopped)
  }

  // MARK: - Internals

  /// Reports an event to the observer, outside the lock.
  func notify(_ event: VirtualReceiverEvent) {
    let observer = state.withLock { $0.observer }
    observer?(event)
  }

  /// A new pty, with the link pointed at it (called with the lock held).
  private func openPty() throws(ReceiverError) -> PseudoTerminal {
    let pty: PseudoTerminal
    do {
      pty = try PseudoTerminal()
    } catch {
      throw ReceiverError(code: .io, path: link ?? "pty", errno: error.rawValue)
    }
    if let link {
      do {
        try pointLink(link, at: pty.slavePath)
      } catch {
        pty.close()
        throw error
      }
    }
    return pty
  }

  /// The speaking thread: sends each chunk when due, runs scheduled commands, and releases the
  /// pty from a reader that left it exclusive (after each close of the slave, and at least
  /// once a second), until stopped.
  private func speak(_ player: ScriptPlayer) {
    var player = player
    state.withLock { $0.threadIDs.append(JoinableThread.currentID) }
    guard let nudge = state.withLock({ $0.nudge }) else { return }
    let start = SystemTime.deadline(after: player.delayBeforeStart())
    var next = player.next()
    if next == nil { notify(.scriptEnded) }
    while true {
      nudge.drain()
      let now = SystemTime.now()
      let (stopped, due, watch) = state.withLock {
        state -> (Bool, [VirtualControl], CloseWatch?) in
        let due = state.scheduled.filter { $0.due <= now }.map(\.command)
        state.scheduled.removeAll { $0.due <= now }
        state.pty?.releaseStaleExclusive()
        return (state.stopped, due, state.pty?.closeWatch)
      }
      if stopped { return }
      for command in due {
        do {
          try perform(command)
        } catch {
          notify(.controlFailed("\(command): \(error)"))
        }
      }
      if let chunk = next, start &+ SystemTime.nanoseconds(chunk.offset) <= now {
        send(chunk.bytes)
        next = player.next()
        if next == nil { notify(.scriptEnded) }
        continue
      }
      var wake = now &+ 1_000_000_000
      if let chunk = next { wake = min(wake, start &+ SystemTime.nanoseconds(chunk.offset)) }
      if let first = state.withLock({ $0.scheduled.map(\.due).min() }) { wake = min(wake, first) }
      let millis = SystemTime.milliseconds(until: wake)
      if let watch {
        _ = try? poll(nudge.readEnd, watch.descriptor, for: .input, milliseconds: millis)
      } else {
        _ = try? poll(nudge.readEnd, for: .input, milliseconds: millis)
      }
    }
  }

  /// Writes one chunk, unless unplugged or silenced; garbage of the same length when the
  /// reader's rate is not the only one NMEA is spoken at.
  private func send(_ bytes: [UInt8]) {
    state.withLock { state in
      guard let pty = state.pty, SystemTime.now() >= state.silencedUntil else { return }
      if let only = state.onlyBaud, pty.readerRate != only {
        let noise = (0..<bytes.count).map { _ in UInt8.random(in: 0...255, using: &state.garbage) }
        _ = noise.withUnsafeBytes { pty.write($0) }
      } else {
        _ = bytes.withUnsafeBytes { pty.write($0) }
      }
    }
  }
}
