import Platform
import Synchronization

/// Standard input, output and error when the caller closed them (`locate … >&-`).
enum StandardDescriptors {
  /// Which of descriptors 0, 1 and 2 were closed when `locate` started.
  struct Closed: Sendable, Equatable {
    /// Bit `n` set: descriptor `n` was closed.
    fileprivate var bits: UInt8

    /// Whether `descriptor` (0, 1 or 2) was closed.
    func contains(_ descriptor: Int32) -> Bool {
      (0..<3).contains(descriptor) && bits & (1 << UInt8(descriptor)) != 0
    }
  }

  /// Opens /dev/null on each of descriptors 0, 1 and 2 that is closed, so no file or pty
  /// opened later takes its number (and receives output meant for the terminal); returns the
  /// ones that were closed (what the first call found, on every call).
  ///
  /// A bit mask in an atomic, not a `Set` behind a lock: this runs before `--version`
  /// answers, and a `Set<Int32>`'s metadata is built at run time by demangling its name and
  /// looking up `Int32: Hashable` among every conformance in the binary (callgrind: 142,200 of
  /// `locate --version`'s 2,852,955 instructions).
  static func occupyClosed() -> Closed {
    let seen = recorded.load(ordering: .acquiring)
    if seen >= 0 { return Closed(bits: UInt8(seen)) }
    let bits = claim()
    let (exchanged, original) = recorded.compareExchange(
      expected: -1, desired: Int(bits), ordering: .acquiringAndReleasing)
    return Closed(bits: exchanged ? bits : UInt8(original))
  }

  /// What the first ``occupyClosed()`` found (-1: not called yet).
  private static let recorded = Atomic<Int>(-1)

  private static func claim() -> UInt8 {
    var bits: UInt8 = 0
    for number: Int32 in 0..<3 {
      let descriptor = FileDescriptor(rawValue: number)
      if descriptor.isOpen { continue }
      bits |= 1 << UInt8(number)
      let mode: FileDescriptor.AccessMode = number == 0 ? .readOnly : .writeOnly
      guard let opened = try? FileDescriptor.open("/dev/null", mode) else { continue }
      if opened != descriptor {
        try? opened.duplicate(as: descriptor)
        opened.close()
      }
    }
    return bits
  }
}
