import Glibc

/// A value behind a `pthread_mutex_t`, for state shared between a reader thread and the threads
/// and tasks that consume its events (package-wide: OpenCoreLocation uses it too).
///
/// Used instead of `Synchronization.Mutex`, whose Linux implementation hands the lock over in
/// the kernel (a PI futex) when contended: ThreadSanitizer cannot see that hand-over and
/// reports a race that is not there, failing `make sanitize`. `pthread_mutex_lock` is
/// intercepted by ThreadSanitizer.
package final class Locked<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  /// Guards `value`.
  package init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value, holding the lock (`pthread_mutex_lock(3)`).
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
