import Platform

extension HeadingRule {
  /// The sources (by ``LocationService`` device name, "" for a discovered receiver) that sent
  /// this process a heading sentence (recorded by each engine's runtime as its core sees the
  /// first: ``HeadingSource/takeSeenSource()``).
  package static let sources = Locked(Set<String>())
}
