import Dispatch
import Platform

/// A receiver found on this machine.
public struct DiscoveredDevice: Sendable, Hashable {
  /// The device path (`/dev/ttyUSB0`).
  public var path: String
  /// The stable `/dev/serial/by-id/…` link to it, if any.
  public var byID: String?
  /// USB vendor and product (`1546:01a7 u-blox GNSS receiver`), from sysfs.
  public var usbDescription: String?
  /// Kernel driver (`cdc_acm`, `pl2303`, `cp210x`, `ftdi_sio`), from sysfs.
  public var driver: String?
  /// Whether we may open it now: ``DeviceState/available(path:)``,
  /// ``DeviceState/denied(path:group:)``, ``DeviceState/busy(path:holder:)``, or
  /// ``DeviceState/unavailable(path:)`` when it vanished while being looked at.
  public var state: DeviceState

  /// Makes a record.
  public init(
    path: String, byID: String? = nil, usbDescription: String? = nil, driver: String? = nil,
    state: DeviceState
  ) {
    self.path = path
    self.byID = byID
    self.usbDescription = usbDescription
    self.driver = driver
    self.state = state
  }
}

/// Finds serial GNSS receivers.
public enum DeviceDiscovery {
  /// Candidates in preference order: /dev/serial/by-id/*, ttyUSB*, ttyACM*, /dev/serial0,
  /// ttyAMA*; ttyS* only when `probeSerialPorts` and it really talks NMEA (each UART that
  /// sysfs says exists is listened to for about a second at 9600, 4800, 38400 and 115200 baud,
  /// in parallel). Each is opened and closed once to learn its state.
  public static func list(probeSerialPorts: Bool = false) -> [DiscoveredDevice] {
    list(roots: .system, probeSerialPorts: probeSerialPorts)
  }

  /// ``list(probeSerialPorts:)`` under other roots (a fake tree in tests).
  static func list(
    roots: DiscoveryRoots, probeSerialPorts: Bool, probeWindow: Double = 1.1
  ) -> [DiscoveredDevice] {
    let found = candidates(roots: roots)
    var devices = found.map { candidate in
      describe(
        candidate.path, byID: candidate.byID, roots: roots,
        state: accessState(candidate.path, roots))
    }
    let seen = Set(found.map(\.identity))
    let names = FileSystem.directoryEntries(roots.dev)
    if probeSerialPorts {
      let candidates = ttys(names, prefix: "ttyS", in: roots.dev).filter { path in
        guard let identity = FileSystem.resolvedPath(path), !seen.contains(identity) else {
          return false
        }
        let name = String(path.split(separator: "/").last ?? "")
        return (SysfsInfo(tty: name, sysRoot: roots.sys).uartType ?? 0) != 0
      }
      devices += probe(candidates, roots: roots, window: probeWindow)
    }
    return devices
  }

  /// One device named by the user (`--device PATH`): its state (opened and closed again at
  /// once, without changing its settings), its by-id link and what sysfs says about it.
  public static func inspect(path: String) -> DiscoveredDevice {
    inspect(path: path, roots: .system)
  }

  /// ``inspect(path:)`` under other roots.
  static func inspect(path: String, roots: DiscoveryRoots) -> DiscoveredDevice {
    let link = roots.stableLink(for: path)
    return describe(
      path, byID: link == path ? nil : link, roots: roots, state: accessState(path, roots))
  }

