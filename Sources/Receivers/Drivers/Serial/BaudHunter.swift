import NMEA
import Platform

/// `--baud auto`: tries rates until one gives NMEA: checksum-valid sentences, or well-formed
/// ones without a checksum (old receivers omit it; they prove the rate as well, whatever the
/// checksum policy then does with them).
///
/// The rate remembered for the device comes first, then ``BaudRate/huntOrder``. After each
/// change it waits a settle time and flushes what arrived meanwhile, then listens for up to
/// `window` seconds for `sentences` valid sentences (a rate that yields plenty of bytes but no
/// sentence is left early). A pass over every rate can be stopped at any moment through the
/// reader's ``Waker``.
struct BaudHunter {
  /// The device.
  var path: String
  /// The key the rate is remembered under (the by-id link when there is one).
  var cacheKey: String
  /// Where rates are remembered (`nil`: nowhere).
  var cache: BaudCache?
  /// Sentences needed to accept a rate.
  var sentences = 3
  /// Seconds to listen at each rate.
  var window = 2.5
  /// Seconds to wait after changing the rate, before flushing.
  var settle = 0.1
  /// Bytes without any valid sentence after which a rate is given up early.
  var giveUpBytes = 2048
  /// Where holders are looked up.
  var procRoot = "/proc"
  /// The rates to try after the remembered one.
  var rates = BaudRate.huntOrder

  /// The rates in the order they will be tried.
  var candidates: [Int] {
    var rates: [Int] = []
    if let remembered = cache?.rate(for: cacheKey) { rates.append(remembered) }
    for rate in self.rates where !rates.contains(rate) { rates.append(rate) }
    return rates
  }

  /// What listening at one rate found.
  struct Sample {
    /// Checksum-valid sentences, and well-formed ones without a checksum.
    var validSentences = 0
    var bytes = 0
  }

  /// How a pass over the rates ended.
  enum Outcome: Equatable {
    /// This rate gives NMEA; the port is left at it, and the rate remembered.
    case found(Int)
    /// No rate gave NMEA; `sawBytes` tells noise from silence.
    case noNMEA(sawBytes: Bool)
    /// Stop was requested.
    case stopped
    /// The device went away or failed (hang-up, I/O error).
    case lost(Errno)
  }

  /// Opens the port and finds its rate in one pass; the port is returned open at that rate.
  /// Throws ``ReceiverError/Code/baudNotFound(tried:seen:)`` when no rate gives NMEA.
  func hunt() throws(ReceiverError) -> SerialPort {
    let rates = candidates
    let port = try SerialPort.open(path, rate: rates[0], procRoot: procRoot)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
    defer { buffer.deallocate() }
    switch pass(port, rates: rates, stop: nil, buffer: buffer) {
    case .found:
      return port
    case .noNMEA(let sawBytes):
      port.close()
      let seen =
        sawBytes ? "bytes, but no valid NMEA at any rate: a binary protocol?" : "no bytes at all"
      throw ReceiverError(code: .baudNotFound(tried: rates, seen: seen), path: path)
    case .stopped:
      port.close()
      throw ReceiverError(code: .notFound, path: path)
    case .lost(let error):
      port.close()
      throw ReceiverError(code: .notFound, path: path, errno: error.rawValue)
    }
  }

  /// Tries each of `rates` on the open `port` (at most ``window`` seconds each), until one
  /// gives NMEA or `stop` is signalled; `heard` is told what each rate gave.
  func pass(
    _ port: SerialPort, rates: [Int], stop: Waker?, buffer: UnsafeMutableRawBufferPointer,
    heard: (Sample) -> Void = { _ in }
  ) -> Outcome {
    var sawBytes = false
    for rate in rates {
      let sample: Sample?
      do throws(Errno) {
        if rate != port.rate { try port.setRateOrErrno(rate) }
        if let stop {
          guard stop.sleep(settle) else { return .stopped }
        } else {
          SystemTime.sleep(settle)
        }
        port.flushInput()
        sample = try listen(port, buffer: buffer, stop: stop)
      } catch {
        return .lost(error)
      }
      guard let sample else { return .stopped }
      heard(sample)
      if sample.validSentences >= sentences {
        cache?.remember(rate, for: cacheKey)
        return .found(rate)
      }
      sawBytes = sawBytes || sample.bytes > 0
    }
    return .noNMEA(sawBytes: sawBytes)
  }

  /// Reads for up to ``window`` seconds, counting sentences (checksum-valid, or well-formed
  /// without a checksum); `nil` when `stop` was signalled.
  func listen(_ port: SerialPort, buffer: UnsafeMutableRawBufferPointer, stop: Waker? = nil)
    throws(Errno) -> Sample?
  {
    var sample = Sample()
    var framer = NMEAFramer(policy: .strict)
    let deadline = SystemTime.deadline(after: window)
    while sample.validSentences < sentences {
      if sample.validSentences == 0 && sample.bytes >= giveUpBytes { break }
      let millis = SystemTime.milliseconds(until: deadline)
      if millis == 0 { break }
      do throws(Errno) {
        let ready: PollEvents
        if let stop {
          let (device, stopped) = try poll(
            port.descriptor, stop.readEnd, for: .input, milliseconds: millis)
          if !stopped.isEmpty { return nil }
          ready = device
        } else {
          ready = try poll(port.descriptor, for: .input, milliseconds: millis)
        }
        if ready.contains(.input) {
          let count = try port.descriptor.read(into: buffer)
          if count == 0 { throw Errno.ioError }
          sample.bytes += count
          framer.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) { event in
            if event.isNMEA { sample.validSentences += 1 }
          }
        } else if !ready.isDisjoint(with: .failure) {
          throw Errno.ioError
        }
      } catch  where error == .wouldBlock {
        continue
      }
    }
    return sample
  }
}

extension FramerEvent {
  /// Whether the line is NMEA for telling a baud rate: a sentence, or one refused only for
  /// want of a checksum (``FramingIssue/isUncheckedSentence(_:)``).
  var isNMEA: Bool {
    switch self {
    case .sentence: return true
    case .rejected(let issue, let line): return issue.isUncheckedSentence(line)
    }
  }
}
