import CLocateSys

/// Unix stream sockets (`AF_UNIX`) by path: how `locate` processes on one machine share a
/// receiver.
extension FileDescriptor {
  /// A non-blocking, close-on-exec socket bound to `path` and listening (a backlog of 16).
  /// The file it makes takes the process's umask; its directory decides who may connect.
  ///
  /// The corresponding C functions are `socket`, `bind` and `listen`.
  package static func unixListener(at path: String) throws(Errno) -> FileDescriptor {
    FileDescriptor(rawValue: try valueOrErrno { clocate_unix_socket(path, 1) }.get())
  }

  /// A non-blocking, close-on-exec socket connected to the listener at `path`
  /// (`ECONNREFUSED` when nobody listens there any more, `ENOENT` when there is no such socket).
  ///
  /// Never waits on a listener that does not accept: while its backlog is full the connection
  /// is tried again every 10 ms, and after `seconds` it fails with ``Errno/wouldBlock``
  /// (`EAGAIN`). A stuck holder cannot hang a process that joins it or `locate devices`.
  ///
  /// The corresponding C functions are `socket` and `connect`.
  package static func unixConnection(to path: String, within seconds: Double = 2)
    throws(Errno) -> FileDescriptor
  {
    let deadline = SystemTime.deadline(after: seconds)
    while true {
      switch valueOrErrno({ clocate_unix_socket(path, 0) }) {
      case .success(let descriptor): return FileDescriptor(rawValue: descriptor)
      case .failure(let error)
      where error == .wouldBlock && SystemTime.milliseconds(until: deadline) > 0:
        SystemTime.sleep(0.01)
      case .failure(let error): throw error
      }
    }
  }

  /// The process and user at the other end of a connected Unix socket, as the kernel saw them
  /// when it connected.
  ///
  /// The corresponding C call is `getsockopt(fd, SOL_SOCKET, SO_PEERCRED)`.
  package func peerCredentials() throws(Errno) -> (pid: Int32, uid: UInt32) {
    var pid: CInt = 0
    var uid: CUnsignedInt = 0
    try nothingOrErrno { clocate_peer_credentials(rawValue, &pid, &uid) }.get()
    return (pid, uid)
  }
}

/// Unix datagram sockets by path: chrony's SOCK reference clock.
extension FileDescriptor {
  /// A non-blocking, close-on-exec datagram socket, bound to `path` when one is given (a
  /// receiver of datagrams), else unbound (a sender).
  ///
  /// The corresponding C functions are `socket` and `bind`.
  package static func unixDatagram(boundTo path: String? = nil) throws(Errno) -> FileDescriptor {
    let descriptor =
      try valueOrErrno {
        if let path { return clocate_unix_datagram(path) }
        return clocate_unix_datagram(nil)
      }.get()
    return FileDescriptor(rawValue: descriptor)
  }

  /// Sends `bytes` as one datagram to the socket bound at `path`: `ENOENT` when there is none,
  /// `ECONNREFUSED` when nobody reads it any more, ``Errno/wouldBlock`` when its queue is full.
  ///
  /// The corresponding C function is `sendto`.
  package func send(_ bytes: UnsafeRawBufferPointer, toSocketAt path: String) throws(Errno) {
    _ = try valueOrErrno { clocate_unix_send_to(rawValue, path, bytes.baseAddress, bytes.count) }
      .get()
  }
}
