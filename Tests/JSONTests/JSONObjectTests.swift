import Foundation
import JSON
import TestSupport
import Testing

/// gpsd's objects as the one byte writer writes them: members in the order added, absent
/// and non-finite values left out, and the line ends the protocol needs.
@Suite struct JSONObjectTests {
  @Test func serverObjectsEndInCRLF() {
    var object = JSONObject(class: "VERSION")
    object.add("release", "locate 0.1.0")
    object.add("proto_major", 3)
    let line = object.crlfLine()
    #expect(
      String(decoding: line, as: UTF8.self)
        == "{\"class\":\"VERSION\",\"release\":\"locate 0.1.0\",\"proto_major\":3}\r\n")
    #expect(Array(line.suffix(3)) == [UInt8(ascii: "}"), 0x0D, 0x0A])
  }

  @Test func nestedObjectsAndLists() {
    var device = JSONObject(class: "DEVICE")
    device.add("path", "/dev/ttyUSB0")
    device.add("activated", 0)
    var devices = JSONObject(class: "DEVICES")
    devices.add("devices", raw: [UInt8(ascii: "[")] + device.bytes + [UInt8(ascii: "]")])
    #expect(
      String(decoding: devices.crlfLine(), as: UTF8.self)
        == "{\"class\":\"DEVICES\",\"devices\":[{\"class\":\"DEVICE\",\"path\":\"/dev/ttyUSB0\","
        + "\"activated\":0}]}\r\n")
  }

  @Test func keysOfEveryLength() {
    // Keys are copied in overlapping pieces by length (1, 2–3, 4–8, longer): each byte once,
    // nothing of the next member overwritten, as first member and after a comma.
    var object = JSONObject()
    var expected = "{"
    func add(_ key: StaticString, _ text: String) {
      object.add(key, 7)
      expected += (expected.count > 1 ? "," : "") + "\"\(text)\":7"
    }
    add("a", "a")
    add("ab", "ab")
    add("abc", "abc")
    add("abcd", "abcd")
    add("abcde", "abcde")
    add("abcdef", "abcdef")
    add("abcdefg", "abcdefg")
    add("abcdefgh", "abcdefgh")
    add("abcdefghi", "abcdefghi")
    add("abcdefghijkl", "abcdefghijkl")
    add("", "")
    add("z", "z")
    object.add("xyz", true)
    object.add("uvwxy", 1.25, places: 1)
    object.add("stuvwxyz", "s")
    expected += ",\"xyz\":true,\"uvwxy\":1.2,\"stuvwxyz\":\"s\"}"
    #expect(object.text == expected)
  }

  @Test func numberMembersAsTheCLibraryWritesThem() {
    // Key and number are written in one reservation: each member must read `"key":` and the C
    // library's `%.Nf` (no `-0`) or `%d`, after a comma from the second member on, whatever
    // the places (0…14: beyond 12 the C library writes them), signs and magnitudes (up to
    // 1e17: beyond 4e15 the C library too). 100,000 seeded members, a few dozen per object.
    var random = SeededRandom(seed: 0x4A53_4F4E)
    func next() -> UInt64 { random.next() }
    var mismatches: [String] = []
    var members = 0
    while members < 100_000 {
      var object = JSONObject()
      var expected = "{"
      for _ in 0..<Int(next() % 40) {
        let magnitude: Double = pow(10, Double(next() % 18))
        let unit: Double = Double(next() >> 11) / Double(1 << 53) - 0.5
        let value = unit * 2 * magnitude
        if next() % 4 == 0 {
          let integer = Int(value)
          object.add("n", integer)
          expected += (expected.count > 1 ? "," : "") + "\"n\":\(integer)"
        } else {
          let places = Int(next() % 15)
          object.add("lat", value, places: places)
          expected +=
            (expected.count > 1 ? "," : "") + "\"lat\":"
            + TextBytes.formatted(value, places: places)
        }
        members += 1
      }
      expected += "}"
      if object.text != expected, mismatches.count < 3 { mismatches.append(object.text) }
    }
    #expect(mismatches == [])
  }

  @Test func membersOfEveryKind() {
    var object = JSONObject()
    object.add("absent", nil as String?)
    object.add("name", "a\"b")
    object.add("lat", 48.117300001, places: 9)
    object.add("nan", Double.nan, places: 3)
    object.add("none", nil as Double?, places: 3)
    object.add("speed", shortest: 0.25)
    object.add("count", -12)
    object.add("none2", nil as Int?)
    object.add("flag", false)
    object.add("time", secondsSince1970: 951_782_400.5)
    object.add("later", secondsSince1970: nil)
    object.add("list", raw: "[1,2]")
    #expect(
      object.text
        == #"{"name":"a\"b","lat":48.117300001,"speed":0.25,"count":-12,"flag":false,"#
        + #""time":"2000-02-29T00:00:00.500Z","list":[1,2]}"#)
    var output = Array("x\n".utf8)
    object.appendLine(to: &output)
    #expect(String(decoding: output, as: UTF8.self) == "x\n" + object.text + "\n")
  }

  @Test func emptyObject() {
    #expect(JSONObject().text == "{}")
    var output: [UInt8] = []
    JSONObject().appendLine(to: &output)
    #expect(output == Array("{}\n".utf8))
  }
}
