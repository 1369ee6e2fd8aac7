import Receivers

extension ReceiverSource {
  /// How messages name the source: ``ReceiverSource/name`` (the device path, the file,
  /// `standard input`, the URL), `receiver` for discovery.
  var label: String {
    if case .discover = self { return "receiver" }
    return name ?? "receiver"
  }

  /// The device path when the source is a device; nil for discovery.
  var deviceLabel: String? {
    if case .discover = self { return nil }
    return label
  }
}
