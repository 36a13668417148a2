import Foundation
import TestSupport

/// A fake `/` with the parts of `/sys` and `/proc` the budget's readers read.
final class FakeKernelTree {
  let folder: TemporaryFolder
  var root: URL { folder.url }

  init() throws {
    folder = try TemporaryFolder()
  }

  /// Writes `text` to `relative`, creating folders.
  func write(_ relative: String, _ text: String) throws {
    let url = root.appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data((text + "\n").utf8).write(to: url)
  }

  /// Writes raw bytes to `relative`.
  func write(_ relative: String, bytes: [UInt8]) throws {
    let url = root.appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  /// A relative symbolic link at `relative` pointing to `destination`, as sysfs has them.
  func link(_ relative: String, to destination: String) throws {
    let url = root.appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: url.path, withDestinationPath: destination)
  }

  // MARK: - USB

  static let controller = "sys/devices/pci0000:00/0000:00:14.0"

  /// A USB device `name` (e.g. `1-2`) on root hub `usbN`, listed in `sys/bus/usb/devices`.
  func usbDevice(_ name: String, bus: Int, speed: String) throws -> String {
    let folder = "\(Self.controller)/usb\(bus)/\(name)"
    try write("\(Self.controller)/usb\(bus)/busnum", "\(bus)")
    try write("\(folder)/idVendor", "046d")
    try write("\(folder)/idProduct", "082d")
    try write("\(folder)/speed", speed)
    try write("\(folder)/busnum", "\(bus)")
    try link("sys/bus/usb/devices/\(name)", to: "../../../../\(folder)")
    return folder
  }

  /// An interface of `device` with class/subclass and current alternate setting.
  func interface(
    _ device: String, number: Int, classCode: String = "0e", subclass: String,
    alternate: Int = 0
  ) throws -> String {
    let name = device.split(separator: "/").last!
    let folder = "\(device)/\(name):1.\(number)"
    try write("\(folder)/bInterfaceClass", classCode)
    try write("\(folder)/bInterfaceSubClass", subclass)
    try write("\(folder)/bInterfaceNumber", String(format: "%02x", number))
    try write("\(folder)/bAlternateSetting", String(format: "%2d", alternate))
    return folder
  }

  /// An endpoint of the interface's current alternate setting.
  func endpoint(
    _ interface: String, address: Int, type: String, maxPacket: Int, interval: Int = 1
  ) throws {
    let folder = "\(interface)/ep_\(String(format: "%02x", address))"
    try write("\(folder)/type", type)
    try write("\(folder)/wMaxPacketSize", String(format: "%04x", maxPacket))
    try write("\(folder)/bInterval", String(format: "%02x", interval))
    try write("\(folder)/bEndpointAddress", String(format: "%02x", address))
  }

  /// `sys/class/video4linux/<node>/device` pointing at `target` (a folder under `sys/`).
  func videoNode(_ node: String, device target: String) throws {
    let relative = target.hasPrefix("sys/") ? String(target.dropFirst(4)) : target
    try link("sys/class/video4linux/\(node)/device", to: "../../../\(relative)")
  }
}
