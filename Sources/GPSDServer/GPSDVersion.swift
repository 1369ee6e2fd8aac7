import JSON

/// What the VERSION object says: the server's release, and the protocol level it speaks
/// (gpsd 3.22's, 3.14).
package struct GPSDVersion: Sendable, Equatable {
  /// `release`, e.g. `locate 0.1.0`.
  package var release: String
  /// `rev`.
  package var revision: String
  /// `proto_major`.
  package var protocolMajor = 3
  /// `proto_minor`.
  package var protocolMinor = 14

  /// A version with gpsd 3.22's protocol level.
  package init(release: String, revision: String) {
    self.release = release
    self.revision = revision
  }

  /// The VERSION object (the greeting, and the answer to `?VERSION;`).
  var line: [UInt8] {
    var object = JSONObject(class: "VERSION")
    object.add("release", release)
    object.add("rev", revision)
    object.add("proto_major", protocolMajor)
    object.add("proto_minor", protocolMinor)
    return object.crlfLine()
  }
}

/// gpsd's ERROR object.
enum GPSDError {
  /// `{"class":"ERROR","message":"…"}`.
  static func line(_ message: String) -> [UInt8] {
    var object = JSONObject(class: "ERROR")
    object.add("message", message)
    return object.crlfLine()
  }
}
