/// What the server is given to relay, from the thread that reads the receiver.
package enum GPSDReport: Sendable {
  /// A TPV object (one line of JSON, without its line end): to JSON watchers, and kept for
  /// `?POLL;`.
  case tpv([UInt8])
  /// A SKY object, likewise.
  case sky([UInt8])
  /// A TOFF or PPS object (one line of JSON, without its line end): to JSON watchers that
  /// asked for `"pps":true`, as gpsd sends them.
  case timing([UInt8])
  /// The receiver's sentences as they came, each with its CR LF: to NMEA and raw watchers.
  case sentences([UInt8])
  /// The receiver was opened (its path, and its speed for a serial device): DEVICES lists it and
  /// JSON watchers get its DEVICE object.
  case deviceActivated(path: String, bps: Int?)
  /// The receiver went away (unplugged, the input ended): JSON watchers get DEVICE with
  /// `"activated":0` and DEVICES lists nothing.
  case deviceDeactivated
}

/// What happened to clients, for the operator's notes (called on the server thread).
package enum GPSDServerEvent: Sendable, Equatable {
  /// A client connected (its number and address).
  case connected(client: Int, peer: String)
  /// A client's WATCH changed what it gets.
  case watching(client: Int, peer: String, json: Bool, sentences: Bool)
  /// A client closed its connection.
  case disconnected(client: Int, peer: String)
  /// A client was dropped: it did not read its output (`queued` bytes waiting), or its socket
  /// failed.
  case dropped(client: Int, peer: String, reason: String)
  /// A connection was refused: the client limit was reached.
  case refused(peer: String, limit: Int)
}
