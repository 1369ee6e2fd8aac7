import Glibc
import Platform

@testable import Receivers

/// A fake `/dev` and `/sys` in a temporary directory, whose tty entries are symlinks to real
/// pseudo-terminals, for discovery tests.
final class FakeDeviceTree {
  let root: String
  var roots: DiscoveryRoots {
    DiscoveryRoots(dev: "\(root)/dev", sys: "\(root)/sys", proc: "/proc")
  }

  init() {
    root = temporaryDirectory()
    FileSystem.makeDirectories("\(root)/dev/serial/by-id")
    FileSystem.makeDirectories("\(root)/sys/class/tty")
  }

  deinit { removeTree(root) }

  /// `/dev/NAME` → `target`.
  func device(_ name: String, to target: String) {
    symlink(target, "\(root)/dev/\(name)")
  }

  /// `/dev/serial/by-id/NAME` → `../../DEVICE`.
  func byID(_ name: String, device: String) {
    symlink("../../\(device)", "\(root)/dev/serial/by-id/\(name)")
  }

  /// A USB device with one interface whose tty `name` is bound to `driver`.
  /// `ttyInInterface` puts the tty in its own directory below the interface, as usb-serial does.
  func usb(
    tty name: String, bus: String, vendor: String, product: String, manufacturer: String?,
    productName: String?, driver: String, driverBus: String, ttyInInterface: Bool
  ) {
    let usbDevice = "\(root)/sys/devices/pci0000:00/usb1/\(bus)"
    let interface = "\(usbDevice)/\(bus):1.0"
    let device = ttyInInterface ? "\(interface)/\(name)" : interface
    FileSystem.makeDirectories(device)
    write("\(usbDevice)/idVendor", vendor + "\n")
    write("\(usbDevice)/idProduct", product + "\n")
    if let manufacturer { write("\(usbDevice)/manufacturer", manufacturer + "\n") }
    if let productName { write("\(usbDevice)/product", productName + "\n") }
    let drivers = "\(root)/sys/bus/\(driverBus)/drivers/\(driver)"
    FileSystem.makeDirectories(drivers)
    symlink(drivers, "\(device)/driver")
    FileSystem.makeDirectories("\(root)/sys/class/tty/\(name)")
    symlink(device, "\(root)/sys/class/tty/\(name)/device")
  }

  /// A built-in UART `name` of sysfs `type` (0: no UART behind it).
  func uart(_ name: String, type: Int) {
    FileSystem.makeDirectories("\(root)/sys/class/tty/\(name)")
    write("\(root)/sys/class/tty/\(name)/type", "\(type)\n")
  }

  func write(_ path: String, _ text: String) {
    guard
      let fd = try? FileDescriptor.open(
        path, .writeOnly, options: [.create, .truncate], permissions: 0o644)
    else { return }
    _ = Array(text.utf8).withUnsafeBytes { try? fd.writeAll($0) }
    fd.close()
  }
}
