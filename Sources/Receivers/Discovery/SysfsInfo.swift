import Platform

/// What sysfs says about a tty: the USB device behind it and its kernel driver.
struct SysfsInfo: Sendable, Hashable {
  /// `1546:01a7 u-blox AG u-blox GNSS receiver`: vendor and product IDs, manufacturer and
  /// product strings.
  var usbDescription: String?
  /// The driver bound to the tty's device (`cdc_acm`, `pl2303`, `cp210x`, `ftdi_sio`).
  var driver: String?
  /// The UART type for built-in serial ports (`/sys/class/tty/ttyS0/type`; 0 means no UART).
  var uartType: Int?

  /// Reads `/sys/class/tty/NAME` under `sysRoot`.
  init(tty name: String, sysRoot: String) {
    let classDirectory = "\(sysRoot)/class/tty/\(name)"
    uartType = FileSystem.readSmallFile("\(classDirectory)/type").flatMap {
      Int($0.trimmingLineEnd())
    }
    guard let device = FileSystem.resolvedPath("\(classDirectory)/device") else { return }
    driver = FileSystem.resolvedPath("\(device)/driver").map {
      String($0.split(separator: "/").last ?? "")
    }
    var directory = device
    for _ in 0..<6 {
      if let vendor = Self.attribute(directory, "idVendor") {
        let product = Self.attribute(directory, "idProduct") ?? "????"
        var words = ["\(vendor):\(product)"]
        let maker = Self.attribute(directory, "manufacturer")
        let model = Self.attribute(directory, "product")
        if let maker, !(model?.hasPrefix(maker) ?? false) { words.append(maker) }
        if let model { words.append(model) }
        usbDescription = words.joined(separator: " ")
        return
      }
      guard let slash = directory.lastIndex(of: "/"), slash != directory.startIndex else { return }
      directory = String(directory[..<slash])
    }
  }

  /// One sysfs attribute as trimmed text, `nil` when missing or empty.
  private static func attribute(_ directory: String, _ name: String) -> String? {
    guard
      let text = FileSystem.readSmallFile("\(directory)/\(name)", limit: 4096)?.trimmingLineEnd(),
      !text.isEmpty
    else { return nil }
    return text
  }
}
