import Glibc

/// A value behind a `pthread_mutex_t`: the one lock of the project, for state shared between
/// threads (a reader thread and the tasks that consume its events, a server thread and its
/// publishers). A class, so that it can be shared by reference.
///
/// Used instead of `Synchronization.Mutex`, whose Linux implementation hands the lock over in
/// the kernel (a PI futex) when contended: ThreadSanitizer cannot see that hand-over and
/// reports a data race that is not there (checked with Swift 6.3.1: 4 threads appending under
/// a `Mutex` give a "Swift access race" report; under this lock, none), failing
/// `make sanitize`. `pthread_mutex_lock` is intercepted by ThreadSanitizer.
package final class Locked<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  /// Guards `value`.
  ///
  /// The corresponding C function is `pthread_mutex_init`.
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

  /// Runs `body` with the value, holding the lock.
  ///
  /// The corresponding C functions are `pthread_mutex_lock` and `pthread_mutex_unlock`.
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}

extension Locked where Value == Void {
  /// Runs `body` holding the lock, for a caller that guards state of its own.
  ///
  /// The stored `Void` is not touched: an access to a value of size zero shares its address
  /// with the object's header, which generic code reads for `Value`'s metadata on another
  /// thread, outside the lock, and ThreadSanitizer took the two for a race (ServerLoop's
  /// `run()` and `publish(_:)`, GPSDServerTests under `make sanitize-thread`).
  ///
  /// The corresponding C functions are `pthread_mutex_lock` and `pthread_mutex_unlock`.
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    var nothing: Void = ()
    lock()
    defer { unlock() }
    return try body(&nothing)
  }

  /// Takes the lock, for a caller that guards state of its own (pair with ``unlock()``).
  ///
  /// The corresponding C function is `pthread_mutex_lock`.
  package func lock() { pthread_mutex_lock(mutex) }

  /// Releases the lock taken by ``lock()``.
  ///
  /// The corresponding C function is `pthread_mutex_unlock`.
  package func unlock() { pthread_mutex_unlock(mutex) }
}
