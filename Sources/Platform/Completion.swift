import Glibc

/// A one-time signal one thread waits for and another gives: the end of a piece of work posted
/// to a thread that runs it later (``Locked`` guards state; this only waits).
///
/// Built on a `pthread_cond_t`, which ThreadSanitizer sees, as it sees ``Locked``'s mutex.
package final class Completion: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  private var done = false

  /// Not yet signalled.
  ///
  /// The corresponding C functions are `pthread_mutex_init` and `pthread_cond_init`.
  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Marks it done and wakes the waiter (idempotent).
  ///
  /// The corresponding C function is `pthread_cond_broadcast`.
  package func signal() {
    pthread_mutex_lock(mutex)
    done = true
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
  }

  /// Returns once ``signal()`` has been called (at once if it has been already).
  ///
  /// The corresponding C function is `pthread_cond_wait`.
  package func wait() {
    pthread_mutex_lock(mutex)
    while !done { pthread_cond_wait(condition, mutex) }
    pthread_mutex_unlock(mutex)
  }
}
