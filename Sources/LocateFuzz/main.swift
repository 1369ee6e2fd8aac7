// libFuzzer's entry: `make fuzz` builds this with `--sanitize=fuzzer` and runs it over a corpus
// made from the receiver captures (make fuzz-seeds; see FuzzScript for how an input is read).

/// Runs one fuzzer input through the whole decode path, checking every output (a failed check
/// traps, which libFuzzer reports as a crash and saves the input).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzRun.check(UnsafeBufferPointer(start: data, count: size))
  return 0
}
