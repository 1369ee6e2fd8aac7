/// RFC 4180 CSV: quoted fields (with `""` for a quote and line breaks inside), CRLF or LF line
/// ends, a UTF-8 byte-order mark ignored. Each record comes with the line it started on.
///
/// It reads a stream chunk by chunk (``feed(_:_:)``, then ``finish(_:)``), handing out each
/// record as soon as it is complete, so a file is checked from its first line on and never held
/// whole; a record longer than ``maximumRecordBytes`` is an error (a file with no line ends,
/// such as `/dev/zero`, fails at once instead of filling memory).
struct CSVReader {
  /// A record and its first line number (1-based).
  struct Record: Sendable, Hashable {
    var line: Int
    var fields: [String]
  }

  /// Why the text is not CSV.
  struct Failure: Error, Sendable, Hashable {
    var line: Int
    var reason: String
  }

  /// The longest record read, in bytes (64 KiB).
  static let maximumRecordBytes = 65536

  private var fields: [String] = []
  private var field: [UInt8] = []
  private var recordBytes = 0
  private var line = 1
  private var recordLine = 1
  private var quoted = false
  private var quoteLine = 1
  private var fieldWasQuoted = false
  private var started = false
  private var bom: [UInt8] = []
  /// A CR seen last, whose LF may come in the next chunk.
  private var pendingCR = false
  /// A quote just closed a quoted field (a second one makes it a quote inside the field).
  private var afterQuote = false

  /// Every record of `bytes`; blank lines are skipped.
  static func records(_ bytes: [UInt8]) throws(Failure) -> [Record] {
    var reader = CSVReader()
    var records: [Record] = []
    var failure: Failure?
    bytes.withUnsafeBytes { chunk in
      do throws(Failure) { try reader.feed(chunk, into: &records) } catch { failure = error }
    }
    if let failure { throw failure }
    try reader.finish(into: &records)
    return records
  }

  /// Reads a chunk, appending every record it completes to `records` (blank lines are
  /// skipped); on a failure, the records before it are there.
  mutating func feed(_ chunk: UnsafeRawBufferPointer, into records: inout [Record])
    throws(Failure)
  {
    for byte in chunk {
      if !started {
        // A byte-order mark, possibly split across chunks.
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if bom.count < 3 && byte == mark[bom.count] {
          bom.append(byte)
          if bom.count == 3 { started = true }
          continue
        }
        started = true
        let held = bom
        bom = []
        for early in held { try take(early, &records) }
      }
      try take(byte, &records)
    }
  }

  /// Ends the stream: the last record, if it has no line end.
  mutating func finish(into records: inout [Record]) throws(Failure) {
    if !started {
      started = true
      let held = bom
      bom = []
      for early in held { try take(early, &records) }
    }
    if pendingCR {
      pendingCR = false
      endRecord(&records)
      line += 1
    }
    if quoted { throw Failure(line: quoteLine, reason: "a quoted field is never closed") }
    if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord(&records) }
  }

  private mutating func take(_ byte: UInt8, _ records: inout [Record]) throws(Failure) {
    if pendingCR {
      pendingCR = false
      endRecord(&records)
      line += 1
      recordLine = line
      if byte == UInt8(ascii: "\n") { return }
    }
    recordBytes += 1
    if recordBytes > Self.maximumRecordBytes {
      throw Failure(
        line: recordLine,
        reason: "a record longer than \(Self.maximumRecordBytes / 1024) KiB (not CSV text?)")
    }
    if quoted {
      if byte == UInt8(ascii: "\"") {
        quoted = false
        afterQuote = true
      } else {
        if byte == UInt8(ascii: "\n") { line += 1 }
        field.append(byte)
      }
      return
    }
    if afterQuote {
      afterQuote = false
      if byte == UInt8(ascii: "\"") {
        // `""` inside a quoted field: a quote, and the field goes on.
        field.append(byte)
        quoted = true
        return
      }
    }
    switch byte {
    case UInt8(ascii: "\""):
      guard field.isEmpty else {
        throw Failure(line: line, reason: "a quote in the middle of an unquoted field")
      }
      quoted = true
      fieldWasQuoted = true
      quoteLine = line
    case UInt8(ascii: ","):
      fields.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
      fieldWasQuoted = false
    case UInt8(ascii: "\r"):
      pendingCR = true
    case UInt8(ascii: "\n"):
      endRecord(&records)
      line += 1
      recordLine = line
    default:
      field.append(byte)
    }
  }

  private mutating func endRecord(_ records: inout [Record]) {
    fields.append(String(decoding: field, as: UTF8.self))
    field.removeAll(keepingCapacity: true)
    let blank = fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted
    let complete = Record(line: recordLine, fields: fields)
    fields.removeAll(keepingCapacity: true)
    fieldWasQuoted = false
    recordBytes = 0
    if !blank { records.append(complete) }
  }
}
