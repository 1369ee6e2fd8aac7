import Glibc
import Platform

@testable import Receivers
@testable import VirtualReceiver

/// Collects what a receiver reports, from its reader thread, for a test to wait on.
final class EventRecorder: Sendable {
  /// Everything seen so far.
  struct Log: Sendable {
    /// All data bytes, concatenated.
    var bytes: [UInt8] = []
    /// Each data chunk's arrival time with the byte count so far.
    var arrivals: [(count: Int, at: Int64)] = []
    /// States, in order.
    var states: [DeviceState] = []
    /// States and data markers interleaved: "data" for each chunk.
    var sequence: [String] = []
    /// The bytes as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }
  }

  private let log = Locked(Log())

  /// The handler to pass to `Receiver.start`.
  var handler: @Sendable (ReceiverEvent) -> Void {
    { [self] event in
      switch event {
      case .data(let bytes, let time):
        log.withLock {
          $0.bytes.append(contentsOf: bytes)
          $0.arrivals.append((count: $0.bytes.count, at: time))
          if $0.sequence.last != "data" { $0.sequence.append("data") }
        }
      case .state(let state):
        log.withLock {
          $0.states.append(state)
          $0.sequence.append("\(state)")
        }
      }
    }
  }

  /// A copy of the log.
  var snapshot: Log { log.withLock { $0 } }

  /// Forgets the bytes seen so far.
  func clearBytes() { log.withLock { $0.bytes.removeAll() } }

  /// Waits (generously) until `condition` holds; `false` when it never did.
  @discardableResult
  func wait(timeout: Double = 20, until condition: (Log) -> Bool) -> Bool {
    let deadline = SystemTime.deadline(after: timeout)
    while SystemTime.now() < deadline {
      if condition(snapshot) { return true }
      usleep(10_000)
    }
    return condition(snapshot)
  }
}

/// Waits (generously) until `condition` holds; `false` when it never did.
@discardableResult
func eventually(timeout: Double = 20, _ condition: () -> Bool) -> Bool {
  let deadline = SystemTime.deadline(after: timeout)
  while SystemTime.now() < deadline {
    if condition() { return true }
    usleep(10_000)
  }
  return condition()
}

extension PseudoTerminal {
  /// Writes a string to the master.
  func send(_ text: String) {
    _ = Array(text.utf8).withUnsafeBytes { write($0) }
  }
}

/// A sentence with its checksum and CRLF.
func nmea(_ body: String) -> String {
  let sum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
  let hex = String(sum, radix: 16, uppercase: true)
  return "$\(body)*\(hex.count == 1 ? "0" + hex : hex)\r\n"
}

/// Options for tests: no silence reports unless asked, no baud cache.
func testOptions(silence: Double? = nil) -> ReceiverOptions {
  var options = ReceiverOptions()
  options.silenceTimeout = silence
  options.baudCacheFile = nil
  return options
}

/// This process's command name, as /proc shows it.
var ownCommand: String { DeviceHolders.command(of: getpid()) }

/// A fresh temporary directory.
func temporaryDirectory() -> String {
  var template = Array("/tmp/locate-receivers-XXXXXX".utf8CString)
  let made = template.withUnsafeMutableBufferPointer { buffer in
    buffer.baseAddress.flatMap { mkdtemp($0) }
  }
  precondition(made != nil, "mkdtemp failed")
  return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Removes a directory tree (`rm -rf`), for cleaning up temporary directories.
func removeTree(_ path: String) {
  for name in FileSystem.directoryEntries(path) {
    let child = "\(path)/\(name)"
    var info = stat()
    if lstat(child, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
      removeTree(child)
    } else {
      unlink(child)
    }
  }
  rmdir(path)
}

/// `error` as ``Receiver/start(_:)`` throws it: with the kind of source that failed.
func started(_ error: ReceiverError, _ kind: ReceiverSource.Kind) -> ReceiverError {
  var failure = error
  failure.source = kind
  return failure
}
