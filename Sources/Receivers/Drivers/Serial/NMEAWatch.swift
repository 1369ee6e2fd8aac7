import NMEA
import Platform

/// Notices a port that keeps delivering bytes but no NMEA — what a receiver whose baud rate was
/// changed (or that switched to a binary protocol) looks like at the old rate, or one read at
/// a wrong fixed rate — so that `--baud auto` can hunt the rate again instead of reading noise
/// for ever, and a fixed rate is reported as wrong.
///
/// Sentences count as when hunting (``BaudHunter``: checksum-valid, or well-formed without a
/// checksum); a nearly quiet line is silence, not noise: at least ``minimumBytes`` must have
/// arrived since the last sentence.
struct NMEAWatch {
  /// Bytes without a sentence needed, besides the time, to call the stream garbled.
  static let minimumBytes = 256
  /// Seconds of bytes without a single valid sentence after which the stream is garbled.
  let window: Double
  private var framer = NMEAFramer(policy: .strict, maxLineLength: 256)
  private var lastSentence: Int64
  private var bytesSince = 0
  /// Whether the last chunk held a valid sentence.
  private(set) var sawSentence = false

  /// Starts watching at monotonic time `now` (ns).
  init(window: Double, now: Int64) {
    self.window = window
    lastSentence = now
  }

  /// Takes bytes that arrived at `now`; true once they have been noise for the whole window.
  mutating func isGarbled(after bytes: UnsafeRawBufferPointer, at now: Int64) -> Bool {
    var found = false
    framer.feed(bytes) { event in
      if event.isNMEA { found = true }
    }
    sawSentence = found
    if found {
      lastSentence = now
      bytesSince = 0
      return false
    }
    bytesSince += bytes.count
    return bytesSince >= Self.minimumBytes
      && now &- lastSentence >= SystemTime.nanoseconds(window)
  }
}
