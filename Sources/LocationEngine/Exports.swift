// The engine's I/O-free core (fixes, assembly, policies, rules) comes with the engine: a
// client of `LocationEngine` names `Fix` or `LocationPolicy` without importing it, as swift-nio's
// `NIO` brings `NIOCore`.
@_exported import LocationCore
