import Platform

/// Which `/dev/ppsN` belongs to a serial port, from sysfs: each PPS source the kernel has
/// registered is `/sys/class/pps/ppsN`, and the line discipline's (`N_PPS`) names its tty in
/// `path` (`/dev/ttyS0`). A GPIO source (a Raspberry Pi's `pps-gpio` overlay) names no tty: it
/// is taken for a UART (`ttyAMA*`, `ttyS*`, `serial0`…) when it is the only such source, as
/// gpsd takes `/dev/pps0` for those. The kernel's test source `ktimer` is never taken.
package enum PPSDiscovery {
  /// One source the kernel registered.
  package struct Source: Sendable, Hashable {
    /// `/dev/ppsN`.
    package var device: String
    /// Its `name` (`pps-ldisc`, `pps@12.-1`, `ktimer`).
    package var name: String
    /// Its `path`: the tty of a line discipline source, empty otherwise.
    package var path: String
  }

  /// The sources under `root` (`/sys` by default), by number.
  package static func sources(root: String = "/sys") -> [Source] {
    let directory = root + "/class/pps"
    return FileSystem.directoryEntries(directory).filter { $0.hasPrefix("pps") }
      .sorted { (Int($0.dropFirst(3)) ?? 0) < (Int($1.dropFirst(3)) ?? 0) }
      .map { entry in
        func attribute(_ name: String) -> String {
          (FileSystem.readSmallFile(directory + "/" + entry + "/" + name) ?? "")
            .trimmingCharacters(in: "\n ")
        }
        return Source(device: "/dev/" + entry, name: attribute("name"), path: attribute("path"))
      }
  }

  /// The PPS device of serial port `port` (a path as given: a link is resolved), if any.
  package static func device(forPort port: String, root: String = "/sys") -> String? {
    let sources = sources(root: root)
    let names = Set([port, FileSystem.resolvedPath(port) ?? port])
    if let source = sources.first(where: { !$0.path.isEmpty && names.contains($0.path) }) {
      return source.device
    }
    let resolved = FileSystem.resolvedPath(port) ?? port
    let uart = ["/dev/ttyAMA", "/dev/ttyS", "/dev/serial", "/dev/ttymxc", "/dev/ttyO"]
      .contains { resolved.hasPrefix($0) || port.hasPrefix($0) }
    let gpio = sources.filter { $0.path.isEmpty && $0.name != "ktimer" }
    return uart && gpio.count == 1 ? gpio[0].device : nil
  }
}

extension String {
  /// Without leading and trailing characters of `set` (FoundationEssentials-free).
  fileprivate func trimmingCharacters(in set: String) -> String {
    let unwanted = Set(set)
    var text = Substring(self)
    while let first = text.first, unwanted.contains(first) { text = text.dropFirst() }
    while let last = text.last, unwanted.contains(last) { text = text.dropLast() }
    return String(text)
  }
}
