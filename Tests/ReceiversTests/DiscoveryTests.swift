import Glibc
import Testing

@testable import Receivers

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
    #expect(throws: ReceiverError(code: .notFound, path: "")) {
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
        code: .busy(holder: holder), path: "\(tree.root)/dev/ttyUSB0", errno: EBUSY)
    ) {
      try receiver.start(EventRecorder().handler)
    }
  }

  @Test("folds relative link targets within the tree")
  func normalizes() {
    #expect(normalizedPath("/dev/serial/by-id/../../ttyUSB0") == "/dev/ttyUSB0")
    #expect(normalizedPath("/a//b/./c/..") == "/a/b")
  }
}
