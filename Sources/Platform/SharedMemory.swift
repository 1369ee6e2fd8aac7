import Glibc

/// System V shared memory (`shmget(2)`, `shmat(2)`): what ntpd's and chrony's SHM reference
/// clocks read, a segment per key.
package enum SharedMemory {
  /// What `IPC_STAT` says of a segment.
  package struct Status: Sendable, Hashable {
    /// Its size in bytes.
    package var size: Int
    /// Its permission bits (`0o600`).
    package var permissions: UInt32
    /// Its owner's user ID.
    package var ownerID: UInt32
    /// The user ID of the process that made it.
    package var creatorID: UInt32
    /// The processes attached now.
    package var attachments: Int
    /// The process that made it.
    package var creatorPID: Int32
  }

  /// The identifier of the segment with `key`: made with `permissions` and `size` bytes when
  /// `create` and none exists. `EINVAL` when one exists that is smaller than `size`, `ENOENT`
  /// when none exists and `create` is false, `EACCES` when it may not be used, `EEXIST` when
  /// one exists and `exclusive` (only a new segment is wanted).
  ///
  /// The corresponding C function is `shmget`.
  package static func identifier(
    key: Int32, size: Int, create: Bool, exclusive: Bool = false, permissions: UInt32
  ) throws(Errno) -> Int32 {
    let flags =
      (create ? IPC_CREAT : 0) | (exclusive ? IPC_EXCL : 0) | Int32(permissions & 0o777)
    return try valueOrErrno { shmget(key_t(key), size, flags) }.get()
  }

  /// What the kernel says of segment `id`.
  ///
  /// The corresponding C call is `shmctl(id, IPC_STAT)`.
  package static func status(of id: Int32) throws(Errno) -> Status {
    var description = shmid_ds()
    try nothingOrErrno { shmctl(id, IPC_STAT, &description) }.get()
    return Status(
      size: Int(description.shm_segsz), permissions: UInt32(description.shm_perm.mode) & 0o777,
      ownerID: description.shm_perm.uid, creatorID: description.shm_perm.cuid,
      attachments: Int(description.shm_nattch), creatorPID: description.shm_cpid)
  }

  /// Maps segment `id` into this process, for reading and writing (or reading only).
  ///
  /// The corresponding C function is `shmat`.
  package static func attach(_ id: Int32, readOnly: Bool = false) throws(Errno)
    -> UnsafeMutableRawPointer
  {
    guard let address = shmat(id, nil, readOnly ? SHM_RDONLY : 0),
      address != UnsafeMutableRawPointer(bitPattern: -1)
    else { throw Errno.current }
    return address
  }

  /// Unmaps a segment attached with ``attach(_:readOnly:)``.
  ///
  /// The corresponding C function is `shmdt`.
  package static func detach(_ address: UnsafeMutableRawPointer) {
    _ = shmdt(address)
  }

  /// Marks segment `id` for removal once no process is attached.
  ///
  /// The corresponding C call is `shmctl(id, IPC_RMID)`.
  package static func remove(_ id: Int32) throws(Errno) {
    try nothingOrErrno { shmctl(id, IPC_RMID, nil) }.get()
  }
}
