import Glibc

/// What `poll(2)` is asked to wait for, or reported, for one descriptor.
package struct PollEvents: OptionSet, Sendable {
  /// The raw `events`/`revents` bits.
  package let rawValue: Int16

  /// Wraps raw `poll(2)` event bits.
  package init(rawValue: Int16) { self.rawValue = rawValue }
  /// `POLLIN`: data to read (or end of file).
  package static let input = PollEvents(rawValue: Int16(POLLIN))
  /// `POLLOUT`: room to write.
  package static let output = PollEvents(rawValue: Int16(POLLOUT))
  /// `POLLERR`: an error condition.
  package static let error = PollEvents(rawValue: Int16(POLLERR))
  /// `POLLHUP`: hang-up (the other end closed, the device went away).
  package static let hangup = PollEvents(rawValue: Int16(POLLHUP))
  /// `POLLNVAL`: the descriptor is not open.
  package static let invalid = PollEvents(rawValue: Int16(POLLNVAL))
  /// Hang-up, error or a closed descriptor: the end of a stream.
  package static let failure: PollEvents = [.hangup, .error, .invalid]
}

/// Waits until `first` or `second` is ready for `events`, at most `milliseconds` (−1: forever).
/// Returns what each reported (empty for both on a timeout). Allocates nothing.
///
/// The corresponding C function is `poll`.
package func poll(
  _ first: FileDescriptor, _ second: FileDescriptor, for events: PollEvents, milliseconds: Int32
) throws(Errno) -> (PollEvents, PollEvents) {
  var entries = (
    pollfd(fd: first.rawValue, events: events.rawValue, revents: 0),
    pollfd(fd: second.rawValue, events: events.rawValue, revents: 0)
  )
  try withUnsafeMutableBytes(of: &entries) { bytes throws(Errno) in
    let base = bytes.baseAddress?.assumingMemoryBound(to: pollfd.self)
    _ = try valueOrErrno { Glibc.poll(base, 2, milliseconds) }.get()
  }
  return (PollEvents(rawValue: entries.0.revents), PollEvents(rawValue: entries.1.revents))
}

/// Waits until `first`, `second` or `third` (nil: none) is ready for `events`, at most
/// `milliseconds` (−1: forever). Returns what each reported (empty on a timeout; empty for a
/// nil one). Allocates nothing.
///
/// The corresponding C function is `poll`.
package func poll(
  _ first: FileDescriptor, _ second: FileDescriptor, _ third: FileDescriptor?,
  for events: PollEvents, milliseconds: Int32
) throws(Errno) -> (PollEvents, PollEvents, PollEvents) {
  var entries = (
    pollfd(fd: first.rawValue, events: events.rawValue, revents: 0),
    pollfd(fd: second.rawValue, events: events.rawValue, revents: 0),
    pollfd(fd: third?.rawValue ?? -1, events: events.rawValue, revents: 0)
  )
  try withUnsafeMutableBytes(of: &entries) { bytes throws(Errno) in
    let base = bytes.baseAddress?.assumingMemoryBound(to: pollfd.self)
    _ = try valueOrErrno { Glibc.poll(base, 3, milliseconds) }.get()
  }
  return (
    PollEvents(rawValue: entries.0.revents), PollEvents(rawValue: entries.1.revents),
    PollEvents(rawValue: entries.2.revents)
  )
}

/// Waits until `descriptor` is ready for `events`, at most `milliseconds` (−1: forever).
/// Returns what it reported (empty on a timeout).
///
/// The corresponding C function is `poll`.
package func poll(
  _ descriptor: FileDescriptor, for events: PollEvents, milliseconds: Int32
) throws(Errno) -> PollEvents {
  var entry = pollfd(fd: descriptor.rawValue, events: events.rawValue, revents: 0)
  _ = try valueOrErrno { Glibc.poll(&entry, 1, milliseconds) }.get()
  return PollEvents(rawValue: entry.revents)
}

/// Any number of descriptors waited on together, kept between waits so that a loop over many
/// clients allocates nothing once its capacity is reached.
package struct PollSet {
  private var entries: [pollfd] = []

  /// An empty set.
  package init() {}

  /// Forgets every descriptor, keeping the storage.
  package mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

  /// Adds `descriptor`, waited on for `events` (`nil`: left out of this wait, as `poll(2)`
  /// does with a negative number); returns its index.
  @discardableResult
  package mutating func append(_ descriptor: FileDescriptor?, for events: PollEvents) -> Int {
    entries.append(pollfd(fd: descriptor?.rawValue ?? -1, events: events.rawValue, revents: 0))
    return entries.count - 1
  }

  /// Waits at most `milliseconds` (−1: forever) until one of them is ready; an interrupted
  /// wait returns as a timeout.
  ///
  /// The corresponding C function is `poll`.
  package mutating func wait(milliseconds: Int32) throws(Errno) {
    let count = nfds_t(entries.count)
    let result = entries.withUnsafeMutableBufferPointer { pointer in
      valueOrErrno(retryOnInterrupt: false) { Glibc.poll(pointer.baseAddress, count, milliseconds) }
    }
    if case .failure(let error) = result, error != .interrupted { throw error }
  }

  /// What the descriptor at `index` reported in the last wait.
  package subscript(index: Int) -> PollEvents { PollEvents(rawValue: entries[index].revents) }
}
