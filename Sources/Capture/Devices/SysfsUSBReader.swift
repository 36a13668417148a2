import DualCamCore
import Foundation

/// Reads a video node's USB details from sysfs: the interface behind
/// `class/video4linux/videoN/device`, its parent USB device (idVendor, idProduct, serial, speed,
/// busnum, devpath), and above it the hub and the host controller.
struct SysfsUSBReader {
  /// The sysfs root, `/sys` on a real system, a folder in tests.
  let root: URL

  /// The USB details of `nodeName` (e.g. `video0`), nil when it is not a USB device.
  func details(of nodeName: String) -> USBDetails? {
    let link = root.appendingPathComponent("class/video4linux/\(nodeName)/device")
    // The link points at the USB interface (…/1-2/1-2:1.0); its parent is the device.
    let interface = link.resolvingSymlinksInPath()
    var device = interface.deletingLastPathComponent()
    if read("idVendor", in: device) == nil {
      // Some drivers link straight to the device rather than the interface.
      guard read("idVendor", in: interface) != nil else { return nil }
      device = interface
    }
    guard let vendor = read("idVendor", in: device), let product = read("idProduct", in: device)
    else { return nil }
    let (hub, controller) = upstream(of: device)
    return USBDetails(
      vendorID: vendor, productID: product, serial: read("serial", in: device),
      manufacturer: read("manufacturer", in: device), product: read("product", in: device),
      speedMbps: read("speed", in: device).flatMap { Double($0) }.flatMap {
        $0.rounded(.down).roundedInteger(in: 0...1_000_000)  // 1.5 (low speed) is 1, as before
      },
      bus: read("busnum", in: device).flatMap { Int($0) }, portPath: read("devpath", in: device),
      hub: hub, hostController: controller)
  }

  /// The hub directly above `device` and the host controller at the top of its USB tree.
  private func upstream(of device: URL) -> (hub: String?, controller: String?) {
    let parent = device.deletingLastPathComponent()
    let hub = read("idVendor", in: parent) != nil ? parent.lastPathComponent : nil
    // Walk up to the root hub (`usbN`); the folder above it is the host controller.
    var current = device
    for _ in 0..<16 {
      let up = current.deletingLastPathComponent()
      if up.path == current.path || up.path.count < root.path.count { break }
      if current.lastPathComponent.hasPrefix("usb"),
        Int(current.lastPathComponent.dropFirst(3)) != nil
      {
        return (hub, up.lastPathComponent)
      }
      current = up
    }
    return (hub, nil)
  }

  /// A sysfs attribute, trimmed; nil when absent or empty.
  private func read(_ attribute: String, in folder: URL) -> String? {
    let url = folder.appendingPathComponent(attribute)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }
}
