// A Core Location app in miniature, for the release tests (LocateCLITests'
// ReleaseEndToEndTests):
//   ReleaseClient exit|hold
// reads the receiver in $LOCATE_DEVICE with a CLLocationManager, as a seed-style app does; at
// its first location it prints `holding`, then calls exit(0) from the delegate callback
// (`exit`: no stopUpdatingLocation, no close), or runs on until it is killed (`hold`). Exit 1 on
// an error, 2 after 60 s without a location.
import Foundation
import OpenCoreLocation

/// Prints a line at once (stdout is a pipe: no buffering to lose at exit).
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

final class Delegate: NSObject, CLLocationManagerDelegate {
  let exitsAtFirst: Bool
  var held = false

  init(exitsAtFirst: Bool) { self.exitsAtFirst = exitsAtFirst }

  func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
    guard !held else { return }
    held = true
    say("holding")
    if exitsAtFirst { exit(0) }
  }

  func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
    say("error \(error)")
    exit(1)
  }
}

let delegate = Delegate(exitsAtFirst: CommandLine.arguments.dropFirst().first == "exit")
let manager = CLLocationManager()
manager.delegate = delegate
manager.startUpdatingLocation()
DispatchQueue.main.asyncAfter(deadline: .now() + 60) {
  say("timeout")
  exit(2)
}
dispatchMain()
