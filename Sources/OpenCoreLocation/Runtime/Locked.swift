import Glibc

/// A value behind a `pthread_mutex_t`, for state shared between a receiver's reader thread and
/// the tasks that consume its events.
///
/// Used instead of `Synchronization.Mutex`, whose Linux implementation hands the lock over in
/// the kernel (a PI futex) when contended: ThreadSanitizer cannot see that hand-over and
/// reports races that are not there, failing `make sanitize` (the same as Receivers' `Locked`).
final class Locked<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  /// Guards `value`.
  init(_ value: Value) {
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
  func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
