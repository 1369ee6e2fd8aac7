import Foundation
import Receivers
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// `LocationService` over fed bytes on a manual clock, and over real capture files.
@Suite("Location service")
struct LocationServiceTests {
  static let connected = DeviceState.connected(path: "/dev/ttyTEST", baud: 9600)

  /// A service whose sessions the test feeds, and a way to get each session as it starts.
  static func service(
    replay: Bool = false, desiredAccuracy: Double = -1, sentences: Bool = false,
    clock: ManualClock
  ) -> (LocationService, AsyncStream<LocationSession>) {
    let (sessions, continuation) = AsyncStream<LocationSession>.makeStream()
    var options = LocationServiceOptions(source: .device(path: "/dev/ttyTEST", baud: .fixed(9600)))
    options.desiredAccuracy = desiredAccuracy
    options.deliversSentences = sentences
    let service = LocationService(
      options: options, input: .manual, isReplay: replay, clock: clock,
      onSession: { continuation.yield($0) })
    return (service, sessions)
  }

  static func feed(_ session: LocationSession, _ text: String, clock: ManualClock) {
    Array(text.utf8).withUnsafeBytes { session.feed($0, at: clock.now()) }
  }

  /// One request, its typed error kept.
  static func attempt(
    _ service: LocationService, timeout: Double,
    progress: @escaping @Sendable (LocationServiceEvent) -> Void = { _ in }
  ) async -> Result<Fix, CLError> {
    do throws(CLError) {
      return .success(try await service.currentLocation(timeout: timeout, progress: progress))
    } catch {
      return .failure(error)
    }
  }

  /// Reads an update stream to its end: `location SECONDS-OF-DAY` for each location, what
  /// `name` says for other events (nil: left out).
  static func names(
    of stream: AsyncThrowingStream<LocationServiceEvent, any Error>,
    _ name: @escaping @Sendable (LocationServiceEvent) -> String?
  ) -> Task<[String], any Error> {
    Task {
      var names: [String] = []
      for try await event in stream {
        if case .location(let location) = event {
          names.append("location \(Int(location.timestamp.timeIntervalSince1970) % 86_400)")
        } else if let text = name(event) {
          names.append(text)
        }
      }
      return names
    }
  }

  static func detail(_ result: Result<Fix, CLError>) -> CLError.Detail? {
    if case .failure(let error) = result { return error.detail }
    return nil
  }

  @Test("accuracy not reached before the timeout: notAccurateEnough with the best seen")
  func notAccurateEnough() async throws {
    let clock = ManualClock()
    let (service, sessions) = Self.service(desiredAccuracy: 10, clock: clock)
    let request = Task { await Self.attempt(service, timeout: 10) }
    var iterator = sessions.makeAsyncIterator()
    let session = try #require(await iterator.next())
    session.deviceState(Self.connected)
    Self.feed(session, "partial", clock: clock)
    for second in 0..<12 {
      clock.advance(by: 1)
      // HDOP 3 → 57 m, then HDOP 2 → 38 m: never 10 m.
      Self.feed(
        session, Synthetic.epoch(36_000 + Double(second), 48.1, 11.1, hdop: second < 5 ? 3 : 2),
        clock: clock)
    }
    let result = await request.value
    #expect(Self.detail(result) == .notAccurateEnough(best: 38, desired: 10, waited: 10))
    if case .failure(let error) = result {
      #expect(error.code == .locationUnknown)
      #expect(error.description == "no fix accurate to 10 m after 10 s: best was 38 m")
    }
  }

