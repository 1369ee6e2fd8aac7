/// A command of gpsd's protocol that clients send: `?NAME;` or `?NAME={JSON};`.
enum GPSDRequest: Equatable {
  /// `?VERSION;`
  case version
  /// `?DEVICES;`
  case devices
  /// `?DEVICE;` (the device) or `?DEVICE={…};` (settings: acknowledged, never applied).
  case device(RequestArguments?)
  /// `?WATCH;` or `?WATCH={…};`
  case watch(RequestArguments?)
  /// `?POLL;`
  case poll

  /// The longest text of a bad request quoted back in an ERROR message.
  static let quotedLength = 80

  /// The requests on one line (without its line end), in order. A line may hold several
  /// (`?VERSION;?DEVICES;`); empty lines and stray `;` are nothing. The first malformed request
  /// ends the line with its error, as gpsd does: `Unrecognized request '…'` for anything that is
  /// not a known command, `Invalid NAME: why` for a malformed JSON argument.
  ///
  /// `lineEnd` is how the line ended: gpsd quotes an unrecognized request with it (`'?FOO;\n'`,
  /// `'?FOO;\r\n'`; `\n` when it had none).
  static func parse(line: ArraySlice<UInt8>, lineEnd: RequestReader.LineEnd = .lineFeed)
    -> [Result<GPSDRequest, RequestError>]
  {
    func unrecognized(_ text: ArraySlice<UInt8>) -> RequestError {
      Self.unrecognized(text, lineEnd: lineEnd)
    }
    var results: [Result<GPSDRequest, RequestError>] = []
    var index = line.startIndex
    func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == UInt8(ascii: ";")
    }
    while true {
      while index < line.endIndex, isSpace(line[index]) { index += 1 }
      guard index < line.endIndex else { return results }
      let start = index
      guard line[index] == UInt8(ascii: "?") else {
        results.append(.failure(unrecognized(line[start...])))
        return results
      }
      index += 1
      let nameStart = index
      while index < line.endIndex, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(line[index]) {
        index += 1
      }
      let name = String(decoding: line[nameStart..<index], as: UTF8.self)
      var arguments: RequestArguments?
      if index < line.endIndex, line[index] == UInt8(ascii: "=") {
        index += 1
        let end = objectEnd(line, from: index)
        do throws(RequestError) {
          arguments = try RequestArguments(parsing: line[index..<end])
        } catch {
          guard ["WATCH", "DEVICE"].contains(name) else {
            results.append(.failure(unrecognized(line[start...])))
            return results
          }
          results.append(.failure(RequestError("Invalid \(name): \(error.message)")))
          return results
        }
        index = end
      } else if index < line.endIndex, !isSpace(line[index]) {
        results.append(.failure(unrecognized(line[start...])))
        return results
      }
      switch (name, arguments) {
      case ("VERSION", nil): results.append(.success(.version))
      case ("DEVICES", nil): results.append(.success(.devices))
      case ("POLL", nil): results.append(.success(.poll))
      case ("DEVICE", _): results.append(.success(.device(arguments)))
      case ("WATCH", _): results.append(.success(.watch(arguments)))
      default:
        results.append(.failure(unrecognized(line[start...])))
        return results
      }
    }
  }

  /// Where the JSON value starting at `start` ends: after its closing brace (strings and nesting
  /// followed), or at the first `;` outside one, or at the end of the line.
  private static func objectEnd(_ line: ArraySlice<UInt8>, from start: Int) -> Int {
    var nesting = JSONNesting()
    var index = start
    while index < line.endIndex {
      let byte = line[index]
      index += 1
      guard nesting.take(byte) else { continue }
      switch byte {
      case UInt8(ascii: "}"), UInt8(ascii: "]"): if nesting.depth <= 0 { return index }
      case UInt8(ascii: ";") where nesting.depth == 0: return index - 1
      default: break
      }
    }
    return line.endIndex
  }

  /// `Unrecognized request 'TEXT\n'`, as gpsd writes it: the rest of the line from the bad
  /// request, cut at ``quotedLength`` bytes, and its line end.
  static func unrecognized(_ text: ArraySlice<UInt8>, lineEnd: RequestReader.LineEnd)
    -> RequestError
  {
    var quoted = String(decoding: text.prefix(quotedLength), as: UTF8.self)
    if text.count > quotedLength { quoted += "…" }
    return RequestError("Unrecognized request '\(quoted)\(lineEnd.quoted)'")
  }
}
