import Platform

/// One connected client, owned by the server thread: its socket, what it watches, its input
/// split in requests and its bounded output.
final class ClientConnection {
  /// Its number (1, 2, … in connection order), for notes.
  let number: Int
  /// Its address, `HOST:PORT`.
  let peer: String
  /// Its socket.
  let descriptor: FileDescriptor
  /// What it watches.
  var policy = WatchPolicy()
  /// Its requests.
  var input: RequestReader
  /// Its output.
  var output: OutputBuffer
  /// False once closed (it may still be in a list being walked).
  var isOpen = true

  init(number: Int, peer: String, descriptor: FileDescriptor, limits: GPSDServer.Limits) {
    self.number = number
    self.peer = peer
    self.descriptor = descriptor
    input = RequestReader(maximumLength: limits.maximumRequestLength)
    output = OutputBuffer(limit: limits.maximumQueuedBytes)
  }

  /// Sets the socket up for a stream of small reports: `TCP_NODELAY` (a TPV goes out at once,
  /// not held back by Nagle's algorithm) and a fixed send buffer (`SO_SNDBUF`, so a client that
  /// stops reading fills it, and then the output limit, in seconds rather than minutes).
  func configure(sendBuffer: Int) {
    descriptor.configureForMessages(sendBuffer: sendBuffer)
  }

  /// Reads what the client sent (`read(2)`); false at its end (closed, reset).
  func receive(into buffer: UnsafeMutableRawBufferPointer, _ handle: (RequestReader.Line) -> Void)
    -> Bool
  {
    do {
      let count = try descriptor.read(into: buffer)
      guard count > 0 else { return false }
      input.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), handle)
      return true
    } catch {
      return error == .wouldBlock
    }
  }
}
