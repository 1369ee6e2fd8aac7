import Foundation
import Platform
import Receivers

/// Apple's declarative authorization (iOS 18): a session states what authorization a
/// workflow needs, and its ``diagnostics`` say where things stand.
///
/// Here authorization means "may we use this receiver" (see ``CLAuthorizationStatus``): a
/// session requiring ``AuthorizationRequirement/whenInUse`` or ``AuthorizationRequirement/always``
/// opens the receiver `CLLocationManager()` would open (or the source given) and keeps it open
/// until ``invalidate()``, as a manager's `requestWhenInUseAuthorization()` does; one
/// requiring ``AuthorizationRequirement/none`` opens nothing. Each starts from the process's
/// authorization for its receiver (``ProcessAuthorization``) and follows it as clients of the
/// process learn it. Each diagnostic maps the status:
///
/// | status | diagnostic |
/// |---|---|
/// | notDetermined (opening, no NMEA yet) | `authorizationRequestInProgress` |
/// | denied: no receiver exists | `authorizationDeniedGlobally` and `authorizationDenied` |
/// | denied: the OS refused (permissions) | `authorizationDenied` |
/// | restricted: another program holds it | `authorizationRestricted` |
/// | authorized | every flag false |
///
/// `alwaysAuthorizationDenied`, `insufficientlyInUse`, `fullAccuracyDenied` and
/// `serviceSessionRequired` are never set: "always" is granted whenever the receiver is, and
/// accuracy is always full.
public final class CLServiceSession: Sendable {
  /// What authorization the session needs.
  public enum AuthorizationRequirement: Sendable, Hashable {
    /// None: the session only reports.
    case none
    /// While in use.
    case whenInUse
    /// Always.
    case always
  }

  /// Where authorization stands (see the table in ``CLServiceSession``).
  public struct Diagnostic: Sendable, Hashable {
    /// The receiver is refused (permissions), or none exists.
    public let authorizationDenied: Bool
    /// No receiver exists (location services disabled).
    public let authorizationDeniedGlobally: Bool
    /// Another program holds the receiver.
    public let authorizationRestricted: Bool
    /// The receiver is being opened, or has sent no NMEA yet.
    public let authorizationRequestInProgress: Bool
    /// Never set: "always" is granted with the receiver.
    public let alwaysAuthorizationDenied: Bool
    /// Never set.
    public let insufficientlyInUse: Bool
    /// Never set: accuracy is always full.
    public let fullAccuracyDenied: Bool
    /// Never set: no session is needed for anything here.
    public let serviceSessionRequired: Bool

    init(status: CLAuthorizationStatus, state: DeviceState?, requirement: AuthorizationRequirement)
    {
      var globally = false
      if case .unavailable? = state { globally = true }
      authorizationDenied = status == .denied
      authorizationDeniedGlobally = status == .denied && globally
      authorizationRestricted = status == .restricted
      authorizationRequestInProgress = status == .notDetermined && requirement != .none
      alwaysAuthorizationDenied = false
      insufficientlyInUse = false
      fullAccuracyDenied = false
      serviceSessionRequired = false
    }
  }

  /// The session's diagnostics: the current one at once, then one per change, until
  /// ``invalidate()``. Each iteration is a subscriber of its own. As Apple's, iterating may
  /// throw (`for try await diagnostic in session.diagnostics`), though here it never does.
  public typealias Diagnostics = SessionDiagnostics<Diagnostic>

  private let hub: DiagnosticHub<Diagnostic>
  private let session: LocationSession?
  private let listener: UUID

  /// A session for the receiver `CLLocationManager()` opens.
  public convenience init(authorization: AuthorizationRequirement) {
    self.init(authorization: authorization, source: .discover(baud: .auto))
  }

  /// The same; full accuracy is always granted, so the purpose key is not used.
  public convenience init(authorization: AuthorizationRequirement, fullAccuracyPurposeKey: String) {
    self.init(authorization: authorization)
  }

  /// A session for an explicit source (Linux extension).
  public init(
    authorization: AuthorizationRequirement, source: ReceiverSource,
    options: ReceiverOptions = ReceiverOptions()
  ) {
    let input = SessionInput.receiver(source, options)
    let key = ProcessAuthorization.key(input)
    let (status, state) = ProcessAuthorization.status(for: input)
    let hub = DiagnosticHub(Diagnostic(status: status, state: state, requirement: authorization))
    self.hub = hub
    // What any client of the process learns about this receiver (this session's own included).
    listener = ProcessAuthorization.listen { name, status, state in
      guard name == key else { return }
      hub.publish(Diagnostic(status: status, state: state, requirement: authorization))
    }
    guard authorization != .none else {
      session = nil
      return
    }
    let session = LocationSession.client(input, SessionSettings(isReplay: !source.isLive)) {
      batch, _ in
      for case .authorization(let status, let state) in batch {
        CLLocationManager.lastStatus.withLock { $0 = status }
        ProcessAuthorization.record(status, state, for: input)
      }
    }
    let wanted: CLAuthorizationStatus =
      authorization == .always ? .authorizedAlways : .authorizedWhenInUse
    session.configure {
      $0.authorization.assume(status)
      $0.requestAuthorization(wanted)
    }
    self.session = session
    try? session.start()  // a failure is reported as its authorization
  }

  deinit { invalidate() }

  /// The diagnostics (see ``Diagnostics``).
  public var diagnostics: Diagnostics { Diagnostics(hub: hub) }

  /// Ends the session: its diagnostics end, and its receiver closes.
  public func invalidate() {
    ProcessAuthorization.stopListening(listener)
    session?.stop()
    hub.finish()
  }
}
