import Foundation
import Testing

@testable import NMEA

/// `feed(_:visiting:)` hands a visitor exactly the sentences `feed(_:_:)` reports, typed, in
/// order, with the same counters.
@Suite struct VisitorTests {
  /// Rebuilds every visited sentence as a `Sentence`, for comparison.
  struct Recorder: SentenceVisitor {
    var sentences: [Sentence] = []
    mutating func visit(_ rmc: borrowing RMC) { sentences.append(.rmc(copy rmc)) }
    mutating func visit(_ gga: borrowing GGA) { sentences.append(.gga(copy gga)) }
    mutating func visit(_ gll: borrowing GLL) { sentences.append(.gll(copy gll)) }
    mutating func visit(_ gns: borrowing GNS) { sentences.append(.gns(copy gns)) }
    mutating func visit(_ gsa: borrowing GSA) { sentences.append(.gsa(copy gsa)) }
    mutating func visit(_ gsv: borrowing GSV) { sentences.append(.gsv(copy gsv)) }
    mutating func visit(_ vtg: borrowing VTG) { sentences.append(.vtg(copy vtg)) }
    mutating func visit(_ zda: borrowing ZDA) { sentences.append(.zda(copy zda)) }
    mutating func visit(_ gst: borrowing GST) { sentences.append(.gst(copy gst)) }
    mutating func visit(_ hdt: borrowing HDT) { sentences.append(.hdt(copy hdt)) }
    mutating func visit(_ ths: borrowing THS) { sentences.append(.ths(copy ths)) }
    mutating func visit(_ hdg: borrowing HDG) { sentences.append(.hdg(copy hdg)) }
    mutating func visit(_ hdm: borrowing HDM) { sentences.append(.hdm(copy hdm)) }
    mutating func visit(other sentence: Sentence) { sentences.append(sentence) }
  }

  /// Counts only RMC: every other method keeps its default, which ignores the sentence.
  struct RMCCounter: SentenceVisitor {
    var count = 0
    mutating func visit(_ rmc: borrowing RMC) { count += 1 }
  }

  /// The sentences and counters of `bytes` fed in chunks of `size`, both ways.
  static func both(_ bytes: [UInt8], chunk size: Int) -> (
    events: [Sentence], visited: [Sentence], same: Bool
  ) {
    var byEvents = NMEADecoder()
    var byVisitor = NMEADecoder()
    var events: [Sentence] = []
    var recorder = Recorder()
    bytes.withUnsafeBytes { all in
      var start = 0
      while start < all.count {
        let chunk = UnsafeRawBufferPointer(rebasing: all[start..<min(start + size, all.count)])
        byEvents.feed(chunk) { event in
          if case .sentence(let sentence, _) = event { events.append(sentence) }
        }
        byVisitor.feed(chunk, visiting: &recorder)
        start += size
      }
    }
    byEvents.finish { event in
      if case .sentence(let sentence, _) = event { events.append(sentence) }
    }
    byVisitor.finish(visiting: &recorder)
    return (events, recorder.sentences, byEvents.counters == byVisitor.counters)
  }

  @Test(GpsdCaptures.needsAny, arguments: Fixtures.captureNames)
  func sameSentencesAsEvents(capture: String) throws {
    let bytes = try Fixtures.capture(capture)
    for size in [1, 7, 64, 4096] {
      let result = Self.both(bytes, chunk: size)
      #expect(result.visited == result.events, "\(capture), chunks of \(size)")
      #expect(result.same, "\(capture), chunks of \(size): counters differ")
    }
  }

  /// `$body*hh` with the right checksum.
  static func line(_ body: String) -> String {
    let sum = body.utf8.reduce(UInt8(0), ^)
    return "$\(body)*" + String(format: "%02X", sum)
  }

  @Test func damagedInputAndEveryKind() {
    let rmc = "GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W"
    let text =
      [
        Self.line(rmc), Self.line("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
        Self.line("GPGSV,2,1,08,01,40,083,46,02,17,308,41,12,07,344,39,14,22,228,45"),
        "$\(rmc)*00",  // a wrong checksum
        Self.line("GPTXT,01,01,02,ANTSTATUS=OK"), Self.line("PUBX,00,foo"), Self.line("GPXYZ,1,2"),
        Self.line(rmc.replacingOccurrences(of: "4807.038", with: "9107.038")),  // latitude > 90
        Self.line("GPZDA,201530.00,04,07,2002,00,00"),
      ].joined(separator: "\r\n") + "\r\n"
      + Self.line("GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1")  // no line end: at finish
    let result = Self.both(Array(text.utf8), chunk: 5)
    #expect(result.visited == result.events)
    #expect(result.same)
    #expect(result.visited.count == 8)  // the wrong checksum and the latitude > 90 are out
    var counter = RMCCounter()
    var decoder = NMEADecoder()
    Array(text.utf8).withUnsafeBytes { decoder.feed($0, visiting: &counter) }
    decoder.finish(visiting: &counter)
    #expect(counter.count == 1)
    #expect(decoder.counters.invalidSentences == 1)
    #expect(decoder.counters.framing.badChecksums == 1)
  }
}
