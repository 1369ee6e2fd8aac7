@preconcurrency import Dispatch
import FoundationEssentials
import NMEA
import Platform

/// The thread that owns the screen: it draws the model when it changed (at most 30 times a
/// second) and once a second (the clock, the fix's age), reads keys (`q` quits, Ctrl-L
/// redraws), redraws in full at the new size on SIGWINCH, and on Ctrl-Z (SIGTSTP) puts the
/// terminal back before stopping, then takes it again on SIGCONT.
final class ScreenPainter: @unchecked Sendable {
  private struct Flags {
    var dirty = true
    /// When the model first changed since the last frame (monotonic ns).
    var dirtySince: Int64 = 0
    var stop = false
    var suspend = false
    var continued = false
  }

  /// The least time between two frames, ns.
  static let frameInterval: Int64 = 33_000_000
  /// How long a change waits for the others of the same read (a fix, then its sky view), ns:
  /// one frame an epoch, not one an event.
  static let settle: Int64 = 3_000_000

  private let terminal: TerminalScreen
  private let renderer: ScreenRenderer
  private let styled: Bool
  private let model: Locked<ScreenModel>
  private let counters: @Sendable () -> NMEACounters?
  private let onQuit: @Sendable () -> Void
  private let waker: Waker
  private let flags = Locked(Flags())
  private let sources = Locked<[any DispatchSourceSignal]>([])
  private var thread: JoinableThread?

  /// A painter of `model` on `terminal`; `counters` gives the receiver's counters at each
  /// frame, `onQuit` is called (on the painter's thread) when `q` is typed.
  init(
    terminal: TerminalScreen, colors: Bool, model: ScreenModel,
    counters: @escaping @Sendable () -> NMEACounters?, onQuit: @escaping @Sendable () -> Void
  ) throws(LocateError) {
    self.terminal = terminal
    renderer = ScreenRenderer(colors: colors)
    styled = colors
    self.model = Locked(model)
    self.counters = counters
    self.onQuit = onQuit
    do {
      waker = try Waker()
    } catch {
      throw LocateError(.software, "the screen", error.description, remedy: nil)
    }
  }

  /// Takes the terminal and starts drawing.
  func start() throws(LocateError) {
    catchSignals()
    terminal.enter()
    do {
      thread = try JoinableThread(name: "locate-screen") { [self] in run() }
    } catch {
      terminal.leave()
      throw LocateError(.software, "the screen", error.description, remedy: nil)
    }
  }

  /// Changes the model (any thread); the next frame shows it.
  func update(_ change: (inout ScreenModel) -> Void) {
    model.withLock { change(&$0) }
    let first = flags.withLock { flags -> Bool in
      defer { flags.dirty = true }
      if !flags.dirty { flags.dirtySince = SystemTime.now() }
      return !flags.dirty
    }
    if first { waker.wake() }
  }

  /// Stops drawing (the last frame stays until the terminal is left) and waits for the
  /// thread; idempotent.
  func stop() {
    flags.withLock { $0.stop = true }
    waker.wake()
    thread?.join()
    thread = nil
    for source in sources.withLock({ $0 }) { source.cancel() }
    sources.withLock { $0 = [] }
  }

  private func catchSignals() {
    let queue = DispatchQueue(label: "locate.screen.signals")
    let registered = DispatchGroup()
    let wanted: [(Signal, @Sendable (inout Flags) -> Void)] = [
      (.windowChange, { $0.dirty = true }),
      (.terminalStop, { $0.suspend = true }),
      (.continue, { $0.continued = true }),
    ]
    for (signal, action) in wanted where !signal.isIgnored {
      let source = DispatchSource.makeSignalSource(signal: signal.rawValue, queue: queue)
      source.setEventHandler { [weak self] in
        self?.flags.withLock { action(&$0) }
        self?.waker.wake()
      }
      registered.enter()
      source.setRegistrationHandler { registered.leave() }
      source.resume()
      sources.withLock { $0.append(source) }
    }
    _ = registered.wait(timeout: .now() + 2)
  }

  private func run() {
    var encoder = FrameEncoder(styled: styled)
    var lastFrame: Int64 = 0
    var keys = terminal.keys
    func due() -> Int64 {
      let (dirty, since) = flags.withLock { ($0.dirty, $0.dirtySince) }
      return dirty
        ? max(lastFrame + Self.frameInterval, since + Self.settle) : lastFrame + 1_000_000_000
    }
    while true {
      if SystemTime.now() >= due() {
        lastFrame = SystemTime.now()
        paint(&encoder)
      }
      let wait = min(1000, max(0, (due() - SystemTime.now() + 999_999) / 1_000_000))
      var set = PollSet()
      set.append(waker.readEnd, for: .input)
      let keyIndex = set.append(keys, for: .input)
      try? set.wait(milliseconds: Int32(wait))
      if keys != nil, !set[keyIndex].isEmpty {
        let typed = terminal.readKeys()
        // Ready but nothing to read: the terminal hung up; keys are no longer read.
        if typed.isEmpty { keys = nil }
        for key in typed {
          switch key {
          case UInt8(ascii: "q"), UInt8(ascii: "Q"): onQuit()
          case 0x0C:  // Ctrl-L
            encoder.invalidate()
            flags.withLock { $0.dirty = true }
          default: break
          }
        }
      }
      waker.drain()
      let state = flags.withLock { flags -> Flags in
        defer { flags.suspend = false }
        return flags
      }
      if state.stop { return }
      if state.suspend {
        suspend()
        encoder.invalidate()
        lastFrame = 0
      }
    }
  }

  /// Ctrl-Z: the terminal as it was, the process stopped; on SIGCONT the screen again.
  private func suspend() {
    flags.withLock { $0.continued = false }
    terminal.leave()
    try? Signal.stop.send(to: CurrentProcess.id)
    while !flags.withLock({ $0.continued || $0.stop }) { _ = waker.sleep(0.2) }
    terminal.enter()
    flags.withLock { $0.dirty = true }
  }

  private func paint(_ encoder: inout FrameEncoder) {
    let counts = counters()
    let seconds = Double(SystemTime.now()) / 1e9
    let snapshot = model.withLock { model in
      model.update(counters: counts, at: seconds)
      return model
    }
    flags.withLock { $0.dirty = false }
    let size = terminal.size
    let frame = renderer.frame(snapshot, columns: size.columns, rows: size.rows, now: Date())
    terminal.draw(encoder.encode(frame))
  }
}
