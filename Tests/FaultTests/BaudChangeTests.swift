import Foundation
import Testing

/// A receiver whose rate changes while `watch` reads it (`locate simulate`'s `baud` control:
/// it speaks NMEA only at that rate, noise at any other): `watch --baud auto` (the default)
/// notices the noise, hunts the rate again, says so (a device EVENT with the new `bps`) and
/// prints fixes again; nothing made of the noise is ever printed.
@Suite struct BaudChangeTests {
  @Test("the receiver's rate changes mid-stream: hunted again, reported, fixes resume")
  func rateChangesMidStream() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let link = directory + "/gps"
    let simulator = try LocateChild(
      ["simulate", "--link", link, "--rate", "5", "--start-time", "2025-06-15T10:00:00Z"],
      stdin: .pipe)
    defer {
      simulator.write("stop\n")
      _ = try? simulator.wait()
    }
    try simulator.waitFor(link + "\n")
    let watch = try LocateChild(["watch", "--device", link, "--json", "--no-pause"])
    try watch.waitFor(#""class":"TPV""#, count: 5)
    simulator.write("baud 4800\n")
    try simulator.waitFor("baud 4800")
    let changed = #""event":"device","state":"connected","device":"\#(link)","bps":4800"#
    try watch.waitFor(changed, timeout: 120)
    let before = watch.stdout.components(separatedBy: changed)[0]
    let fixesBefore = try Printed(before).fixes.count
    try watch.waitForOutput("fixes at 4800 baud") { text in
      (try? Printed(text))?.fixes.count ?? 0 >= fixesBefore + 5
    }
    watch.signal(SIGINT)
    #expect(try watch.wait() == 0)
    let printed = try Printed(watch.stdout)
    let bauds = printed.events("device").compactMap { $0["bps"] as? Int }
    #expect(bauds == [9600, 4800])
    // Every fix is on the drive through Munich, in order: none was made of noise.
    let fixes = printed.fixes
    #expect(
      fixes.allSatisfy { abs($0.latitude - 48.1173) < 0.05 && abs($0.longitude - 11.5167) < 0.05 })
    #expect(zip(fixes, fixes.dropFirst()).allSatisfy { $0.time < $1.time })
    #expect(watch.stderr == "")
  }
}
