/// The satellite IDs a GSA sentence lists as used in the solution, stored inline (no heap).
///
/// Holds up to 16 IDs: NMEA allows 12, some receivers send more; extra IDs are dropped and
/// counted in ``overflow``.
public struct SatelliteIDs: Sendable, Hashable, RandomAccessCollection {
  /// The capacity.
  public static let capacity = 16
  // Zero, from two 16-byte words (the InlineArray's own initializer was an outlined call).
  @usableFromInline var storage = unsafeBitCast(
    (0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64), to: InlineArray<16, UInt16>.self)
  /// How many IDs are stored.
  public internal(set) var count = 0
  /// How many IDs did not fit.
  public internal(set) var overflow = 0

  /// Makes an empty list.
  @inlinable
  public init() {}

  /// Makes a list from IDs (for tests and synthetic data).
  public init(_ ids: [UInt16]) { for id in ids { append(id) } }

  /// Adds an ID, or counts it in ``overflow`` when the list is full.
  public mutating func append(_ id: UInt16) {
    if count < Self.capacity {
      storage[count] = id
      count += 1
    } else {
      overflow += 1
    }
  }

  /// 0.
  @inlinable public var startIndex: Int { 0 }
  /// ``count``.
  @inlinable public var endIndex: Int { count }
  /// The ID at `position`.
  @inlinable public subscript(position: Int) -> UInt16 { storage[position] }

  /// Calls `body` with the stored IDs as one buffer (no copy per element, as a subscript of
  /// the inline storage makes when the list is a parameter).
  @inlinable
  public func withUnsafeBufferPointer<R>(
    _ body: (UnsafeBufferPointer<UInt16>) throws -> R
  ) rethrows -> R {
    try storage.span.withUnsafeBufferPointer { all in
      try body(UnsafeBufferPointer(rebasing: all[0..<count]))
    }
  }

  /// Equal when the same IDs are stored in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elementsEqual(rhs) && lhs.overflow == rhs.overflow
  }

  /// Hashes the stored IDs.
  public func hash(into hasher: inout Hasher) {
    for id in self { hasher.combine(id) }
    hasher.combine(overflow)
  }
}

/// One satellite in a GSV sentence.
public struct SatelliteInView: Sendable, Hashable {
  /// The satellite ID as sent (NMEA numbering; see ``GSV`` for the ranges).
  public var id: UInt16
  /// Elevation in degrees (0–90), if sent.
  public var elevation: Int16?
  /// Azimuth in degrees true (0–359), if sent.
  public var azimuth: Int16?
  /// Signal-to-noise ratio in dB-Hz (0–99), absent when not tracking.
  public var snr: Int16?

  /// Makes a satellite record.
  @inlinable
  public init(id: UInt16, elevation: Int16? = nil, azimuth: Int16? = nil, snr: Int16? = nil) {
    self.id = id
    self.elevation = elevation
    self.azimuth = azimuth
    self.snr = snr
  }
}

/// The up-to-four satellites of one GSV sentence, stored inline (no heap).
public struct GSVSatellites: Sendable, Hashable, RandomAccessCollection {
  /// The capacity (NMEA sends at most 4 per sentence; a few receivers send more and the rest
  /// are counted in ``overflow``).
  public static let capacity = 6
  // All bytes zero (six satellite 0s with elevation, azimuth and SNR 0, never read: only the
  // first `count` are), made from a type without padding so that a new list is a few wide
  // stores, not 36 narrow ones that the padding after each optional's tag keeps apart.
  @usableFromInline var storage = unsafeBitCast(
    (
      0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64,
      0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt32
    ),
    to: InlineArray<6, SatelliteInView>.self)
  /// How many satellites are stored.
  public internal(set) var count = 0
  /// How many did not fit.
  public internal(set) var overflow = 0

  /// Makes an empty list.
  @inlinable
  public init() {}

  /// Makes a list from records (for tests and synthetic data).
  public init(_ satellites: [SatelliteInView]) { for sat in satellites { append(sat) } }

  /// Adds a satellite, or counts it in ``overflow`` when the list is full.
  public mutating func append(_ satellite: SatelliteInView) {
    if count < Self.capacity {
      storage[count] = satellite
      count += 1
    } else {
      overflow += 1
    }
  }

  /// 0.
  @inlinable public var startIndex: Int { 0 }
  /// ``count``.
  @inlinable public var endIndex: Int { count }
  /// The satellite at `position`.
  @inlinable public subscript(position: Int) -> SatelliteInView { storage[position] }

  /// Calls `body` with the stored satellites as one buffer (no copy per element, as a
  /// subscript of the inline storage makes when the list is a parameter).
  @inlinable
  public func withUnsafeBufferPointer<R>(
    _ body: (UnsafeBufferPointer<SatelliteInView>) throws -> R
  ) rethrows -> R {
    try storage.span.withUnsafeBufferPointer { all in
      try body(UnsafeBufferPointer(rebasing: all[0..<count]))
    }
  }

  /// Equal when the same satellites are stored in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elementsEqual(rhs) && lhs.overflow == rhs.overflow
  }

  /// Hashes the stored satellites.
  public func hash(into hasher: inout Hasher) {
    for sat in self { hasher.combine(sat) }
    hasher.combine(overflow)
  }
}

/// GNS's mode indicator string, one letter per constellation (GPS, GLONASS, Galileo, BeiDou,
/// QZSS, NavIC in NMEA 4.11 order), stored inline.
public struct ModeIndicators: Sendable, Hashable, RandomAccessCollection {
  /// The capacity.
  public static let capacity = 8
  @usableFromInline var storage = InlineArray<8, UInt8>(repeating: 0)
  /// How many letters are stored.
  public internal(set) var count = 0

  /// Makes an empty list.
  @inlinable
  public init() {}

  /// Makes a list from a string such as `"AAN"` (for tests).
  public init(_ letters: String) { for byte in letters.utf8 { append(byte) } }

  /// Adds a letter; letters beyond the capacity are ignored.
  public mutating func append(_ letter: UInt8) {
    if count < Self.capacity {
      storage[count] = letter
      count += 1
    }
  }

  /// 0.
  @inlinable public var startIndex: Int { 0 }
  /// ``count``.
  @inlinable public var endIndex: Int { count }
  /// The mode at `position`.
  @inlinable public subscript(position: Int) -> FAAMode { FAAMode(storage[position]) }

  /// The raw letter at `position`.
  @inlinable public func letter(at position: Int) -> UInt8 { storage[position] }

  /// Equal when the same letters are stored.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.count == rhs.count && (0..<lhs.count).allSatisfy { lhs.storage[$0] == rhs.storage[$0] }
  }

  /// Hashes the stored letters.
  public func hash(into hasher: inout Hasher) {
    for index in 0..<count { hasher.combine(storage[index]) }
  }
}
