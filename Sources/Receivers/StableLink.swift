import Glibc

/// Points the symlink `link` at `target` atomically (a new link renamed over the old one).
/// - Throws: when `link` exists and is not a symlink, or cannot be made.
func pointLink(_ link: String, at target: String) throws(ReceiverError) {
  var info = stat()
  if lstat(link, &info) == 0 && (info.st_mode & S_IFMT) != S_IFLNK {
    throw ReceiverError(
      code: .invalidSource("exists and is not a symlink; choose another link path"), path: link)
  }
  let temporary = "\(link).\(getpid()).new"
  unlink(temporary)
  guard symlink(target, temporary) == 0 else {
    throw ReceiverError(code: .io, path: link, errno: Glibc.errno)
  }
  guard rename(temporary, link) == 0 else {
    let error = Glibc.errno
    unlink(temporary)
    throw ReceiverError(code: .io, path: link, errno: error)
  }
}

/// Removes `link` if it is a symlink.
func removeLink(_ link: String) {
  var info = stat()
  if lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK { unlink(link) }
}
