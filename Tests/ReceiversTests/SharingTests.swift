import Glibc
import Platform
import Testing

@testable import Receivers
@testable import VirtualReceiver

/// The pieces of sharing that need no second process: the framing of a holder's stream,
/// which directories may hold its socket, and a joined process that stops reading.
@Suite("Sharing a receiver: framing, the private directory, a stalled peer")
struct SharingTests {
  /// A greeting at 9600 baud and three chunks, framed as a holder sends them.
  static func stream() -> (bytes: [UInt8], chunks: [([UInt8], Int64)]) {
    let chunks: [([UInt8], Int64)] = [
      (Array("$GPGGA,1*00\r\n".utf8), 1_000_000_007), ([], 5),
      (Array(repeating: 0x41, count: 5000), Int64.max - 3),
    ]
    var bytes = ShareFrame.greeting(rate: 9600)
    var header: [UInt8] = []
    for (chunk, time) in chunks {
      ShareFrame.header(time: time, count: chunk.count, into: &header)
      bytes += header + chunk
    }
    return (bytes, chunks)
  }

  @Test(
    "chunks come back whole, with their times, however the stream is cut",
    arguments: [1, 7, 12, 4096])
  func framing(piece: Int) {
    let (bytes, chunks) = Self.stream()
    var reader = ShareFrameReader()
    var received: [([UInt8], Int64)] = []
    var offset = 0
    while offset < bytes.count {
      let end = min(offset + piece, bytes.count)
      bytes[offset..<end].withUnsafeBytes { part in
        reader.feed(part) { chunk, time in received.append((Array(chunk), time)) }
      }
      offset = end
    }
    #expect(reader.rate == 9600)
    #expect(!reader.isBroken)
    #expect(received.map(\.0) == chunks.map(\.0))
    #expect(received.map(\.1) == chunks.map(\.1))
  }

  @Test("a stream that is not a holder's, or a chunk over 64 KiB, breaks the framing")
  func brokenFraming() {
    var stranger = ShareFrameReader()
    Array("$GPGGA,123519,4807.038,N*47\r\n".utf8).withUnsafeBytes { stranger.feed($0) { _, _ in } }
    #expect(stranger.isBroken)
    var tooLong = ShareFrameReader()
    var bytes = ShareFrame.greeting(rate: nil)
    var header: [UInt8] = []
    ShareFrame.header(time: 1, count: ShareFrame.maximumChunk + 1, into: &header)
    bytes += header
    var chunks = 0
    bytes.withUnsafeBytes { tooLong.feed($0) { _, _ in chunks += 1 } }
    #expect(tooLong.rate == 0)
    #expect(tooLong.isBroken)
    #expect(chunks == 0)
  }

  @Test("only a directory of this user that nobody else may enter, and not a link, is private")
  func privateDirectory() throws {
    let root = temporaryDirectory()
    defer { removeTree(root) }
    let me = CurrentProcess.userID
    let good = root + "/good"
    try FileSystem.makeDirectory(good, permissions: 0o700)
    #expect(ShareDirectory.isPrivate(good, owner: me))
    let open = root + "/open"
    try FileSystem.makeDirectory(open, permissions: 0o700)
    #expect(chmod(open, 0o755) == 0)
    #expect(!ShareDirectory.isPrivate(open, owner: me))
    let groupReadable = root + "/group"
    try FileSystem.makeDirectory(groupReadable, permissions: 0o700)
    #expect(chmod(groupReadable, 0o710) == 0)
    #expect(!ShareDirectory.isPrivate(groupReadable, owner: me))
    let link = root + "/link"
    try FileSystem.makeSymbolicLink(link, to: good)
    #expect(!ShareDirectory.isPrivate(link, owner: me))
    #expect(!ShareDirectory.isPrivate(good, owner: me &+ 1))
    if CurrentProcess.isRoot {
      let theirs = root + "/theirs"
      try FileSystem.makeDirectory(theirs, permissions: 0o700)
      #expect(chown(theirs, 65534, 65534) == 0)
      #expect(!ShareDirectory.isPrivate(theirs, owner: me))
    }
  }

