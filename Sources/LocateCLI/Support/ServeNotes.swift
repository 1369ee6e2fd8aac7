import GPSDServer

/// The stderr notes about clients (shown on a terminal, or with `--verbose`).
enum ServeNotes {
  /// The note for a server event.
  static func text(_ event: GPSDServerEvent) -> String {
    switch event {
    case .connected(let number, let peer):
      return "client \(number) connected from \(peer)"
    case .watching(let number, let peer, let json, let sentences):
      let what = [json ? "JSON reports" : nil, sentences ? "sentences" : nil].compactMap { $0 }
      return "client \(number) (\(peer)) "
        + (what.isEmpty ? "stopped watching" : "watches " + what.joined(separator: " and "))
    case .disconnected(let number, let peer):
      return "client \(number) (\(peer)) left"
    case .dropped(let number, let peer, let reason):
      return "client \(number) (\(peer)) dropped: \(reason)"
    case .refused(let peer, let limit):
      return "refused \(peer): \(limit) clients already"
    }
  }
}
