import FoundationEssentials
import NMEA
import Platform
import Receivers

/// The service's whole decode path without I/O, for the fuzzer (`LocateFuzz`) and the fault
/// tests: byte chunks through the framer and sentence decoding, fix assembly, and the policies
/// (authorization, freshness, one-shot requests, accuracy, distance filter, pause), in a real
/// ``LocationSession`` on a clock that moves only when told to.
///
/// Not API: the `Fuzzing` SPI may change at any time.
@_spi(Fuzzing) public final class OfflinePipeline {
  /// How the pipeline is set up (the service's options, and the clock's start).
  public struct Options {
    /// A replay (stream clock) rather than a live receiver (monotonic clock).
    public var isReplay = false
    /// Accept sentences without a checksum.
    public var lenient = false
    /// Build sky views.
    public var wantsSky = true
    /// Oldest fix handed out as current, seconds.
    public var maximumAge = LocationPolicy.defaultMaximumAge
    /// Distance filter, metres (≤ 0: none).
    public var distanceFilter = kCLDistanceFilterNone
    /// Desired accuracy of the continuous updates, metres (< 0: any).
    public var desiredAccuracy = kCLLocationAccuracyBest
    /// Pause while stationary.
    public var pausesAutomatically = false
    /// The activity type (pause thresholds).
    public var activityType = ActivityType.other
    /// How replay timestamps are stamped.
    public var timestamps = ReplayTimestamps.asRecorded
    /// The wall-clock time the clock starts at.
    public var wallStart = Date(timeIntervalSince1970: 1_750_000_000)

    /// The defaults: live, strict checksums, sky views, no filters.
    public init() {}
  }

  /// What the pipeline handed out, in order.
  public enum Output: Sendable {
    /// An item of the update stream (``LocationService/updates()``).
    case event(LocationServiceEvent)
    /// The one-shot request's outcome (``LocationService/currentLocation(timeout:progress:)``).
    case oneShot(Result<Fix, EngineError>)
    /// The input ended, with the error a waiting request gets.
    case ended(EngineError)
  }

  /// The device path the pipeline reports.
  public static let device = "/dev/ttyOFFLINE"

  private let clock: OfflineClock
  private let session: LocationSession
  private let collected = Collected()

  /// Makes a pipeline with continuous updates started, as `locate watch` does.
  public init(options: Options) {
    clock = OfflineClock(wall: options.wallStart)
    var config = PipelineConfig(isReplay: options.isReplay, device: Self.device)
    config.maximumAge = options.maximumAge
    config.wantsSky = options.wantsSky
    config.timestamps = options.timestamps
    let collected = self.collected
    session = LocationSession(
      input: .manual, config: config, checksumPolicy: options.lenient ? .lenient : .strict,
      clock: clock
    ) { batch in
      let outputs = batch.compactMap(Self.output)
      collected.items.withLock { $0.append(contentsOf: outputs) }
    }
    let filter = DeliveryFilter(
      distanceFilter: options.distanceFilter, desiredAccuracy: options.desiredAccuracy,
      filtersAccuracy: true, pausesAutomatically: options.pausesAutomatically,
      activityType: options.activityType)
    session.configure { $0.startUpdates(filter) }
    try? session.start()
  }

  deinit { session.stop() }

  /// Bytes arriving now, as one read.
  public func feed(_ chunk: UnsafeRawBufferPointer) {
    session.feed(chunk, at: clock.now())
  }

  /// A device state from the receiver, now.
  public func deviceState(_ state: DeviceState) {
    session.deviceState(state)
  }

  /// Starts a one-shot request (as ``LocationService/currentLocation(timeout:progress:)``).
  public func requestLocation(timeout: Double, desiredAccuracy: Double) {
    session.configure { $0.startOneShot(timeout: timeout, desiredAccuracy: desiredAccuracy) }
  }

  /// Moves both clocks forward by `seconds`, running the service's ticks due on the way.
  public func advance(by seconds: Double) {
    clock.advance(by: seconds)
  }

  /// Moves only the wall clock (a system clock set while running); monotonic time stands.
  public func jumpWallClock(by seconds: Double) {
    clock.jumpWall(by: seconds)
  }

  /// The outputs since the last call.
  public func takeOutputs() -> [Output] {
    collected.items.withLock { outputs in
      defer { outputs.removeAll(keepingCapacity: true) }
      return outputs
    }
  }

  private static func output(_ event: PipelineEvent) -> Output? {
    switch event {
    case .oneShotFix(let location): return .oneShot(.success(location))
    case .oneShotTimeout(_, let error), .oneShotFailed(let error): return .oneShot(.failure(error))
    case .ended(let error): return .ended(error)
    default: return LocationService.translate(event).map(Output.event)
    }
  }
}

/// The outputs an ``OfflinePipeline`` collected (its session's sink may run on a clock tick).
private final class Collected: Sendable {
  package let items = Locked<[OfflinePipeline.Output]>([])
}

/// A ``ManualClock`` whose wall clock can also jump on its own (the system clock set while
/// running), for ``OfflinePipeline``.
package final class OfflineClock: LocationClock {
  private let manual: ManualClock
  private let wallOffset = Locked(0.0)

  package init(wall: Date) { manual = ManualClock(now: 1000, wall: wall) }

  package func now() -> Int64 { manual.now() }
  package func wallNow() -> Date { manual.wallNow() + wallOffset.withLock { $0 } }
  package func schedule(every interval: Double, _ tick: @escaping @Sendable () -> Void)
    -> any ClockTimer
  {
    manual.schedule(every: interval, tick)
  }
  package func schedule(after delay: Double, _ fire: @escaping @Sendable () -> Void)
    -> any ClockTimer
  {
    manual.schedule(after: delay, fire)
  }
  package func advance(by seconds: Double) { manual.advance(by: seconds) }
  package func jumpWall(by seconds: Double) { wallOffset.withLock { $0 += seconds } }
}
