import Foundation
import TestSupport

/// A fake `/sys` and `/dev` in a temporary folder: video4linux class entries linked to USB
/// interfaces under a PCI host controller, USB attributes, node files and /dev/v4l links.
final class FakeDeviceTree {
  let folder: TemporaryFolder
  var sysfs: URL { folder.url.appendingPathComponent("sys") }
  var dev: URL { folder.url.appendingPathComponent("dev") }

  init() throws { folder = try TemporaryFolder() }

  /// The node path as discovery will name it, e.g. `<dev>/video0`.
  func node(_ name: String) -> String { dev.appendingPathComponent(name).path }

  /// A USB device at `devicePath` (e.g. `pci0000:00/0000:00:14.0/usb1/1-1/1-1.2`) with
  /// attributes, returning its folder.
  @discardableResult
  func addUSBDevice(_ devicePath: String, attributes: [String: String]) throws -> URL {
    let device = sysfs.appendingPathComponent("devices/\(devicePath)")
    try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
    for (name, value) in attributes {
      try (value + "\n").write(
        to: device.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return device
  }

  /// A video4linux class entry `nodeName` whose `device` link points at `devicePath` under
  /// `sys/devices` (a USB interface, or a platform device), plus the node file under /dev.
  func addNode(_ nodeName: String, device devicePath: String) throws {
    let target = sysfs.appendingPathComponent("devices/\(devicePath)")
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
    let entry = sysfs.appendingPathComponent("class/video4linux/\(nodeName)")
    try FileManager.default.createDirectory(at: entry, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: entry.appendingPathComponent("device").path,
      withDestinationPath: "../../../devices/\(devicePath)")
    try FileManager.default.createDirectory(at: dev, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: node(nodeName), contents: Data())
  }

  /// A `/dev/v4l/<folder>/<name>` link to `../../<nodeName>`, as udev makes them.
  func addLink(_ folder: String, _ name: String, to nodeName: String) throws {
    let directory = dev.appendingPathComponent("v4l/\(folder)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: directory.appendingPathComponent(name).path, withDestinationPath: "../../\(nodeName)")
  }
}
