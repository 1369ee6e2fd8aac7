import Foundation
import Receivers

/// Apple's background activity session (iOS 17): keeps an app that is authorized when in use
/// getting updates while in the background, with the system showing that it does.
///
/// A program on Linux is never suspended and has no indicator to show, so a session changes
/// nothing for updates: they run whether or not one exists. What it does do, as Apple's
/// (iOS 18) does, is say through its ``diagnostics`` whether the process may use the receiver
/// `CLLocationManager()` opens (or the source given): the process's authorization
/// (``ProcessAuthorization``) at once, then each change a client of the process learns, until
/// ``invalidate()``. It opens nothing itself.
///
/// | the process's authorization | diagnostic |
/// |---|---|
/// | notDetermined (a network source, or a receiver being opened) | `authorizationRequestInProgress` |
/// | denied: no receiver exists | `authorizationDeniedGlobally` and `authorizationDenied` |
/// | denied: the OS refused (permissions) | `authorizationDenied` |
/// | restricted: another program holds it | `authorizationRestricted` |
/// | authorized | every flag false |
///
/// `insufficientlyInUse` and `serviceSessionRequired` are never set.
public final class CLBackgroundActivitySession: NSObject, @unchecked Sendable {
  /// Where the session stands (see the table in ``CLBackgroundActivitySession``).
  public struct Diagnostic: Sendable, Hashable {
    /// The receiver is refused (permissions), or none exists.
    public let authorizationDenied: Bool
    /// No receiver exists (location services disabled).
    public let authorizationDeniedGlobally: Bool
    /// The process's authorization is not decided yet.
    public let authorizationRequestInProgress: Bool
    /// Another program holds the receiver.
    public let authorizationRestricted: Bool
    /// Never set: a program on Linux is never in the background.
    public let insufficientlyInUse: Bool
    /// Never set: no session is needed for anything here.
    public let serviceSessionRequired: Bool

    init(status: CLAuthorizationStatus, state: DeviceState?) {
      var globally = false
      if case .unavailable? = state { globally = true }
      authorizationDenied = status == .denied
      authorizationDeniedGlobally = status == .denied && globally
      authorizationRequestInProgress = status == .notDetermined
      authorizationRestricted = status == .restricted
      insufficientlyInUse = false
      serviceSessionRequired = false
    }
  }

  /// The diagnostics: the current one at once, then one per change, until ``invalidate()``;
  /// each iteration is a subscriber of its own. Iterating may throw, as Apple's (it never does
  /// here).
  public typealias Diagnostics = SessionDiagnostics<Diagnostic>

  private let hub: DiagnosticHub<Diagnostic>
  private let listener: UUID
  private let handlerTask: Task<Void, Never>?

  /// A session for the receiver `CLLocationManager()` opens.
  public override convenience init() { self.init(source: .discover(baud: .auto)) }

  /// A session whose diagnostics go to `handler` on `queue` (Apple's form with a handler).
  public convenience init(
    queue: DispatchQueue, handler: @escaping @Sendable (Diagnostic) -> Void
  ) {
    self.init(source: .discover(baud: .auto), queue: queue, handler: handler)
  }

  /// A session for an explicit source (Linux extension); with a handler, its diagnostics go
  /// to it on `queue`.
  public init(
    source: ReceiverSource, queue: DispatchQueue? = nil,
    handler: (@Sendable (Diagnostic) -> Void)? = nil
  ) {
    let input = SessionInput.receiver(source, ReceiverOptions())
    let key = ProcessAuthorization.key(input)
    let (status, state) = ProcessAuthorization.status(for: input)
    let hub = DiagnosticHub(Diagnostic(status: status, state: state))
    self.hub = hub
    listener = ProcessAuthorization.listen { name, status, state in
      guard name == key else { return }
      hub.publish(Diagnostic(status: status, state: state))
    }
    if let handler {
      let queue = queue ?? .main
      let stream = hub.subscribe()
      handlerTask = Task {
        for await diagnostic in stream { queue.async { handler(diagnostic) } }
      }
    } else {
      handlerTask = nil
    }
    super.init()
  }

  deinit { invalidate() }

  /// The diagnostics (see ``Diagnostics``).
  public var diagnostics: Diagnostics { Diagnostics(hub: hub) }

  /// Ends the session: its diagnostics end. It cannot be started again.
  public func invalidate() {
    ProcessAuthorization.stopListening(listener)
    hub.finish()
  }
}
