// Runs one client program of Tests/RealApps (see the README there) as its app would, against
// the receiver in $LOCATE_DEVICE (a `locate simulate` pseudo-terminal that RealAppsTests
// starts), and prints what it got, one fact a line:
//   RealAppsRunner SCENARIO
// Exit 0 when the scenario finished, 1 on an error, 2 on a 60 s timeout, 64 for an unknown
// scenario. The runner only calls and prints. The apps are imported plainly (their public
// API, as an app target uses a framework's), so this builds in release as in debug.
import Foundation
import OpenCoreLocation

/// Prints a location as `location LAT LON`.
func report(_ location: CLLocation) {
  say(
    String(
      format: "location %.6f %.6f", location.coordinate.latitude, location.coordinate.longitude))
}

/// Prints a line at once (the test reads the output as it comes).
func say(_ line: String) {
  print(line)
  fflush(stdout)
}

/// Ends the run.
func finish(_ status: Int32 = 0) -> Never {
  fflush(stdout)
  exit(status)
}

/// What the scenarios keep alive while the main queue runs.
var keep: [AnyObject] = []

let scenario = CommandLine.arguments.dropFirst().first ?? ""

DispatchQueue.main.asyncAfter(deadline: .now() + 60) {
  say("timeout")
  finish(2)
}

if let start = delegateScenarios[scenario] {
  start()
} else if let run = asyncScenarios[scenario] {
  Task { @MainActor in
    do {
      try await run()
      finish()
    } catch {
      say("error \(error)")
      finish(1)
    }
  }
} else {
  say("unknown scenario '\(scenario)'")
  finish(64)
}
dispatchMain()
