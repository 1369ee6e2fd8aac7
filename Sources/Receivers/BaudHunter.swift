import Glibc
import NMEA

/// `--baud auto`: tries rates until one gives checksum-valid NMEA.
///
/// The rate remembered for the device comes first, then ``BaudRate/huntOrder``. After each
/// change it waits a settle time and flushes what arrived meanwhile, then listens for up to
/// `window` seconds for `sentences` valid sentences (a rate that yields plenty of bytes but no
/// sentence is left early).
struct BaudHunter {
  /// The device.
  var path: String
  /// The key the rate is remembered under (the by-id link when there is one).
  var cacheKey: String
  /// Where rates are remembered (`nil`: nowhere).
  var cache: BaudCache?
  /// Valid sentences needed to accept a rate.
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
    var validSentences = 0
    var bytes = 0
  }

  /// Opens the port and finds its rate; the port is returned open at that rate.
  func hunt() throws(ReceiverError) -> SerialPort {
    let rates = candidates
    let port = try SerialPort.open(path, rate: rates[0], procRoot: procRoot)
    var tried: [Int] = []
    var sawBytes = false
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
    defer { buffer.deallocate() }
    for rate in rates {
      tried.append(rate)
      let sample: Sample
      do throws(ReceiverError) {
        if rate != port.rate { try port.setRate(rate) }
        usleep(useconds_t(settle * 1e6))
        port.flushInput()
        sample = try listen(port, buffer: buffer)
      } catch {
        port.close()
        throw error
      }
      if sample.validSentences >= sentences {
        cache?.remember(rate, for: cacheKey)
        return port
      }
      sawBytes = sawBytes || sample.bytes > 0
    }
    port.close()
    let seen =
      sawBytes ? "bytes, but no valid NMEA at any rate: a binary protocol?" : "no bytes at all"
    throw ReceiverError(code: .baudNotFound(tried: tried, seen: seen), path: path)
  }

  /// Reads for up to ``window`` seconds, counting checksum-valid sentences.
  func listen(_ port: SerialPort, buffer: UnsafeMutableRawBufferPointer) throws(ReceiverError)
    -> Sample
  {
    var sample = Sample()
    var framer = NMEAFramer(policy: .strict)
    let deadline = MonotonicClock.deadline(after: window)
    while sample.validSentences < sentences {
      if sample.validSentences == 0 && sample.bytes >= giveUpBytes { break }
      let millis = MonotonicClock.milliseconds(until: deadline)
      if millis == 0 { break }
      do throws(Errno) {
        let ready = try poll(port.descriptor, for: .input, milliseconds: millis)
        if ready.contains(.input) {
          let count = try port.descriptor.read(into: buffer)
          if count == 0 { throw Errno.ioError }
          sample.bytes += count
          framer.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) { event in
            if case .sentence = event { sample.validSentences += 1 }
          }
        } else if !ready.isDisjoint(with: [.hangup, .error, .invalid]) {
          throw Errno.ioError
        }
      } catch  where error == .wouldBlock {
        continue
      } catch {
        throw ReceiverError(code: .notFound, path: path, errno: error.rawValue)
      }
    }
    return sample
  }
}
