import CLocateSys
import Glibc

/// A joinable POSIX thread running one closure: the dedicated reader of a ``Receiver`` or the
/// speaker of a ``VirtualReceiver``. Unlike `Foundation.Thread`, it can be joined, so `stop()`
/// returns only once the thread is gone.
package final class ReaderThread: @unchecked Sendable {
  private final class Body {
    let name: String
    let run: @Sendable () -> Void
    package init(name: String, run: @escaping @Sendable () -> Void) {
      self.name = name
      self.run = run
    }
  }

  private var thread = pthread_t()
  private var joined = false

  /// Starts the thread with `pthread_create(3)`; `name` (15 bytes at most) shows in
  /// `/proc/self/task/*/comm`.
  package init(name: String, _ run: @escaping @Sendable () -> Void) throws(Errno) {
    let body = Unmanaged.passRetained(Body(name: name, run: run))
    let status = pthread_create(
      &thread, nil,
      { argument in
        guard let argument else { return nil }
        let body = Unmanaged<Body>.fromOpaque(argument).takeRetainedValue()
        _ = clocate_set_thread_name(String(body.name.prefix(15)))
        body.run()
        return nil
      }, body.toOpaque())
    if status != 0 {
      body.release()
      throw Errno(rawValue: status)
    }
  }

  /// Whether the caller is this thread.
  package var isCurrent: Bool { pthread_equal(pthread_self(), thread) != 0 }

  /// Waits for the thread to end (`pthread_join(3)`); from the thread itself, detaches it
  /// instead (`pthread_detach(3)`). Later calls do nothing.
  package func join() {
    guard !joined else { return }
    joined = true
    if isCurrent {
      pthread_detach(thread)
    } else {
      pthread_join(thread, nil)
    }
  }

  /// The kernel thread ID of the calling thread (`gettid(2)`).
  package static var currentID: Int32 { clocate_thread_id() }
}
