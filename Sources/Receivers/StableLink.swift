import Glibc

/// Points the symlink `link` at `target` atomically (a new link renamed over the old one).
///
/// Only a free path is taken: nothing there, or a stale link to a pseudo-terminal that is gone
/// (left by a simulator that was killed). A link to something that exists — another running
/// simulator's pty, or a user's own file — is never taken over.
/// - Throws: `busy` when the link points to a live pty, `invalidSource` when the path is not
///   a free link, `permissionDenied` when the directory may not be written, `notFound` when it
///   does not exist.
func pointLink(_ link: String, at target: String) throws(ReceiverError) {
  var info = stat()
  if lstat(link, &info) == 0 {
    guard (info.st_mode & S_IFMT) == S_IFLNK else {
      throw ReceiverError(
        code: .invalidSource("exists and is not a symlink"), path: link)
    }
    let current = readLink(link) ?? ""
    if current != target && access(link, F_OK) == 0 {
      if current.hasPrefix("/dev/pts/") {
        throw ReceiverError(
          code: .busy(holder: nil), path: link, errno: EBUSY)
      }
      throw ReceiverError(
        code: .invalidSource("is a link to \(current), not a free path"), path: link)
    }
    if current != target && !current.hasPrefix("/dev/pts/") {
      throw ReceiverError(
        code: .invalidSource("is a broken link to \(current), not one a simulator left"),
        path: link)
    }
  }
  let temporary = "\(link).\(getpid()).new"
  unlink(temporary)
  guard symlink(target, temporary) == 0 else { throw linkError(link, Glibc.errno) }
  guard rename(temporary, link) == 0 else {
    let error = Glibc.errno
    unlink(temporary)
    throw linkError(link, error)
  }
}

/// The error for a link that could not be made.
private func linkError(_ link: String, _ code: Int32) -> ReceiverError {
  switch code {
  case EACCES, EPERM, EROFS:
    return ReceiverError(code: .permissionDenied(group: nil), path: link, errno: code)
  case ENOENT, ENOTDIR:
    return ReceiverError(code: .notFound, path: link, errno: code)
  default:
    return ReceiverError(code: .io, path: link, errno: code)
  }
}

/// Removes `link` if it is a symlink pointing to `target` (ours: a link someone else took
/// over, or a file put in its place, is left alone).
func removeLink(_ link: String, pointingTo target: String) {
  var info = stat()
  guard lstat(link, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
    readLink(link) == target
  else { return }
  unlink(link)
}
