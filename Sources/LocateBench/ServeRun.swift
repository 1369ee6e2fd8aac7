// One run of `LocateBench serve`: the pty, `locate serve`, its clients, the writer thread.
import Foundation
import Platform
import Receivers

/// A pty fed by a writer thread, read by `locate serve` (or the floor, serve_floor.c), whose
/// clients this process is.
struct ServeRun {
  /// `locate`, or the floor's binary when ``floor``.
  let server: String
  let settings: ServeSettings
  /// Runs `server PTY` (serve_floor.c) instead of `server serve --device PTY …`.
  var floor = false

  func run() throws(LiveBenchError) -> ServeResult {
    let pty = try LiveFeed.openRawPty()
    defer { close(pty.master) }
    let serve = ["serve", "--device", pty.path, "--baud", "115200", "--listen", "127.0.0.1:0"]
    let child = try BenchChild(server, floor ? [pty.path] : serve)
    defer { child.stop() }
    let pid = child.pid
    var first = child.lines()
    let deadline = monotonicNanoseconds() + 10_000_000_000
    var address: Substring?
    while address == nil {
      guard monotonicNanoseconds() < deadline, first.poll(milliseconds: 100) else {
        throw LiveBenchError(message: "\(server) printed no address")
      }
      address = first.take().first?.0
    }
    let port = UInt16(address?.split(separator: ":").last ?? "") ?? 0
    var clients = try (0..<settings.clients).map { _ throws(LiveBenchError) in
      try Self.watcher(port: port)
    }
    defer { for client in clients { close(client.descriptor) } }
    // Every client has its WATCH answered, and the device is open (DEVICES lists it).
    for index in clients.indices {
      while !clients[index].seen(#""class":"WATCH""#)
        || !clients[index].seen(#"{"class":"DEVICE","path""#)
      {
        guard monotonicNanoseconds() < deadline, clients[index].poll(milliseconds: 100) else {
          throw LiveBenchError(message: "\(server) did not open \(pty.path) for a client")
        }
      }
      _ = clients[index].take()
      clients[index].stopKeepingText()
    }
    var result = ServeResult()
    result.clients = settings.clients
    let written = WrittenEpochs()
    let writer = try LiveFeed.startWriter(
      master: pty.master, rate: settings.rate, seconds: settings.seconds, written: written)
    let cpuBefore = LiveRun.cpuSeconds(pid)
    var arrivals: [(epoch: Int64, at: Int64)] = []
    var entries = clients.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
    var feedEnd: Int64 = 0
    while true {
      for index in entries.indices { entries[index].revents = 0 }
      _ = poll(&entries, nfds_t(entries.count), 20)
      // Arrival: when poll(2) said the client's socket had data (reading ten sockets one
      // after the other would otherwise count this process's own reading time).
      let ready = monotonicNanoseconds()
      for index in entries.indices where entries[index].revents != 0 {
        _ = clients[index].poll(milliseconds: 0)
        for (text, _) in clients[index].take() {
          guard let epoch = LiveRun.tpvMilliseconds(text) else { continue }
          arrivals.append((epoch, ready))
        }
      }
      if written.snapshot.done {
        if feedEnd == 0 { feedEnd = monotonicNanoseconds() }
        if monotonicNanoseconds() - feedEnd > 500_000_000 { break }
      }
    }
    let cpuAfter = LiveRun.cpuSeconds(pid)
    (result.figures.load, result.figures.cpuPressure) = LiveRun.machineLoad()
    writer.join()
    let snapshot = written.snapshot
    result.epochs = snapshot.times.count
    result.tpvs = arrivals.count
    result.figures.cpuSeconds = cpuAfter - cpuBefore
    result.figures.feedSeconds = Double(feedEnd - snapshot.first) / 1e9
    let warmupEnd = snapshot.first + Int64(settings.warmup * 1e9)
    for arrival in arrivals {
      guard let sent = snapshot.times[arrival.epoch], sent >= warmupEnd else { continue }
      result.latencies.append(arrival.at - sent)
    }
    result.figures.readMemory(pid)
    return result
  }

  /// A client connected to `127.0.0.1:port` that asked for JSON reports.
  static func watcher(port: UInt16) throws(LiveBenchError) -> LineReader {
    let descriptor: FileDescriptor
    do {
      descriptor = try TCPConnection.connect(host: "127.0.0.1", port: port, url: "serve")
    } catch {
      throw LiveBenchError(message: "cannot connect to locate serve: \(error)")
    }
    let request = Array(#"?WATCH={"enable":true,"json":true};"#.utf8) + [0x0A]
    _ = request.withUnsafeBytes { send(descriptor.rawValue, $0.baseAddress, $0.count, 0) }
    return LineReader(descriptor: descriptor.rawValue)
  }
}
