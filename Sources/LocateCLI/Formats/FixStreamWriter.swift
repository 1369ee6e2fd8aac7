import GPSDServer
import LocationEngine
import Platform
import Receivers

/// The output of `watch`: a document opened once, one record per fix, and a proper end however
/// the stream stops. Each record is flushed at once, except for a file read as fast as
/// possible (see ``flushesEachRecord``). Safe to call from any thread; after `end()` nothing
/// more is written.
final class FixStreamWriter: Sendable {
  struct State {
    var begun = false
    var ended = false
    var points = 0
    var segmentBreakPending = false
    /// The memory of the last record's bytes, kept for the next one (no allocation per record).
    var scratch: [UInt8] = []
  }

  /// The format.
  let format: OutputFormat
  /// Whether the records carry the `--to` columns and objects.
  let hasTarget: Bool
  /// Whether sky views are written (`--satellites`).
  let satellites: Bool
  /// Whether each record is written out at once (live and paced sources); otherwise the
  /// output is written in large blocks (a capture replayed as fast as possible: a `write(2)`
  /// per fix cost more than the fix) and at the end.
  let flushesEachRecord: Bool
  /// Whether region events are written (CSV region columns), and nothing else
  /// (`--events-only`: track points only with a label, no EVENT objects).
  let regions: Bool, eventsOnly: Bool
  private let output: OutputSink
  private let state = Locked(State())

  /// A writer to `output`.
  init(
    output: OutputSink, format: OutputFormat, hasTarget: Bool, satellites: Bool,
    flushesEachRecord: Bool = true, regions: Bool = false, eventsOnly: Bool = false
  ) {
    self.output = output
    self.format = format
    self.hasTarget = hasTarget
    self.satellites = satellites
    self.regions = regions
    self.eventsOnly = eventsOnly
    self.flushesEachRecord = flushesEachRecord
  }

  /// Whether records from `source` should be flushed one by one: all but a file replayed as
  /// fast as possible.
  static func flushesEachRecord(reading source: ReceiverSource) -> Bool {
    if case .file(_, .asFastAsPossible) = source { return false }
    return true
  }

  /// Fixes written so far.
  var points: Int { state.withLock { $0.points } }

  /// Opens the document (GPX header, CSV header).
  func begin() throws(LocateError) {
    try emit { state, out in
      guard !state.begun else { return }
      state.begun = true
      switch format {
      case .gpx: out.append(contentsOf: GPXFormat.header(version: Locate.version).utf8)
      case .csv:
        let header = CSVFormat.fixHeader(target: hasTarget)
        out.append(contentsOf: (regions ? RegionFormat.csvHeader(header) : header).utf8)
      case .text, .json, .geojson: break
      }
    }
  }

  /// Writes one fix; in GPX, `label` names the track point (the fix decided region events).
  func location(
    _ location: Fix, target: TargetReading?, label: (String, String)? = nil
  ) throws(LocateError) {
    guard !eventsOnly || label != nil else { return }
    try emit { state, out in
      var text = ""
      switch format {
      case .text:
        text = HumanFormat.watchLine(location, target: target)
      case .json:
        // `out` is empty here: the object takes its memory and hands it back.
        GPSDJSON.tpvObject(location, reusing: &out).appendLine(to: &out)
        if let target { text = LocateJSON.target(target, time: location.datedTimestamp) + "\n" }
      case .gpx:
        if state.points == 0 {
          text = GPXFormat.trackStart(name: "locate watch")
        } else if state.segmentBreakPending {
          text = GPXFormat.segmentBreak
        }
        text += GPXFormat.trackPoint(location, name: label?.0, description: label?.1)
      case .geojson:
        text = GeoJSONFormat.sequenceRecord(location, target: target)
      case .csv:
        text = CSVFormat.fixRow(location, target: target, hasTargetColumns: hasTarget)
        if regions { text = RegionFormat.csvFixRow(text) }
      }
      state.points += 1
      state.segmentBreakPending = false
      out.append(contentsOf: text.utf8)
    }
  }

  /// Writes a sky view (text and json, with `--satellites`).
  func sky(_ view: GNSSSkyView, device: String?) throws(LocateError) {
    guard satellites else { return }
    try emit { _, out in
      switch format {
      case .text: out.append(contentsOf: HumanFormat.sky(view).utf8)
      case .json: GPSDJSON.skyObject(view, device: device).appendLine(to: &out)
      case .gpx, .geojson, .csv: break
      }
    }
  }

  /// Writes an EVENT object (json only); other formats show events as notes on stderr.
  func event(_ json: String) throws(LocateError) {
    guard format == .json, !eventsOnly else { return }
    try emit { _, out in
      out.append(contentsOf: json.utf8)
      out.append(UInt8(ascii: "\n"))
    }
  }

  /// The receiver was lost: the next GPX point starts a new track segment.
  func receiverLost() {
    state.withLock { $0.segmentBreakPending = true }
  }

  /// Closes the document (once) and writes out everything buffered.
  func end() throws(LocateError) {
    try emit { state, out in
      guard state.begun, !state.ended else { return }
      state.ended = true
      guard format == .gpx else { return }
      out.append(contentsOf: ((state.points > 0 ? GPXFormat.trackEnd : "") + GPXFormat.footer).utf8)
    }
    try output.flush()
  }

  /// Writes a record made elsewhere (region transitions, visits); nothing after the end.
  func record(_ text: String) throws(LocateError) {
    try emit { _, out in out.append(contentsOf: text.utf8) }
  }

  /// Produces a record's bytes under the lock (appending them to its second argument), writes
  /// them and flushes them (if ``flushesEachRecord``); nothing after the end.
  func emit(_ produce: (inout State, inout [UInt8]) -> Void) throws(LocateError) {
    let result: Result<Void, LocateError> = state.withLock { state in
      guard !state.ended else { return .success(()) }
      var bytes: [UInt8] = []
      swap(&bytes, &state.scratch)
      produce(&state, &bytes)
      defer {
        bytes.removeAll(keepingCapacity: true)
        state.scratch = bytes
      }
      guard !bytes.isEmpty else { return .success(()) }
      do throws(LocateError) {
        try output.write(bytes: bytes)
        if flushesEachRecord { try output.flush() }
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
  }
}
