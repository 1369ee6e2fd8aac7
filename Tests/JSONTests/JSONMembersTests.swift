import JSON
import Testing

/// Number members written through one reservation (`JSONMembers`, gpsd's TPV) and objects
/// written into reused memory: the same text as the object's own `add` methods, and no new
/// memory per object.
@Suite struct JSONMembersTests {
  /// Values for every branch of the fixed-decimals writer: zero and negative zero, rounding
  /// half to even on the exact binary value, a carry into the whole part, the largest units
  /// it writes itself and the C library's text beyond them, and what is left out.
  static let values: [Double?] = [
    0, -0.0, 1, -1, 0.5, 2.5, 0.0005, -0.0004, 0.125, 9.9995, 99.99999999951,
    51.477788, -0.1534666, 359.99999, 123_456.789, 4.0e6, 3.99e12, 4.0e12, 1e20, -1e300,
    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .nan, .infinity, nil,
  ]

  @Test(arguments: values)
  func numbersAsTheObjectWritesThem(_ value: Double?) {
    for places in [0, 1, 2, 3, 4, 9, 12] {
      var members = JSONObject()
      members.add("class", "TPV")
      members.addMembers(2) { members in
        members.add("lat", value, places: places)
        members.add("lon", value.map { -$0 }, places: places)
      }
      var each = JSONObject()
      each.add("class", "TPV")
      each.add("lat", value, places: places)
      each.add("lon", value.map { -$0 }, places: places)
      #expect(members.text == each.text, "\(String(describing: value)) with \(places) places")
    }
  }

  @Test(arguments: [Int.min, -1, 0, 7, 10, 99, 100, 1_000_000, Int.max])
  func integersAsTheObjectWritesThem(_ value: Int) {
    var members = JSONObject()
    members.addMembers(1) { $0.add("dgpsSta", value) }
    var each = JSONObject()
    each.add("dgpsSta", value)
    #expect(members.text == each.text)
    #expect(members.text == "{\"dgpsSta\":\(value)}")
  }

  @Test func firstMembersHaveNoComma() {
    var object = JSONObject()
    object.addMembers(3) { members in
      members.add("a", 1.5, places: 1)
      members.add("b", nil, places: 1)
      members.add("c", -2)
    }
    object.addMembers(1) { $0.add("d", 0.25, places: 2) }
    #expect(object.text == "{\"a\":1.5,\"c\":-2,\"d\":0.25}")
  }

  @Test func theLargestNumbersFitTheirReservation() {
    // Every member at its longest: C's text of the largest `Double` with 12 decimals.
    var object = JSONObject()
    object.addMembers(19) { members in
      for _ in 0..<19 { members.add("geoidSep", -.greatestFiniteMagnitude, places: 12) }
    }
    #expect(object.text.hasPrefix("{\"geoidSep\":-179769313486231570814527423731704"))
    #expect(object.bytes.count == 1 + 19 * (11 + 1 + 309 + 1 + 12) + 18 + 1)
  }

  @Test func aReusedArrayKeepsItsMemory() {
    // Each object consumed by its line, as a writer's temporary is: none outlives it.
    var storage: [UInt8] = []
    do {
      var first = JSONObject(reusing: &storage)
      first.add("class", "TPV")
      first.addMembers(1) { $0.add("lat", 51.5, places: 9) }
      (consume first).appendLine(to: &storage)
    }
    #expect(
      String(decoding: storage, as: UTF8.self) == "{\"class\":\"TPV\",\"lat\":51.500000000}\n")
    let memory = storage.withUnsafeBufferPointer { $0.baseAddress }
    let capacity = storage.capacity
    storage.removeAll(keepingCapacity: true)
    do {
      var second = JSONObject(reusing: &storage)
      #expect(storage.isEmpty)
      second.add("class", "SKY")
      (consume second).appendLine(to: &storage)
    }
    #expect(String(decoding: storage, as: UTF8.self) == "{\"class\":\"SKY\"}\n")
    #expect(storage.withUnsafeBufferPointer { $0.baseAddress } == memory)
    #expect(storage.capacity == capacity)
  }
}
