import CLocateSys
import Glibc

/// A joinable POSIX thread running one closure: the dedicated reader of a receiver, the speaker
/// of a virtual receiver, a server's loop. Unlike `Foundation.Thread`, it can be joined, so a
/// `stop()` returns only once the thread is gone.
package final class JoinableThread: @unchecked Sendable {
  private final class Body {
    let name: String
    let run: @Sendable () -> Void
    init(name: String, run: @escaping @Sendable () -> Void) {
      self.name = name
      self.run = run
    }
  }

  private var thread = pthread_t()
  private var joined = false

  /// Starts the thread; `name` (15 bytes at most) shows in `/proc/self/task/*/comm`.
  ///
  /// The corresponding C functions are `pthread_create` and `pthread_setname_np`.
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
  ///
  /// The corresponding C functions are `pthread_self` and `pthread_equal`.
  package var isCurrent: Bool { pthread_equal(pthread_self(), thread) != 0 }

  /// Sends `signal` to the thread, after giving it (once per process) a handler that does
  /// nothing and does not restart system calls: a call the thread is blocked in (`TIOCMIWAIT`,
  /// `PPS_FETCH`) returns `EINTR`, so it can see that it was asked to stop.
  ///
  /// The corresponding C functions are `sigaction` and `pthread_kill`.
  package func interrupt(with signal: Int32) {
    _ = clocate_install_wake_signal(signal)
    _ = clocate_signal_thread(UInt(bitPattern: Int(bitPattern: thread)), signal)
  }

  /// Waits for the thread to end; from the thread itself, detaches it instead. Later calls do
  /// nothing.
  ///
  /// The corresponding C functions are `pthread_join` and `pthread_detach`.
  package func join() {
    guard !joined else { return }
    joined = true
    if isCurrent {
      pthread_detach(thread)
    } else {
      pthread_join(thread, nil)
    }
  }

  /// The kernel thread ID of the calling thread.
  ///
  /// The corresponding C function is `gettid` (through CLocateSys).
  package static var currentID: Int32 { clocate_thread_id() }
}
