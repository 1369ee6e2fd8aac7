import Glibc
import Testing

@testable import Receivers
@testable import VirtualReceiver

@Suite("Device discovery over a fake /dev and /sys")
struct DiscoveryTests {
  @Test("lists by-id devices first, then ttyUSB and ttyACM, with USB details and states")
  func listsDevices() throws {
    let tree = FakeDeviceTree()
    let ublox = try PseudoTerminal()
    let prolific = try PseudoTerminal()
    let held = try PseudoTerminal()
    defer {
      ublox.close()
      prolific.close()
      held.close()
    }
    tree.device("ttyACM0", to: ublox.slavePath)
    tree.device("ttyUSB0", to: prolific.slavePath)
    tree.device("ttyACM1", to: held.slavePath)
    tree.device("ttyUSB7", to: "/dev/pts/nothing-here")
    tree.device("ttyS0", to: prolific.slavePath)
    tree.byID("usb-u-blox_AG_u-blox_GNSS_receiver-if00", device: "ttyACM0")
    tree.usb(
      tty: "ttyACM0", bus: "1-1", vendor: "1546", product: "01a7", manufacturer: "u-blox AG",
      productName: "u-blox GNSS receiver", driver: "cdc_acm", driverBus: "usb",
      ttyInInterface: false)
    tree.usb(
      tty: "ttyUSB0", bus: "1-2", vendor: "067b", product: "2303",
      manufacturer: "Prolific Technology Inc.", productName: "USB-Serial Controller",
      driver: "pl2303", driverBus: "usb-serial", ttyInInterface: true)

    let holder = Receiver(
      source: .device(path: "\(tree.root)/dev/ttyACM1", baud: .fixed(9600)), options: testOptions())
    try holder.start(EventRecorder().handler)
    defer { holder.stop() }

    let dev = "\(tree.root)/dev"
    let devices = DeviceDiscovery.list(roots: tree.roots, probeSerialPorts: false)
    #expect(
      devices == [
        DiscoveredDevice(
          path: "\(dev)/ttyACM0",
          byID: "\(dev)/serial/by-id/usb-u-blox_AG_u-blox_GNSS_receiver-if00",
          usbDescription: "1546:01a7 u-blox AG u-blox GNSS receiver", driver: "cdc_acm",
          state: .available(path: "\(dev)/ttyACM0")),
        DiscoveredDevice(
          path: "\(dev)/ttyUSB0",
          usbDescription: "067b:2303 Prolific Technology Inc. USB-Serial Controller",
          driver: "pl2303", state: .available(path: "\(dev)/ttyUSB0")),
        DiscoveredDevice(
          path: "\(dev)/ttyACM1",
          state: .busy(
            path: "\(dev)/ttyACM1", holder: DeviceHolder(pid: getpid(), command: ownCommand))),
      ])
  }

  @Test("an empty machine has no devices, and discovering one fails with a remedy")
  func nothingFound() {
    let tree = FakeDeviceTree()
    #expect(DeviceDiscovery.list(roots: tree.roots, probeSerialPorts: true) == [])
    let receiver = Receiver(
      source: .discover(baud: .fixed(9600)), options: testOptions(), roots: tree.roots)
    #expect(throws: ReceiverError(code: .notFound, path: "", source: .device)) {
      try receiver.start(EventRecorder().handler)
    }
  }

  @Test("discovery picks the first usable device, through its stable by-id link")
  func discoverSource() throws {
    let tree = FakeDeviceTree()
    let pty = try PseudoTerminal()
    defer { pty.close() }
    tree.device("ttyACM0", to: pty.slavePath)
    tree.byID("usb-Gadget-if00", device: "ttyACM0")
    let recorder = EventRecorder()
    let receiver = Receiver(
      source: .discover(baud: .fixed(4800)), options: testOptions(), roots: tree.roots)
    try receiver.start(recorder.handler)
    defer { receiver.stop() }
    let link = "\(tree.root)/dev/serial/by-id/usb-Gadget-if00"
    #expect(recorder.wait { $0.states == [.connected(path: link, baud: 4800)] })
    #expect(pty.readerRate == 4800)
  }

  @Test("when the only device is busy, discovering one fails with busy")
  func discoverBusy() throws {
    let tree = FakeDeviceTree()
    let pty = try PseudoTerminal()
    defer { pty.close() }
    tree.device("ttyUSB0", to: pty.slavePath)
    let port = try SerialPort.open(pty.slavePath, rate: 9600)
    defer { port.close() }
    let receiver = Receiver(
      source: .discover(baud: .fixed(9600)), options: testOptions(), roots: tree.roots)
    let holder = DeviceHolder(pid: getpid(), command: ownCommand)
    #expect(
      throws: ReceiverError(
        code: .busy(holder: holder), path: "\(tree.root)/dev/ttyUSB0", errno: EBUSY,
        source: .device)
    ) {
      try receiver.start(EventRecorder().handler)
    }
  }

  @Test("ttyS ports are listed only when asked to probe, and only when they talk NMEA")
  func probesSerialPorts() throws {
    let tree = FakeDeviceTree()
    let talking = VirtualReceiver(script: .capture(path: Fixtures.drive, speed: 10, loop: true))
    let unprobed = VirtualReceiver(script: .capture(path: Fixtures.drive, speed: 10, loop: true))
    try talking.start()
    try unprobed.start()
    let quiet = try PseudoTerminal()
    defer {
      talking.stop()
      unprobed.stop()
      quiet.close()
    }
    tree.device("ttyS0", to: talking.ptyPath)
    tree.uart("ttyS0", type: 4)
    tree.device("ttyS1", to: quiet.slavePath)
    tree.uart("ttyS1", type: 4)
    tree.device("ttyS2", to: unprobed.ptyPath)
    tree.uart("ttyS2", type: 0)  // no UART behind it: never probed
    #expect(DeviceDiscovery.list(roots: tree.roots, probeSerialPorts: false) == [])
    let path = "\(tree.root)/dev/ttyS0"
    #expect(
      DeviceDiscovery.list(roots: tree.roots, probeSerialPorts: true, probeWindow: 1.5) == [
        DiscoveredDevice(path: path, state: .available(path: path))
      ])
  }

  @Test("a device named on the command line is inspected the same way")
  func inspectsOneDevice() throws {
    let tree = FakeDeviceTree()
    let pty = try PseudoTerminal()
    defer { pty.close() }
    tree.device("ttyACM0", to: pty.slavePath)
    tree.byID("usb-Gadget-if00", device: "ttyACM0")
    tree.usb(
      tty: "ttyACM0", bus: "1-1", vendor: "1546", product: "01a9", manufacturer: nil,
      productName: "u-blox GNSS receiver", driver: "cdc_acm", driverBus: "usb",
      ttyInInterface: false)
    let path = "\(tree.root)/dev/ttyACM0"
    #expect(
      DeviceDiscovery.inspect(path: path, roots: tree.roots)
        == DiscoveredDevice(
          path: path, byID: "\(tree.root)/dev/serial/by-id/usb-Gadget-if00",
          usbDescription: "1546:01a9 u-blox GNSS receiver", driver: "cdc_acm",
          state: .available(path: path)))
    let missing = "\(tree.root)/dev/ttyACM9"
    #expect(
      DeviceDiscovery.inspect(path: missing, roots: tree.roots)
        == DiscoveredDevice(path: missing, state: .unavailable(path: missing)))
  }

  @Test("folds relative link targets within the tree")
  func normalizes() {
    #expect(normalizedPath("/dev/serial/by-id/../../ttyUSB0") == "/dev/ttyUSB0")
    #expect(normalizedPath("/a//b/./c/..") == "/a/b")
  }
}
