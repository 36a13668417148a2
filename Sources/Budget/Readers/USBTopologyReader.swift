public import Foundation

/// Reads from sysfs where a V4L2 camera sits on USB and what periodic bandwidth is reserved:
/// the device's speed and bus (root hub `usbN`, host controller above it), the streaming
/// interface's current alternate setting and its endpoints' wMaxPacketSize, and what other
/// devices on the same bus reserve.
///
/// Walks the tree as `SysfsUSBReader` in Capture does (`class/video4linux/videoN/device` is the
/// USB interface; its parent folder is the device; the `usbN` folder above is the root hub).
/// Endpoint folders (`ep_81`) belong to the interface's *current* alternate setting: the kernel
/// recreates them when the driver switches settings, so an idle camera (setting 0) shows none.
public struct USBTopologyReader: Sendable {
  private let tree: SysfsTree

  /// A reader of the tree under `root` (`/` on a real system: `sys/` is read below it).
  public init(root: URL = URL(fileURLWithPath: "/")) {
    tree = SysfsTree(root: root)
  }

  /// Where the camera at video node `nodeName` (e.g. `video0`) is plugged in; nil when it is
  /// not a USB device.
  public func placement(ofVideoNode nodeName: String) -> USBPlacement? {
    let link = tree.url("sys/class/video4linux/\(nodeName)/device")
    let interface = link.resolvingSymlinksInPath()
    var device = interface.deletingLastPathComponent()
    if tree.attribute("idVendor", in: device) == nil {
      // Some drivers link straight to the device rather than the interface.
      guard tree.attribute("idVendor", in: interface) != nil else { return nil }
      device = interface
    }
    guard let speed = self.speed(of: device), let bus = busName(of: device) else { return nil }
    let reserved = streamingReservation(of: device, speed: speed)
    return USBPlacement(
      bus: bus, hostController: hostController(above: device), device: device.lastPathComponent,
      speed: speed, reservedBytesPerInterval: reserved > 0 ? reserved : nil)
  }

  /// Periodic reservations of every device on `buses` except root hubs, as their current
  /// alternate settings stand; devices reserving nothing are left out.
  public func periodicStreams(onBuses buses: Set<String>) -> [USBStream] {
    let devices = tree.url("sys/bus/usb/devices")
    var streams: [USBStream] = []
    for name in tree.children(of: devices) where !name.contains(":") && name.contains("-") {
      let folder = devices.appendingPathComponent(name).resolvingSymlinksInPath()
      guard let bus = busName(of: folder), buses.contains(bus), let speed = speed(of: folder)
      else { continue }
      let interfaces = tree.children(of: folder).filter { $0.hasPrefix("\(name):") }
      let bytes = interfaces.reduce(0) { total, interface in
        total
          + reservation(
            of: folder.appendingPathComponent(interface), device: folder, speed: speed)
      }
      if bytes > 0 {
        streams.append(USBStream(bus: bus, device: name, speed: speed, bytesPerInterval: bytes))
      }
    }
    return streams
  }

  // MARK: - Reading one device

  private func speed(of device: URL) -> USBSpeed? {
    tree.attribute("speed", in: device).flatMap(Double.init).flatMap(USBSpeed.init)
  }

  private func busName(of device: URL) -> String? {
    tree.attribute("busnum", in: device).flatMap(Int.init).map { "usb\($0)" }
  }

  /// The folder above the root hub (`usbN`): the host controller's PCI or platform address.
  private func hostController(above device: URL) -> String? {
    var current = device
    for _ in 0..<16 {
      let name = current.lastPathComponent
      if name.hasPrefix("usb"), Int(name.dropFirst(3)) != nil {
        return current.deletingLastPathComponent().lastPathComponent
      }
      let up = current.deletingLastPathComponent()
      if up.path == current.path { break }
      current = up
    }
    return nil
  }

  /// What the device's video streaming interfaces (class 0x0e, subclass 0x02) reserve now.
  private func streamingReservation(of device: URL, speed: USBSpeed) -> Int {
    let prefix = device.lastPathComponent + ":"
    return tree.children(of: device).filter { $0.hasPrefix(prefix) }.reduce(0) { total, name in
      let interface = device.appendingPathComponent(name)
      guard tree.hexAttribute("bInterfaceClass", in: interface) == 0x0e,
        tree.hexAttribute("bInterfaceSubClass", in: interface) == 0x02
      else { return total }
      return total + reservation(of: interface, device: device, speed: speed)
    }
  }

  /// Bytes per bus interval the interface's periodic endpoints reserve in its current
  /// alternate setting, each averaged over its service interval (2^(bInterval−1) intervals,
  /// USB 2.0 §9.6.6; full-speed interrupt endpoints give milliseconds directly).
  func reservation(of interface: URL, device: URL, speed: USBSpeed) -> Int {
    var companions: [USBDescriptorParser.EndpointKey: Int]?
    var total = 0.0
    for name in tree.children(of: interface) where name.hasPrefix("ep_") {
      let endpoint = interface.appendingPathComponent(name)
      guard let type = tree.attribute("type", in: endpoint), type == "Isoc" || type == "Interrupt",
        let raw = tree.hexAttribute("wMaxPacketSize", in: endpoint)
      else { continue }
      var bytes = (raw & 0x7ff) * (speed == .high ? ((raw >> 11) & 3) + 1 : 1)
      if speed == .superSpeed || speed == .superSpeedPlus {
        if companions == nil {
          companions = USBDescriptorParser.superSpeedBytesPerInterval(
            tree.bytes(device.appendingPathComponent("descriptors")) ?? [])
        }
        let key = USBDescriptorParser.EndpointKey(
          interface: tree.hexAttribute("bInterfaceNumber", in: interface) ?? -1,
          alternateSetting: tree.attribute("bAlternateSetting", in: interface).flatMap {
            Int($0)
          } ?? -1,
          address: tree.hexAttribute("bEndpointAddress", in: endpoint) ?? -1)
        bytes = companions?[key] ?? bytes
      }
      let interval = max(1, tree.hexAttribute("bInterval", in: endpoint) ?? 1)
      let period =
        speed == .full && type == "Interrupt" ? interval : 1 << min(15, interval - 1)
      total += Double(bytes) / Double(period)
    }
    return Int(total.rounded(.up))
  }
}
