import Foundation
import Platform
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation
@testable import Receivers
@testable import VirtualReceiver

/// The engine decodes each read and assembles each epoch once, however many clients read it;
/// each client filters the fixes for itself.
@Suite("One decoding and assembly per engine")
struct SharedDecodingTests {
  typealias Shared = SharedEngineTests

  @Test(
    "two managers on one pty: every sentence decoded and every epoch assembled once, own filters"
  )
  func decodedOnce() async throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let source = ReceiverSource.device(path: pty.slavePath, baud: .fixed(9600))
    let key = try #require(ReceiverEngine.key(for: source).key)

    let (everyFix, everyThirty) = (Shared.Recorder(), Shared.Recorder())
    let first = Shared.manager(source, everyFix, distanceFilter: kCLDistanceFilterNone)
    let second = Shared.manager(source, everyThirty, distanceFilter: 30)
    first.startUpdatingLocation()
    second.startUpdatingLocation()
    defer {
      first.stopUpdatingLocation()
      second.stopUpdatingLocation()
    }
    let sessions = [first, second].map { manager in
      { manager.state.withLock { $0.session } }
    }
    // Both read the engine before anything is written: every sentence reaches both.
    #expect(await Shared.until { sessions.allSatisfy { $0()?.engineKey == key } })

    // Paced as a receiver sends, on a thread of its own (the suite's blocking tests can hold
    // the task pool for minutes).
    var generator = try DriveGenerator(options: Shared.straightDrive())
    let chunks = (0..<60).compactMap { _ in generator.next()?.bytes }
    let sent = chunks.reduce(0) { $0 + $1.count { $0 == UInt8(ascii: "$") } }
    let written = Locked<Int?>(nil)
    let writer = Thread {
      var total = 0
      for chunk in chunks {
        total += chunk.withUnsafeBytes { pty.write($0) }
        usleep(200_000)
      }
      written.withLock { $0 = total }
    }
    writer.start()
    #expect(await Shared.until(timeout: 240) { written.withLock { $0 } != nil })
    #expect(written.withLock { $0 } == chunks.reduce(0) { $0 + $1.count })

    #expect(
      await Shared.until(timeout: 120) { ReceiverEngine.sentencesDecoded(for: key) == sent },
      "\(ReceiverEngine.sentencesDecoded(for: key) ?? -1) of \(sent) sentences decoded")
    // Decoded by the engine (the clients have no decoder).
    // Each epoch assembled once, by the engine's core (the last one once the line is quiet;
    // the clients have no assembler).
    #expect(
      await Shared.until(timeout: 120) { ReceiverEngine.epochsReported(for: key) == chunks.count },
      "\(ReceiverEngine.epochsReported(for: key) ?? -1) of \(chunks.count) epochs reported")
    #expect(await Shared.until { everyFix.count >= 40 }, "\(everyFix.count) fixes")
    // Every fix reached the client without a filter once: no more than the epochs written.
    #expect(everyFix.count <= chunks.count)
    // (A writer held up by the load may leave the line quiet long enough to be told so.)
    let errors = (everyFix.errors.withLock { $0 } + everyThirty.errors.withLock { $0 })
    #expect(errors.allSatisfy { $0.contains("sent nothing") }, "\(errors)")
    let all = everyFix.locations.withLock { $0 }
    let span = (all.first?.timestamp ?? .distantFuture)...(all.last?.timestamp ?? .distantPast)
    let thinned = everyThirty.locations.withLock { $0 }.filter { span.contains($0.timestamp) }
    #expect(thinned.count < all.count / 3)
    let follows = Shared.followsDistanceFilter(thinned, of: all, metres: 30)
    #expect(follows, "\(thinned.count) of \(all.count) fixes do not follow a 30 m filter")
  }
}