  @Test("no fix before the timeout: noFix with the satellites seen")
  func noFix() async throws {
    let clock = ManualClock()
    let (service, sessions) = Self.service(clock: clock)
    let events = EventLog<LocationServiceEvent>()
    let request = Task { await Self.attempt(service, timeout: 5) { events.append($0) } }
    var iterator = sessions.makeAsyncIterator()
    let session = try #require(await iterator.next())
    session.deviceState(Self.connected)
    for second in 0..<8 {
      clock.advance(by: 1)
      Self.feed(
        session,
        Synthetic.gga(36_000 + Double(second), 48.1, 11.1, quality: 0)
          + Synthetic.line("GPGSV,1,1,03,02,40,100,41,05,30,200,28,07,20,300,"), clock: clock)
    }
    let result = await request.value
    let progress = FixProgress(satellitesInView: 3, satellitesUsed: 0, bestSNR: 41, elapsed: 5)
    #expect(Self.detail(result) == .noFix(waited: 5, progress: progress, nmeaSeen: true))
    if case .failure(let error) = result {
      #expect(
        error.description == "no fix after 5 s: 3 satellites in view, 0 used, best SNR 41 dB-Hz")
    }
    #expect(service.authorizationStatus == .authorizedAlways)
    #expect(events.all.contains { if case .progress = $0 { return true } else { return false } })
  }

  @Test("a replay runs on its own clock: 45 s of no fix beats a 30 s timeout, however fast")
  func replayClock() async throws {
    var text = ""
    for second in 0..<45 { text += Synthetic.gga(36_000 + Double(second), 48.1, 11.1, quality: 0) }
    for second in 45..<50 { text += Synthetic.epoch(36_000 + Double(second), 48.1, 11.1) }
    for (timeout, expectFix) in [(30.0, false), (60.0, true)] {
      let clock = ManualClock()
      let (service, sessions) = Self.service(replay: true, clock: clock)
      let request = Task { await Self.attempt(service, timeout: timeout) }
      var iterator = sessions.makeAsyncIterator()
      let session = try #require(await iterator.next())
      Self.feed(session, text, clock: clock)  // all at once: no time passes
      session.deviceState(.ended)
      let result = await request.value
      if expectFix {
        let location = try result.get()
        #expect(Int(location.timestamp.timeIntervalSince1970) % 86_400 == 36_045)
      } else {
        #expect(Self.detail(result)?.code == CLError.Code.locationUnknown)
        if case .noFix(let waited, _, _)? = Self.detail(result) {
          #expect(waited == 30)
        } else {
          Issue.record("expected noFix, got \(result)")
        }
      }
    }
  }

  @Test("a replay that ends without a fix: inputEnded after its stream time")
  func replayEnds() async throws {
    let clock = ManualClock()
    let (service, sessions) = Self.service(replay: true, clock: clock)
    let request = Task { await Self.attempt(service, timeout: 60) }
    var iterator = sessions.makeAsyncIterator()
    let session = try #require(await iterator.next())
    Self.feed(
      session, (0..<13).map { Synthetic.gga(36_000 + Double($0), 48, 11, quality: 0) }.joined(),
      clock: clock)
    session.deviceState(.ended)
    #expect(Self.detail(await request.value) == .inputEnded(afterSeconds: 12))
  }

  /// The reader can reach the input's end before the waiting task wakes up with its answer
  /// (seen on a loaded CI machine): the end is then no part of the request, and its progress
  /// handler never hears of it.
  @Test("nothing reaches the progress handler after the answer, not even the input's end")
  func nothingAfterTheAnswer() async throws {
    let clock = ManualClock()
    let (service, sessions) = Self.service(replay: true, desiredAccuracy: 10, clock: clock)
    let events = EventLog<LocationServiceEvent>()
    let request = Task { await Self.attempt(service, timeout: 5) { events.append($0) } }
    var iterator = sessions.makeAsyncIterator()
    let session = try #require(await iterator.next())
    // HDOP 2 → 38 m, never 10 m: the timeout, on the stream's clock, comes at second 5.
    let text = (0..<12).map { Synthetic.epoch(36_000 + Double($0), 48.1, 11.1, hdop: 2) }
    Self.feed(session, text.joined(), clock: clock)
    let before = events.all.count
    session.deviceState(.ended)  // before the request's task has read its answer
    let result = await request.value
    #expect(Self.detail(result) == .notAccurateEnough(best: 38, desired: 10, waited: 5))
    #expect(events.all.count == before)
    let ended = events.all.contains {
      if case .device(.ended) = $0 { return true }
      if case .authorization(_, .ended) = $0 { return true }
      return false
    }
    #expect(!ended)
  }

  /// Three epochs with a sky each, then the end, fed to the first session `sessions` makes.
  static func feedThreeEpochs(
    _ sessions: AsyncStream<LocationSession>, clock: ManualClock
  ) async throws {
    var iterator = sessions.makeAsyncIterator()
    let session = try #require(await iterator.next())
    var text = ""
    for second in 0..<3 {
      text +=
        Synthetic.epoch(36_000 + Double(second), 48.1, 11.1)
        + Synthetic.line("GPGSV,1,1,02,02,40,100,41,05,30,200,28")
    }
    Self.feed(session, text, clock: clock)
    session.deviceState(.ended)
  }

  /// What a client of ``feedThreeEpochs(_:clock:)``'s stream names.
  static let threeEpochNames = [
    "authorization authorizedAlways", "location 36000", "sky 2", "location 36001", "sky 2",
    "location 36002", "sky 2",
  ]

  @Test("updates: a filtered stream of locations, sky views and authorization")
  func updates() async throws {
    let clock = ManualClock()
    let (service, sessions) = Self.service(replay: true, clock: clock)
    let reader = Self.names(of: service.updates()) { event in
      switch event {
      case .sky(let sky): return "sky \(sky.satellites.count)"
      case .authorization(let status, _): return "authorization \(status)"
      default: return nil
      }
    }
    try await Self.feedThreeEpochs(sessions, clock: clock)
    #expect(try await reader.value == Self.threeEpochNames)
  }

  @Test("updateBatches: the events of updates(), a batch at a time, after one taken by next()")
  func updateBatches() async throws {
    let clock = ManualClock()
    let (service, sessions) = Self.service(replay: true, clock: clock)
    let consumer = service.updateBatches()
    let reader = Task { () throws -> [String] in
      func name(_ event: LocationServiceEvent) -> String? {
        switch event {
        case .location(let location):
          return "location \(Int(location.timestamp.timeIntervalSince1970) % 86_400)"
        case .sky(let sky): return "sky \(sky.satellites.count)"
        case .authorization(let status, _): return "authorization \(status)"
        default: return nil
        }
      }
      // The first event alone, then the rest of its batch and the later ones whole.
      var names = try await consumer.next().flatMap(name).map { [$0] } ?? []
      while true {
        let batch = try await consumer.nextBatch()
        if batch.isEmpty { break }
        names += batch.compactMap(name)
      }
      #expect(try await consumer.next() == nil)
      return names
    }
    try await Self.feedThreeEpochs(sessions, clock: clock)
    #expect(try await reader.value == Self.threeEpochNames)
  }

  @Test("deliversSentences: each read's accepted sentences, with CR LF, before its fixes")
  func sentences() async throws {
    let clock = ManualClock()
    let (service, sessions) = Self.service(replay: true, sentences: true, clock: clock)
    let reader = Self.names(of: service.updates()) { event in
      guard case .sentences(let bytes) = event else { return nil }
      return String(decoding: bytes, as: UTF8.self)
    }
    var iterator = sessions.makeAsyncIterator()
    let session = try #require(await iterator.next())
    let first = Synthetic.epoch(36_000, 48.1, 11.1)
    let second = Synthetic.epoch(36_001, 48.1, 11.1)
    let bad = "$GPTXT,01,01,02,bad checksum*00\r\n"
    // The first epoch's RMC is cut: it arrives, whole, with the second read; junk and a bad
    // checksum are left out, LF becomes CR LF.
    let cut = first.index(first.endIndex, offsetBy: -10)
    Self.feed(session, String(first[..<cut]), clock: clock)
    let lineFeeds = second.replacingOccurrences(of: "\r\n", with: "\n")
    Self.feed(session, String(first[cut...]) + "junk\n" + bad + lineFeeds, clock: clock)
    session.deviceState(.ended)
    let names = try await reader.value
    let lines = (first + second).split(separator: "\r\n").map { $0 + "\r\n" }
    #expect(
      names == [
        lines[0...1].joined(), lines[2...5].joined(), "location 36000", "location 36001",
      ])
  }
}
