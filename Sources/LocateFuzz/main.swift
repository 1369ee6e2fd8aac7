// STUB — the fuzzing work replaces this with an LLVMFuzzerTestOneInput over the decode path.
import NMEA

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var decoder = NMEADecoder()
  decoder.feed(UnsafeRawBufferPointer(start: data, count: size)) { _ in }
  decoder.finish { _ in }
  return 0
}