  @Test("the socket is named after the device, whichever path leads to it")
  func socketName() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let root = temporaryDirectory()
    defer { removeTree(root) }
    try FileSystem.makeSymbolicLink(root + "/gps", to: pty.slavePath)
    let status = try FileSystem.status(pty.slavePath)
    let name = "tty-\(status.deviceMajor)-\(status.deviceMinor)"
    #expect(ShareDirectory.socketName(forDevice: pty.slavePath) == name)
    #expect(ShareDirectory.socketName(forDevice: root + "/gps") == name)
    #expect(ShareDirectory.socketName(forDevice: root) == nil)
  }

  @Test("a holder that ends removes its socket only while it is its own, not a newer holder's")
  func socketOwnership() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let name = try #require(ShareDirectory.socketName(forDevice: pty.slavePath))
    let path = try #require(ShareDirectory.own()) + "/" + name
    // A holder that lost the device keeps its relay; another one opened it meanwhile and
    // replaced the socket.
    let former = try #require(ShareHost.start(devicePath: pty.slavePath, rate: 9600))
    let current = try #require(ShareHost.start(devicePath: pty.slavePath, rate: 9600))
    defer { current.stop() }
    former.stop()
    let peer = try FileDescriptor.unixConnection(to: path)
    defer { peer.close() }
    #expect(try !poll(peer, for: .input, milliseconds: 10_000).isEmpty)
    var greeting = [UInt8](repeating: 0, count: ShareFrame.greetingSize)
    let count = try greeting.withUnsafeMutableBytes { try peer.read(into: $0) }
    #expect(Array(greeting[0..<count]) == ShareFrame.greeting(rate: 9600))
    current.stop()
    #expect((try? FileSystem.status(path, followingLinks: false)) == nil)
  }

  @Test("after a takeover, a peer that joins late gets what was read since, then the rest")
  func takeoverReplay() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let name = try #require(ShareDirectory.socketName(forDevice: pty.slavePath))
    let path = try #require(ShareDirectory.own()) + "/" + name
    let host = try #require(ShareHost.start(devicePath: pty.slavePath, rate: 9600))
    defer { host.stop() }
    let before = Array("$GPTXT,01,01,02,before*00\r\n".utf8)
    // Published before the takeover: kept for nobody.
    before.withUnsafeBytes { host.publish($0, at: 1) }
    host.replayToJoiners(for: 60)
    let waited = [Array("$GPGGA,epoch 130\r\n".utf8), Array("$GPGGA,epoch 131\r\n".utf8)]
    for (index, chunk) in waited.enumerated() {
      chunk.withUnsafeBytes { host.publish($0, at: Int64(100 + index)) }
    }
    // The holder's other former peer joins only now.
    let peer = try FileDescriptor.unixConnection(to: path)
    defer { peer.close() }
    #expect(waitUntil(timeout: 10) { host.peerCount == 1 })
    let after = Array("$GPGGA,epoch 132\r\n".utf8)
    after.withUnsafeBytes { host.publish($0, at: 102) }
    var expected = ShareFrame.greeting(rate: 9600)
    var header: [UInt8] = []
    for (chunk, time) in zip(waited + [after], [100, 101, 102] as [Int64]) {
      ShareFrame.header(time: time, count: chunk.count, into: &header)
      expected += header + chunk
    }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while received.count < expected.count {
      guard try !poll(peer, for: .input, milliseconds: 10_000).isEmpty else { break }
      let count = try buffer.withUnsafeMutableBytes { try peer.read(into: $0) }
      if count == 0 { break }
      received += buffer[0..<count]
    }
    #expect(received == expected)
  }

  @Test("a joined process that never reads is dropped; the holder reads on, every byte")
  func stalledPeer() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let recorder = EventRecorder()
    let holder = Receiver(
      source: .device(path: pty.slavePath, baud: .fixed(9600)), options: testOptions())
    try holder.start(recorder.handler)
    defer { holder.stop() }
    #expect(recorder.wait { $0.states.count == 1 })
    let name = try #require(ShareDirectory.socketName(forDevice: pty.slavePath))
    let directory = try #require(ShareDirectory.own())
    let peer = try FileDescriptor.unixConnection(to: directory + "/" + name)
    defer { peer.close() }
    // Four times the queue a peer may have, through the pty; the peer reads nothing meanwhile.
    let line = Array("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n".utf8)
    let total = 4 * ShareHost.queueLimit / line.count * line.count
    var block: [UInt8] = []
    for _ in 0..<(65536 / line.count) { block += line }
    var written = 0
    while written < total {
      let count = min(block.count, total - written)
      try block[0..<count].withUnsafeBytes { try pty.master.writeAll($0) }
      written += count
    }
    #expect(recorder.wait(timeout: 60) { $0.bytes.count == total })
    // Dropped: what its socket held, then the end, though the holder still runs.
    var received = 0
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      guard try !poll(peer, for: .input, milliseconds: 10_000).isEmpty else {
        Issue.record("the stalled peer was not dropped")
        break
      }
      let count = try buffer.withUnsafeMutableBytes { try peer.read(into: $0) }
      if count == 0 { break }
      received += count
    }
    #expect(received < total)
    #expect(received > 0)
  }

  @Test("a stuck holder (a listener that never accepts): connecting gives up at its deadline")
  func listenerThatNeverAccepts() throws {
    let directory = temporaryDirectory()
    defer { removeTree(directory) }
    let path = directory + "/stuck.sock"
    let listener = try FileDescriptor.unixListener(at: path)
    defer { listener.close() }
    // Fill the backlog (16): the connections the kernel queues for an accept that never comes.
    var queued: [FileDescriptor] = []
    defer { for descriptor in queued { descriptor.close() } }
    while queued.count < 64 {
      do { queued.append(try FileDescriptor.unixConnection(to: path, within: 0)) } catch {
        #expect(error == .wouldBlock)
        break
      }
    }
    #expect((16...18).contains(queued.count))
    let start = SystemTime.now()
    #expect(throws: Errno.wouldBlock) { try FileDescriptor.unixConnection(to: path, within: 0.3) }
    // It retried until its deadline before giving up.
    #expect(SystemTime.now() - start >= 300_000_000)
    // One accepted, one more gets in.
    let (accepted, _) = try listener.accept()
    accepted.close()
    try FileDescriptor.unixConnection(to: path, within: 0.3).close()
  }
}
