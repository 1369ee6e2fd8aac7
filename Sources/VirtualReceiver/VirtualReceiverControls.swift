import Platform
import Receivers

extension VirtualReceiver {
  /// Reads control lines (see ``VirtualControl``) from `descriptor` on a thread of its own,
  /// carrying out each as it arrives, until end of file (reported as
  /// ``VirtualReceiverEvent/controlEnded``) or ``stop()``. Lines that fail are reported as
  /// ``VirtualReceiverEvent/controlFailed(_:)``. The descriptor is not closed.
  ///
  /// `locate simulate` passes standard input, so tests can drive it through a pipe.
  public func readControls(from descriptor: Int32) throws(ReceiverError) {
    guard let stopSignal = state.withLock({ $0.stopped ? nil : $0.stopSignal }) else {
      throw ReceiverError(code: .invalidSource("not running"), path: devicePath)
    }
    let source = FileDescriptor(rawValue: descriptor)
    do {
      let reader = try JoinableThread(name: "locate-sim-ctl") {
        self.readControlLines(source, stopSignal: stopSignal)
      }
      state.withLock { $0.threads.append(reader) }
    } catch {
      throw ReceiverError(code: .io, path: devicePath, errno: error.rawValue)
    }
  }

  /// Carries out every line in `text` (for tests and scripts).
  public func perform(lines text: String) {
    for line in text.split(separator: "\n") { performLine(String(line)) }
  }

  private func performLine(_ line: String) {
    do throws(ReceiverError) {
      if let command = try VirtualControl(parsing: line) { try perform(command) }
    } catch {
      notify(.controlFailed(error.description))
    }
  }

  private func readControlLines(_ source: FileDescriptor, stopSignal: Waker) {
    state.withLock { $0.threadIDs.append(JoinableThread.currentID) }
    // A line longer than the limit is dropped as it comes (its first bytes kept, to name it),
    // so what one line costs stays bounded whatever is written.
    var pending: [UInt8] = []
    var overLong = 0
    var buffer = [UInt8](repeating: 0, count: 1024)
    let limit = VirtualControl.maximumLineLength
    func finishLine() {
      if overLong > 0 {
        let start = String(decoding: pending, as: UTF8.self)
        notify(.controlFailed(VirtualControl.tooLong(overLong, start).description))
      } else {
        performLine(String(decoding: pending, as: UTF8.self))
      }
      pending.removeAll(keepingCapacity: true)
      overLong = 0
    }
    while true {
      guard
        let (input, stop) = try? poll(source, stopSignal.readEnd, for: .input, milliseconds: 1000)
      else { return }
      if !stop.isEmpty { return }
      if input.isEmpty { continue }
      let read = buffer.withUnsafeMutableBytes { bytes in
        Result { () throws(Errno) in try source.readIfReady(into: bytes) }
      }
      if case .success(nil) = read { continue }
      guard case .success(let count?) = read, count > 0 else {
        if !pending.isEmpty || overLong > 0 { finishLine() }
        notify(.controlEnded)
        return
      }
      var start = 0
      while start < count {
        let end = buffer[start..<count].firstIndex(of: 0x0A) ?? count
        let piece = buffer[start..<end]
        if overLong > 0 {
          overLong += piece.count
        } else if pending.count + piece.count > limit {
          overLong = pending.count + piece.count
          pending.append(contentsOf: piece.prefix(max(0, limit - pending.count)))
        } else {
          pending.append(contentsOf: piece)
        }
        start = end + 1
        guard end < count else { break }
        finishLine()
        if state.withLock({ $0.stopped }) { return }
      }
    }
  }
}
