/// The program of the package ``ExternalClientTests`` builds outside the repository: every
/// public initialiser of OpenCoreLocation (and of LocationEngine, which it brings), and every
/// type their parameters name, spelled with `import OpenCoreLocation` alone, as an app on
/// Linux writes it. Compiled, not run: nothing here opens a receiver.
enum ExternalClientSource {
  /// The manifest: REPOSITORY is the repository's path, IDENTITY its folder's name (SwiftPM's
  /// identity of a package given by path).
  static let manifest = """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "ExternalClient",
      dependencies: [.package(path: "REPOSITORY")],
      targets: [
        .executableTarget(
          name: "ExternalClient",
          dependencies: [.product(name: "OpenCoreLocation", package: "IDENTITY")])
      ])

    """

  static let main = """
    import OpenCoreLocation

    // The receiver's types, as the facade names them.
    let baud: BaudSetting = .fixed(9600)
    let pacing: Pacing = .realtime(speed: 2)
    let sources: [ReceiverSource] = [
      .device(path: "/dev/ttyUSB0", baud: baud), .discover(baud: .auto),
      .file(path: "drive.nmea", pacing: pacing), .standardInput,
      .tcp(host: "::1", port: 10110), .gpsd(host: "localhost", port: 2947),
    ]
    var options = ReceiverOptions()
    options.reconnect = false
    let policy: ChecksumPolicy = .lenient
    let date = NMEADate(year: 2026, month: 12, day: 2)
    let state: DeviceState = .unavailable(path: nil)
    let holder = DeviceHolder(pid: 1, command: "gpsd")
    let refusal: DeviceRefusal? = DeviceRefusal(DeviceState.busy(path: "/dev/ttyUSB0", holder: holder))
    let error = ReceiverError(code: .notFound, path: "/dev/ttyUSB0", source: ReceiverSource.Kind.device)
    let counters = NMEACounters()
    let framing: FramingCounters = counters.framing
    let ignored: (NMEAError) -> String = { $0.description }
    print(sources.map { $0.name ?? "" }, state, refusal as Any, error, framing, ignored)

    @MainActor func exercise() async throws {
      let coordinate = CLLocationCoordinate2D(latitude: 48.1, longitude: 11.5)
      _ = CLLocationCoordinate2D()
      let uuid = UUID()
      let constraint = CLBeaconIdentityConstraint(uuid: uuid, major: 1, minor: 2)
      _ = CLBeaconIdentityConstraint(uuid: uuid)
      _ = CLBeaconIdentityConstraint(uuid: uuid, major: 1)
      _ = CLBeaconRegion(uuid: uuid, identifier: "b")
      _ = CLBeaconRegion(uuid: uuid, major: 1, identifier: "b")
      _ = CLBeaconRegion(uuid: uuid, major: 1, minor: 2, identifier: "b")
      _ = CLBeaconRegion(beaconIdentityConstraint: constraint, identifier: "b")
      _ = CLBeacon()
      let info = CLLocationSourceInformation(
        softwareSimulationState: false, andExternalAccessoryState: true)
      _ = CLLocation()
      _ = CLLocation(latitude: 48.1, longitude: 11.5)
      _ = CLLocation(
        coordinate: coordinate, altitude: 520, horizontalAccuracy: 5, verticalAccuracy: 8,
        timestamp: Date())
      _ = CLLocation(
        coordinate: coordinate, altitude: 520, horizontalAccuracy: 5, verticalAccuracy: 8,
        course: 90, speed: 3, timestamp: Date())
      _ = CLLocation(
        coordinate: coordinate, altitude: 520, horizontalAccuracy: 5, verticalAccuracy: 8,
        course: 90, courseAccuracy: 2, speed: 3, speedAccuracy: 1, timestamp: Date())
      _ = CLLocation(
        coordinate: coordinate, altitude: 520, horizontalAccuracy: 5, verticalAccuracy: 8,
        course: 90, courseAccuracy: 2, speed: 3, speedAccuracy: 1, timestamp: Date(),
        sourceInfo: info)
      let gnss = GNSSFixInfo(mode: .fix3D, status: .gps, device: "/dev/ttyUSB0")
      _ = CLLocation(
        coordinate: coordinate, altitude: 520, ellipsoidalAltitude: 567, horizontalAccuracy: 5,
        verticalAccuracy: 8, course: 90, courseAccuracy: 2, speed: 3, speedAccuracy: 1,
        timestamp: Date(), sourceInfo: info, gnss: gnss)
      _ = CLFloor(level: 2)
      let geocoder = CLGeocoder()
      _ = geocoder
      _ = CLHeading()
      _ = CLVisit()
      _ = CLCircularRegion(center: coordinate, radius: 100, identifier: "c")
      _ = CLLocationManager()
      _ = CLLocationManager(
        source: sources[0], options: options, checksumPolicy: policy,
        replayTimestamps: .asRecorded)
      _ = CLLocationManager.headingAvailable(for: sources[1])
      _ = CLLocationUpdate.liveUpdates(.default, source: sources[2], options: options)
      let monitor = await CLMonitor(
        "m", input: .source(sources[3], options: options, checksumPolicy: policy),
        hysteresis: RegionHysteresis(margin: 10))
      await monitor.add(
        CLMonitor.CircularGeographicCondition(center: coordinate, radius: 100),
        identifier: "c")
      _ = CLBackgroundActivitySession()
      _ = CLBackgroundActivitySession(queue: .main) { _ in }
      _ = CLBackgroundActivitySession(source: sources[4], queue: nil, handler: nil)
      _ = CLServiceSession(authorization: .whenInUse)
      _ = CLServiceSession(authorization: .always, fullAccuracyPurposeKey: "k")
      _ = CLServiceSession(authorization: .none, source: sources[5], options: options)
      var serviceOptions = LocationServiceOptions(source: sources[2])
      serviceOptions.checksumPolicy = policy
      serviceOptions.receiverOptions = options
      serviceOptions.date = date
      let service = LocationService(options: serviceOptions)
      let counted: NMEACounters? = service.receiverCounters()
      _ = counted
      for try await event in service.updates() {
        switch event {
        case .device(let state): _ = state as DeviceState
        case .ignored(let error, _): _ = error as NMEAError
        default: break
        }
      }
      let probe = ReceiverProbe(path: "/dev/ttyUSB0", baud: .auto, seconds: 1, checksumPolicy: policy)
      do {
        _ = try await probe.run()
      } catch let failure as ReceiverError {
        _ = failure.code
      }
      _ = ReceiverProbe.Report()
      _ = EngineError(.locationUnknown)
      _ = FixSource(isSimulatedBySoftware: false, isProducedByAccessory: true)
      _ = Fix(coordinate: coordinate, timestamp: Date())
      _ = GNSSSkyView(satellites: [GNSSSatellite(system: .gps, svid: 5, prn: 5)])
      _ = FixProgress(satellitesInView: 9, satellitesUsed: 6, bestSNR: 40, elapsed: 2)
      _ = MagneticVariation(degrees: 3, source: .model)
      _ = PauseThresholds(radius: 5, speed: 0.5, duration: 10)
      _ = HeadingReading(trueHeading: 90)
      _ = RegionTracker(rule: RegionHysteresis())
      _ = Visit(coordinate: coordinate)
      _ = VisitRule(radius: 50, minimumDwell: 300)
      _ = EpochTiming(receiverTime: nil, isFix: true, firstByteRealtime: 0, firstByteMonotonic: 0)
    }

    """
}
