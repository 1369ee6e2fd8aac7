import NMEA
import Receivers

// The types OpenCoreLocation's and LocationEngine's public API takes or returns that are
// declared in the Receivers and NMEA modules, named here so that an app spells them with
// `import OpenCoreLocation` alone (the `#if canImport(CoreLocation) … #else import
// OpenCoreLocation` swap needs nothing more).
//
// Type aliases rather than `@_exported import Receivers, NMEA`: the facade names the dozen
// types its API uses, with their members and cases, and leaves out the rest of those modules
// — the `Receiver` reader, discovery, serial-port registry, the NMEA decoder and its sentence
// types (`GGA`, `RMC`, `Sentence`, `Talker`, `Format`…) — which would otherwise land in every
// app's namespace and collide with its own names. Code that imports Receivers or NMEA as well
// sees the same types: an alias is the type, not a copy.

/// Where a receiver's bytes come from: a serial device, discovery, a capture file, standard
/// input, a TCP bridge or a gpsd server (Receivers' ``Receivers/ReceiverSource``).
public typealias ReceiverSource = Receivers.ReceiverSource

/// How a source is opened and read: reconnection, silence and baud-hunting limits
/// (Receivers' ``Receivers/ReceiverOptions``).
public typealias ReceiverOptions = Receivers.ReceiverOptions

/// A serial port's rate: fixed or hunted (Receivers' ``Receivers/BaudSetting``).
public typealias BaudSetting = Receivers.BaudSetting

/// How a capture file is replayed (Receivers' ``Receivers/Pacing``).
public typealias Pacing = Receivers.Pacing

/// A receiver's state as its reader sees it (Receivers' ``Receivers/DeviceState``).
public typealias DeviceState = Receivers.DeviceState

/// Who holds a busy device (Receivers' ``Receivers/DeviceHolder``).
public typealias DeviceHolder = Receivers.DeviceHolder

/// Why a device may not be opened, with its remedy (Receivers' ``Receivers/DeviceRefusal``).
public typealias DeviceRefusal = Receivers.DeviceRefusal

/// Why a source could not be opened or read (Receivers' ``Receivers/ReceiverError``).
public typealias ReceiverError = Receivers.ReceiverError

/// Whether sentences without a checksum are read (NMEA's ``NMEA/ChecksumPolicy``).
public typealias ChecksumPolicy = NMEA.ChecksumPolicy

/// A UTC calendar date as NMEA sentences carry it (NMEA's ``NMEA/NMEADate``).
public typealias NMEADate = NMEA.NMEADate

/// A sentence that was refused or a field that was ignored, and why (NMEA's
/// ``NMEA/NMEAError``).
public typealias NMEAError = NMEA.NMEAError

/// How many sentences were read, refused and salvaged, by address (NMEA's
/// ``NMEA/NMEACounters``).
public typealias NMEACounters = NMEA.NMEACounters

/// What framing met on the line: sentences, bytes, overlong lines (NMEA's
/// ``NMEA/FramingCounters``).
public typealias FramingCounters = NMEA.FramingCounters
