import Foundation
import Synchronization

/// Standard input, output and error when the caller closed them (`locate … >&-`).
enum StandardDescriptors {
  /// Opens /dev/null on each of descriptors 0, 1 and 2 that is closed, so no file or pty
  /// opened later takes its number (and receives output meant for the terminal); returns the
  /// ones that were closed.
  static func occupyClosed() -> Set<Int32> {
    recorded.withLock { recorded in
      if let recorded { return recorded }
      let closed = claim()
      recorded = closed
      return closed
    }
  }

  /// What the first ``occupyClosed()`` found.
  private static let recorded = Mutex<Set<Int32>?>(nil)

  private static func claim() -> Set<Int32> {
    var closed: Set<Int32> = []
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      closed.insert(descriptor)
    }
    for descriptor in closed.sorted() {
      let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
      if opened >= 0 && opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
    return closed
  }
}
