/// RFC 4180 CSV: quoted fields (with `""` for a quote and line breaks inside), CRLF or LF line
/// ends, a UTF-8 byte-order mark ignored. Each record comes with the line it started on.
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

  /// Every record of `bytes`; blank lines are skipped.
  static func records(_ bytes: [UInt8]) throws(Failure) -> [Record] {
    var records: [Record] = []
    var fields: [String] = []
    var field: [UInt8] = []
    var line = 1
    var recordLine = 1
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var quoted = false
    var quoteLine = 1
    var fieldWasQuoted = false

    func endRecord() {
      fields.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
      if !(fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted) {
        records.append(Record(line: recordLine, fields: fields))
      }
      fields.removeAll(keepingCapacity: true)
      fieldWasQuoted = false
    }

    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if quoted {
        if byte == UInt8(ascii: "\"") {
          if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            field.append(byte)
            index += 1
          } else {
            quoted = false
          }
        } else {
          if byte == UInt8(ascii: "\n") { line += 1 }
          field.append(byte)
        }
        continue
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
        if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { continue }
        endRecord()
        line += 1
        recordLine = line
      case UInt8(ascii: "\n"):
        endRecord()
        line += 1
        recordLine = line
      default:
        field.append(byte)
      }
    }
    if quoted { throw Failure(line: quoteLine, reason: "a quoted field is never closed") }
    if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
    return records
  }
}
