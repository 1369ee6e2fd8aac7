import Platform
import Receivers

/// Points the symlink `link` at `target` atomically (a new link renamed over the old one).
///
/// Only a free path is taken: nothing there, or a stale link to a pseudo-terminal that is gone
/// (left by a simulator that was killed). A link to something that exists — another running
/// simulator's pty, or a user's own file — is never taken over.
/// - Throws: `busy` when the link points to a live pty, `invalidSource` when the path is not
///   a free link, `permissionDenied` when the directory may not be written, `notFound` when it
///   does not exist.
func pointLink(_ link: String, at target: String) throws(ReceiverError) {
  if let status = try? FileSystem.status(link, followingLinks: false) {
    guard status.kind == .symbolicLink else {
      throw ReceiverError(code: .invalidSource("exists and is not a symlink"), path: link)
    }
    let current = FileSystem.readLink(link) ?? ""
    if current != target && FileSystem.exists(link) {
      if current.hasPrefix("/dev/pts/") {
        throw ReceiverError(code: .busy(holder: nil), path: link, errno: Errno.busy.rawValue)
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
  let temporary = "\(link).\(CurrentProcess.id).new"
  try? FileSystem.remove(temporary)
  do {
    try FileSystem.makeSymbolicLink(temporary, to: target)
  } catch {
    throw linkError(link, error)
  }
  do {
    try FileSystem.rename(temporary, to: link)
  } catch {
    try? FileSystem.remove(temporary)
    throw linkError(link, error)
  }
}

/// The error for a link that could not be made.
private func linkError(_ link: String, _ error: Errno) -> ReceiverError {
  switch error {
  case .accessDenied, .notPermitted, .readOnlyFileSystem:
    return ReceiverError(code: .permissionDenied(group: nil), path: link, errno: error.rawValue)
  case .noSuchFile, .notDirectory:
    return ReceiverError(code: .notFound, path: link, errno: error.rawValue)
  default:
    return ReceiverError(code: .io, path: link, errno: error.rawValue)
  }
}

/// Removes `link` if it is a symlink pointing to `target` (ours: a link someone else took
/// over, or a file put in its place, is left alone).
func removeLink(_ link: String, pointingTo target: String) {
  guard (try? FileSystem.status(link, followingLinks: false))?.kind == .symbolicLink,
    FileSystem.readLink(link) == target
  else { return }
  try? FileSystem.remove(link)
}
