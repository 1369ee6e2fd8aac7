// Owned by the service work: the whole pipeline through LocationService.updates().
import Dispatch
import Foundation
import LocationEngine
import OpenCoreLocation
import Receivers

/// `LocateBench service FILE [--pause] [--sky]`: replays FILE as fast as possible through
/// `LocationService.updates()` (reader thread, framing, decoding, fix assembly, policies, the
/// update stream) and prints bytes/s and events. Automatic pause is off unless `--pause`; sky
/// views are built only with `--sky` (as `locate watch` builds them only for `--satellites`).
func serviceBench(_ arguments: [String]) -> Int32 {
  guard let path = arguments.first else {
    FileHandle.standardError.write(Data("usage: LocateBench service FILE [--pause] [--sky]\n".utf8))
    return 64
  }
  let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  var options = LocationServiceOptions(source: .file(path: path, pacing: .asFastAsPossible))
  options.pausesAutomatically = arguments.contains("--pause")
  options.deliversSkyViews = arguments.contains("--sky")
  let service = LocationService(options: options)
  let done = DispatchSemaphore(value: 0)
  let result = ServiceBenchResult()
  let start = DispatchTime.now().uptimeNanoseconds
  Task.detached {
    var locations = 0
    var others = 0
    do {
      for try await event in service.updates() {
        if case .location = event { locations += 1 } else { others += 1 }
      }
    } catch {
      result.error = "\(error)"
    }
    result.locations = locations
    result.others = others
    done.signal()
  }
  done.wait()
  let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  if let error = result.error {
    FileHandle.standardError.write(Data("LocateBench service: \(error)\n".utf8))
    return 1
  }
  let megabytes = Double(size) / 1e6
  print(
    "service: \(size) bytes in \(String(format: "%.3f", seconds)) s = "
      + "\(String(format: "%.1f", megabytes / seconds)) MB/s; \(result.locations) locations, "
      + "\(result.others) other events")
  return 0
}

/// What the bench task found.
final class ServiceBenchResult: @unchecked Sendable {
  var locations = 0
  var others = 0
  var error: String?
}
