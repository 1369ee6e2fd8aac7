import JSON

// The server thread's answers to requests, and the fan-out of reports.
extension ServerLoop {
  /// Answers one request of `client`.
  func answer(_ request: Result<GPSDRequest, RequestError>, for client: ClientConnection) {
    switch request {
    case .failure(let error):
      reply(GPSDError.line(error.message), to: client)
    case .success(.version):
      reply(version.line, to: client)
    case .success(.devices):
      reply(devicesLine, to: client)
    case .success(.poll):
      reply(pollLine(for: client), to: client)
    case .success(.device(let arguments)):
      guard let device else {
        return reply(
          GPSDError.line("Can't perform DEVICE query, no devices attached."), to: client)
      }
      if case .string(let path)? = arguments?["path"], path != device.path {
        return reply(GPSDError.line("Can't open \(path)."), to: client)
      }
      // Settings (bps, parity, native, cycle…) are never applied: the device as it is.
      reply(device.object.crlfLine(), to: client)
    case .success(.watch(let arguments)):
      var policy = client.policy
      do throws(RequestError) {
        // A bare ?WATCH; changes nothing: it reports the watch as it is (gpsd 3.22).
        if let arguments { try policy.apply(arguments) }
      } catch {
        return reply(GPSDError.line(error.message), to: client)
      }
      if let wanted = policy.device, let device, wanted != device.path {
        return reply(GPSDError.line("Can't open \(wanted)."), to: client)
      }
      let changed = policy != client.policy
      client.policy = policy
      reply(devicesLine, to: client)
      reply(policy.line, to: client)
      if changed { noteWatching(client) }
    }
  }

  /// Takes one report from the publisher.
  func relay(_ report: GPSDReport) {
    let path = device?.path
    switch report {
    case .tpv(let object):
      lastTPV = object
      broadcast(object + Self.lineEnd) { $0.streamsReports(of: path) }
    case .sky(let object):
      lastSKY = object
      broadcast(object + Self.lineEnd) { $0.streamsReports(of: path) }
    case .timing(let object):
      broadcast(object + Self.lineEnd) { $0.streamsTiming(of: path) }
    case .sentences(let bytes):
      broadcast(bytes) { $0.streamsSentences(of: path) }
    case .deviceActivated(let path, let bps):
      let activated = GPSDDevice(path: path, activated: UTCTime.now(), bps: bps)
      device = activated
      broadcast(activated.object.crlfLine()) { $0.streamsReports(of: path) }
    case .deviceDeactivated:
      guard let path else { return }
      broadcast(GPSDDevice.deactivated(path)) { $0.streamsReports(of: path) }
      device = nil
    }
  }

  static let lineEnd: [UInt8] = [0x0D, 0x0A]

  /// DEVICES: the device while it is open, else an empty list.
  var devicesLine: [UInt8] {
    var object = JSONObject(class: "DEVICES")
    object.add(
      "devices", raw: [UInt8(ascii: "[")] + (device?.object.bytes ?? []) + [UInt8(ascii: "]")])
    return object.crlfLine()
  }

  /// POLL for `client`: the time, whether the device it watches is open, and that device's last
  /// TPV and SKY (gpsd 3.22's members, `gst` empty). As gpsd, only what the client watches: a
  /// client that has not enabled a watch (`?WATCH={"enable":true}`), or watches another
  /// device, gets `"active":0` and empty lists.
  func pollLine(for client: ClientConnection) -> [UInt8] {
    var object = JSONObject(class: "POLL")
    object.add("time", UTCTime.now())
    let watched = client.policy.enable && client.policy.watches(device?.path)
    object.add("active", watched && device != nil ? 1 : 0)
    func list(_ item: [UInt8]?) -> [UInt8] {
      [UInt8(ascii: "[")] + ((watched ? item : nil) ?? []) + [UInt8(ascii: "]")]
    }
    object.add("tpv", raw: list(lastTPV))
    object.add("gst", raw: list(nil))
    object.add("sky", raw: list(lastSKY))
    return object.crlfLine()
  }
}
