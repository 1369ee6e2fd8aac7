import FoundationEssentials
import JSON
import Platform

/// Input files (`--input FILE`, `--points FILE`, `--regions FILE`): checked before use, read as
/// a stream with a cap on their size and, when there is one, a deadline.
///
/// Opening never blocks (`O_NONBLOCK`: a FIFO without a writer does not hang `open(2)`), and
/// every read waits with `poll(2)`, so a FIFO or pipe that stays quiet ends at the deadline
/// with one line and exit 66 instead of hanging; signals end the wait as usual.
enum InputFile {
  /// How long reading may take: until `end`, which is `seconds` (the `--timeout` given) after
  /// the command started, on the monotonic clock (a wall clock stepped meanwhile — by NTP, or
  /// by the receiver itself on a board without a real-time clock — moves no deadline).
  struct Deadline: Sendable {
    /// When reading must be over (monotonic nanoseconds, Platform's ``SystemTime/now()``).
    var end: Int64
    /// The timeout, for messages.
    var seconds: Double

    /// A deadline `seconds` from now.
    init(seconds: Double) {
      self.seconds = seconds
      end = SystemTime.deadline(after: seconds)
    }

    /// Seconds until the deadline (negative once it passed).
    var secondsLeft: Double {
      let now = SystemTime.now()
      return end >= now ? Double(end - now) / 1e9 : -Double(now - end) / 1e9
    }
  }

  /// Fails with exit 66 and the reason when `path` cannot be read as a file.
  static func checkReadable(_ path: String, what: String) throws(LocateError) {
    let status: FileStatus
    do {
      status = try FileSystem.status(path)
    } catch {
      throw noInput(what, error)
    }
    if status.kind == .directory {
      throw LocateError(.noInput, what, "is a directory", remedy: "give a file")
    }
    if let error = FileSystem.readAccessError(path) { throw noInput(what, error) }
  }

  /// Reads `path` (`-` is standard input) to its end, handing each chunk to `chunk` as it
  /// comes. More than `limit` bytes is a data error (65, naming the limit); a `deadline` that
  /// passes first is exit 66.
  static func stream(
    _ path: String, what: String, limit: Int, deadline: Deadline? = nil,
    _ chunk: (UnsafeRawBufferPointer) throws(LocateError) -> Void
  ) throws(LocateError) {
    let descriptor: FileDescriptor
    if path == "-" {
      descriptor = .standardInput
    } else {
      try checkReadable(path, what: what)
      do {
        descriptor = try FileDescriptor.open(path, .readOnly, options: .nonBlocking)
      } catch {
        throw noInput(what, error)
      }
    }
    defer { if descriptor != .standardInput { descriptor.close() } }
    if let status = try? descriptor.status(), status.kind == .regular, status.size > limit {
      throw tooLarge(what, limit: limit)
    }
    var total = 0
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 1)
    defer { buffer.deallocate() }
    while true {
      var wait: Int32 = -1
      if let deadline {
        let left = deadline.secondsLeft
        guard left > 0 else { throw late(what, deadline: deadline, started: total > 0) }
        wait = Int32(min(left * 1000, 1000).rounded(.up))
      }
      let ready: PollEvents
      do {
        ready = try poll(descriptor, for: .input, milliseconds: wait)
      } catch {
        throw noInput(what, error)
      }
      if ready.isEmpty { continue }
      let read: Int?
      do {
        read = try descriptor.readIfReady(into: buffer)
      } catch {
        throw noInput(what, error)
      }
      guard let count = read else { continue }
      if count == 0 { return }
      total += count
      if total > limit { throw tooLarge(what, limit: limit) }
      try chunk(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
    }
  }

  /// The bytes of `path` (`-` is standard input), at most `limit` (see
  /// ``stream(_:what:limit:deadline:_:)``).
  static func read(_ path: String, what: String, limit: Int, deadline: Deadline? = nil)
    throws(LocateError) -> [UInt8]
  {
    var bytes: [UInt8] = []
    try stream(path, what: what, limit: limit, deadline: deadline) { chunk in
      bytes.append(contentsOf: chunk)
    }
    return bytes
  }

  /// `12 MiB`, `64 KiB`.
  static func size(_ bytes: Int) -> String {
    bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
  }

  private static func tooLarge(_ what: String, limit: Int) -> LocateError {
    LocateError(
      .dataError, what, "more than \(size(limit))",
      remedy: "such a file may hold at most \(size(limit)); split it, or give fewer places")
  }

  private static func late(_ what: String, deadline: Deadline, started: Bool) -> LocateError {
    let seconds = JSONText.shortest(deadline.seconds)
    return LocateError(
      .noInput, what,
      started ? "did not end within \(seconds) s" : "nothing came within \(seconds) s",
      remedy: "is anything writing to it? (--timeout sets how long to wait)")
  }

  private static func noInput(_ what: String, _ error: Errno) -> LocateError {
    let why = error.description.lowercased()
    let remedy: String
    switch error {
    case .noSuchFile: remedy = "check the path"
    case .accessDenied, .notPermitted: remedy = "make it readable, e.g. chmod a+r"
    case .tooManySymbolicLinks: remedy = "a symbolic link points back to itself: check the path"
    default: remedy = "check the file"
    }
    return LocateError(.noInput, what, why, remedy: remedy)
  }
}
