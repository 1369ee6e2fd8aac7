// swift-tools-version:6.0
import PackageDescription

/// Client programs written against Apple's Core Location, one per pattern apps use
/// (Tests/RealApps/README.md), each compiled as a library over OpenCoreLocation in Swift 5
/// language mode, as apps compile them.
let realApps: [Target] = [
  "LocationService", "TripRecorder", "NavigationKit", "Geofencing", "Compass", "VisitJournal",
  "LocationAccess",
].map { name in
  .target(
    name: "RealApp" + name, dependencies: ["OpenCoreLocation"], path: "Tests/RealApps/" + name,
    swiftSettings: [.swiftLanguageMode(.v5)])
}

/// `locate`: NMEA 0183 from a serial GPS receiver to positions, with Core Location's API on Linux.
///
/// Data flows one way: Receivers (bytes) → NMEA (sentences) → LocationCore (fixes and
/// policies, without I/O), run by LocationEngine (one engine per receiver, its reader thread
/// alone running its core) → LocateCLI (commands and formats), and → OpenCoreLocation
/// (Apple's Core Location API for apps, the only module with Foundation). Geodesy stands beside
/// them; every system call goes through Platform; the virtual receiver (`locate simulate`) is
/// VirtualReceiver.
let package = Package(
  name: "locate",
  products: [
    .executable(name: "locate", targets: ["locate"]),
    .library(name: "OpenCoreLocation", targets: ["OpenCoreLocation"]),
    .library(name: "LocationEngine", targets: ["LocationEngine"]),
    .library(name: "NMEA", targets: ["NMEA"]),
    .library(name: "Geodesy", targets: ["Geodesy"]),
    .library(name: "Gazetteer", targets: ["Gazetteer"]),
    .library(name: "Receivers", targets: ["Receivers"]),
  ],
  targets: realApps + [
    .target(name: "NMEA"),
    .target(name: "Geodesy"),
    // GeoNames' places (gazetteer.bin, CC BY 4.0), compiled in with #embed: a C array builds
    // in under a second where a Swift literal of 3.5 MB would take minutes.
    .target(name: "CGazetteer", exclude: ["gazetteer.bin", "SOURCE.md"]),
    .target(name: "Gazetteer", dependencies: ["CGazetteer", "Geodesy"]),
    .target(name: "CLocateSys"),
    .target(name: "Platform", dependencies: ["CLocateSys"]),
    .target(name: "ReceiverState"),
    .target(name: "Receivers", dependencies: ["Platform", "NMEA", "ReceiverState"]),
    .target(
      name: "VirtualReceiver", dependencies: ["Platform", "NMEA", "Geodesy", "Receivers"]),
    // The engine's I/O-free core (fix assembly, policies, rules) and, above it, its runtime
    // (the reader thread that alone runs a core, the service, the sessions).
    .target(name: "LocationCore", dependencies: ["NMEA", "Geodesy", "ReceiverState"]),
    .target(
      name: "LocationEngine",
      dependencies: ["LocationCore", "NMEA", "Geodesy", "Receivers", "Platform"]),
    .target(
      name: "OpenCoreLocation",
      dependencies: ["LocationEngine", "NMEA", "Geodesy", "Gazetteer", "Receivers", "Platform"]),
    .target(name: "TimeService", dependencies: ["Platform", "CLocateSys"]),
    .target(name: "JSON", dependencies: ["NMEA", "Platform"]),
    .target(
      name: "GPSDServer",
      dependencies: [
        "Platform", "JSON", "LocationEngine", "Receivers", "Geodesy", "TimeService",
      ]),
    .target(
      name: "LocateCLI",
      dependencies: [
        "LocationEngine", "NMEA", "Geodesy", "Gazetteer", "Receivers", "GPSDServer",
        "VirtualReceiver", "Platform", "JSON", "TimeService",
      ]),
    .target(name: "CLocateStartup"),
    // What every start of `locate` costs the dynamic loader (make bench's start-up row):
    // - the executable exports none of its own symbols (the toolchain's -static-stdlib link
    //   adds -export-dynamic, which put 5,500 of them in the dynamic symbol table, scanned by
    //   the runtime's dladdr at start-up);
    // - libstdc++, which the static Swift runtime needs, is linked statically (the linker
    //   script in Sources/locate/link answers -lstdc++ with libstdc++.a), so no libstdc++.so is
    //   loaded and bound at start.
    .executableTarget(
      name: "locate", dependencies: ["LocateCLI", "CLocateStartup"], exclude: ["link"],
      linkerSettings: [
        .unsafeFlags([
          "-Xlinker", "--no-export-dynamic",
          "-L", Context.packageDirectory + "/Sources/locate/link",
        ])
      ]),
    .executableTarget(
      name: "LocateFuzz",
      dependencies: ["NMEA", "LocationCore", "LocationEngine", "OpenCoreLocation", "Receivers"]),
    .executableTarget(
      name: "LocateBench",
      dependencies: [
        "NMEA", "Geodesy", "Gazetteer", "LocationCore", "LocationEngine", "OpenCoreLocation",
        "Receivers",
        "VirtualReceiver", "Platform", "TestSupport", "TimeService",
      ]),
    .target(
      name: "TestSupport", dependencies: ["NMEA", "Platform", "VirtualReceiver"],
      path: "Tests/TestSupport"),
    .testTarget(name: "NMEATests", dependencies: ["NMEA", "TestSupport"]),
    .testTarget(name: "GeodesyTests", dependencies: ["Geodesy", "TestSupport"]),
    // Optimised: its brute-force reference measures 3.4 billion chords (BruteForce.swift).
    .testTarget(
      name: "GazetteerTests", dependencies: ["Gazetteer", "Geodesy", "TestSupport"],
      swiftSettings: [.unsafeFlags(["-O"])]),
    .testTarget(name: "JSONTests", dependencies: ["JSON", "Platform", "TestSupport"]),
    .testTarget(
      name: "TimeServiceTests",
      dependencies: ["TimeService", "Platform", "CLocateSys", "TestSupport"]),
    .testTarget(
      name: "ReceiversTests",
      dependencies: ["Receivers", "VirtualReceiver", "NMEA", "Platform", "TestSupport"]),
    .testTarget(
      name: "GPSDServerTests", dependencies: ["GPSDServer", "Platform", "VirtualReceiver", "JSON"]),
    .testTarget(
      name: "OpenCoreLocationTests",
      dependencies: [
        "OpenCoreLocation", "LocationCore", "LocationEngine", "NMEA", "Geodesy", "Gazetteer",
        "Receivers",
        "VirtualReceiver", "Platform", "TestSupport",
      ]),
    .testTarget(
      name: "LocateCLITests",
      dependencies: [
        "LocateCLI", "locate", "OpenCoreLocation", "LocationCore", "LocationEngine", "Geodesy",
        "Gazetteer",
        "Receivers", "VirtualReceiver", "JSON",
        "NMEA", "Platform", "TestSupport", "TimeService",
      ],
      exclude: ["Fixtures"]),
    .executableTarget(
      name: "RealAppsRunner",
      dependencies: ["OpenCoreLocation"] + realApps.map { .target(name: $0.name) },
      path: "Tests/RealAppsRunner", swiftSettings: [.swiftLanguageMode(.v5)]),
    .testTarget(
      name: "RealAppsTests", dependencies: ["RealAppsRunner", "locate", "TestSupport"]),
    .executableTarget(
      name: "ReleaseClient", dependencies: ["OpenCoreLocation"], path: "Tests/ReleaseClient",
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .testTarget(
      name: "FaultTests",
      dependencies: [
        "locate", "ReleaseClient", "LocateFuzz", "NMEA", "Receivers", "VirtualReceiver",
        "OpenCoreLocation", "LocationCore", "LocationEngine", "Geodesy", "Platform", "TestSupport",
      ],
      exclude: ["FuzzRegressions"]),
  ]
)