  /// Throws `invalidSource` when `path` is not a serial port at all: the pty multiplexer, a
  /// path that is not a device (a file, a socket: said which, whether or not it may be opened),
  /// or a device that is not a terminal (`/dev/null`). Other failures to open it are
  /// left to ``inspect(path:)``'s state (denied, busy, missing).
  public static func checkSerialPort(_ path: String) throws(ReceiverError) {
    if SerialPort.isPseudoTerminalMultiplexer(path) {
      throw ReceiverError(
        code: .invalidSource("the pseudo-terminal multiplexer, not a receiver"), path: path,
        errno: Errno.notTerminal.rawValue)
    }
    if let notADevice = DeviceAccess.notADevice(path) { throw notADevice }
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(path, .readWrite, options: SerialPort.openOptions)
    } catch  where error == .isDirectory {
      throw DeviceAccess.error(for: error, path: path)
    } catch {
      return
    }
    defer { descriptor.close() }
    do throws(Errno) {
      _ = try descriptor.terminalAttributes()
    } catch  where error == .notTerminal || error == .invalidArgument {
      throw DeviceAccess.error(for: error, path: path)
    } catch {}
  }

  /// Whether `path` may be opened now: open it (`O_RDWR | O_NOCTTY | O_NONBLOCK`), try the
  /// lock and the exclusive flag, and close it again.
  static func accessState(_ path: String, _ roots: DiscoveryRoots) -> DeviceState {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(path, .readWrite, options: SerialPort.openOptions)
    } catch {
      return stateForError(error, path: path, roots: roots)
    }
    // Not a terminal: whoever else has it open (everyone has /dev/null) does not hold it.
    if (try? descriptor.terminalAttributes()) == nil {
      descriptor.close()
      return .unavailable(path: path)
    }
    if let other = DeviceHolders.others(path, procRoot: roots.proc).first {
      descriptor.close()
      return .busy(path: path, holder: other)
    }
    do throws(Errno) {
      try descriptor.lockExclusively()
      if try descriptor.isTerminalExclusive() { throw Errno.busy }
      _ = try descriptor.terminalAttributes()
      descriptor.close()
      return .available(path: path)
    } catch {
      descriptor.close()
      return stateForError(error, path: path, roots: roots)
    }
  }

  static func stateForError(_ error: Errno, path: String, roots: DiscoveryRoots)
    -> DeviceState
  {
    DeviceAccess.state(
      for: DeviceAccess.deviceError(for: error, path: path, procRoot: roots.proc))
      ?? .unavailable(path: path)
  }

  private static func describe(
    _ path: String, byID: String?, roots: DiscoveryRoots, state: DeviceState
  ) -> DiscoveredDevice {
    let name = String((FileSystem.resolvedPath(path) ?? path).split(separator: "/").last ?? "")
    let ownName = String(path.split(separator: "/").last ?? "")
    var info = SysfsInfo(tty: ownName, sysRoot: roots.sys)
    if info.driver == nil && info.usbDescription == nil && name != ownName {
      info = SysfsInfo(tty: name, sysRoot: roots.sys)
    }
    return DiscoveredDevice(
      path: path, byID: byID, usbDescription: info.usbDescription, driver: info.driver,
      state: state)
  }

  /// `/dev/PREFIXn` for every entry named `PREFIX` + digits, in numeric order.
  static func ttys(_ names: [String], prefix: String, in dev: String) -> [String] {
    names.compactMap { name -> (Int, String)? in
      guard name.hasPrefix(prefix), let number = Int(name.dropFirst(prefix.count)) else {
        return nil
      }
      return (number, "\(dev)/\(name)")
    }.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// The built-in serial ports among `paths` that answer with NMEA at a common rate.
  private static func probe(_ paths: [String], roots: DiscoveryRoots, window: Double)
    -> [DiscoveredDevice]
  {
    let results = ProbeResults(count: paths.count)
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
      var hunter = BaudHunter(
        path: paths[index], cacheKey: paths[index], cache: nil, sentences: 2, window: window,
        procRoot: roots.proc)
      hunter.rates = [9600, 4800, 38400, 115200]
      if let port = try? hunter.hunt() {
        port.close()
        results.set(index)
      }
    }
    return paths.indices.filter(results.contains).map { index in
      describe(paths[index], byID: nil, roots: roots, state: .available(path: paths[index]))
    }
  }
}

/// Which probes succeeded, filled in from several threads.
private final class ProbeResults: Sendable {
  private let found = Locked<Set<Int>>([])
  init(count: Int) {}
  func set(_ index: Int) { found.withLock { _ = $0.insert(index) } }
  func contains(_ index: Int) -> Bool { found.withLock { $0.contains(index) } }
}
