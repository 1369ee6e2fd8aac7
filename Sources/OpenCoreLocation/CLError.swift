import Foundation
import LocationEngine

/// Core Location's error: Apple's codes and values, plus a `Detail` (Linux extension) that
/// tells apart the failures a command maps to distinct exit codes. It is the engine's
/// ``EngineError`` (see its table of details and codes), bridged to `NSError` here.
public typealias CLError = EngineError

extension CLError: CustomNSError, LocalizedError {
  /// ``kCLErrorDomain``.
  public static var errorDomain: String { kCLErrorDomain }
  /// The code's raw value, as Apple's `NSError` carries it.
  public var errorCode: Int { code.rawValue }
  /// The reason under `NSLocalizedDescriptionKey`.
  public var errorUserInfo: [String: Any] {
    reason.map { [NSLocalizedDescriptionKey: $0] } ?? [:]
  }
  /// The reason.
  public var errorDescription: String? { description }
}

/// The key of the user information that holds a region monitoring could watch more
/// effectively (with `CLError.regionMonitoringResponseDelayed`).
public let kCLErrorUserInfoAlternateRegionKey = "alternateRegion"

extension CLError {
  /// A region that could be monitored more effectively, for a
  /// `regionMonitoringResponseDelayed` error (Apple's): always nil here, as region monitoring
  /// never delays a response (each fix decides every region at once).
  public var alternateRegion: CLRegion? { nil }
}
