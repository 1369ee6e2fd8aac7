import FoundationEssentials
import JSON

extension JSONObject {
  /// A time member, ISO 8601 UTC with milliseconds (`"invalid"` for a time beyond ±3 million
  /// years).
  package mutating func add(_ key: StaticString, time value: Date?) {
    add(key, secondsSince1970: value?.timeIntervalSince1970)
  }
}
