import Capture
import DualCamCore
import Foundation
import Testing

/// Discovery on a fake sysfs tree and a fake kernel: two USB cameras (one with a metadata node
/// beside it), a platform camera, identities, USB placement and formats.
@Suite("device discovery")
struct DevicesDiscoveryTests {
  /// The standard rig: video0 (USB, serial, behind hub 1-1), video1 (its metadata node),
  /// video2 (USB 3, no serial, on the root hub), video3 (platform, no links).
  static func rig() throws -> (FakeDeviceTree, FakeCameraKernel) {
    let tree = try FakeDeviceTree()
    let controller = "pci0000:00/0000:00:14.0"
    try tree.addUSBDevice(
      "\(controller)/usb1", attributes: ["idVendor": "1d6b", "idProduct": "0002"])
    try tree.addUSBDevice(
      "\(controller)/usb1/1-1", attributes: ["idVendor": "05e3", "idProduct": "0610"])
    try tree.addUSBDevice(
      "\(controller)/usb1/1-1/1-1.2",
      attributes: [
        "idVendor": "046d", "idProduct": "085c", "serial": "ABCD1234", "speed": "480",
        "busnum": "1", "devpath": "1.2", "manufacturer": "Logitech", "product": "C922",
      ])
    try tree.addUSBDevice(
      "\(controller)/usb2", attributes: ["idVendor": "1d6b", "idProduct": "0003"])
    try tree.addUSBDevice(
      "\(controller)/usb2/2-3",
      attributes: [
        "idVendor": "1bcf", "idProduct": "2c99", "speed": "5000", "busnum": "2", "devpath": "3",
      ])
    try tree.addNode("video0", device: "\(controller)/usb1/1-1/1-1.2/1-1.2:1.0")
    try tree.addNode("video1", device: "\(controller)/usb1/1-1/1-1.2/1-1.2:1.0")
    try tree.addNode("video2", device: "\(controller)/usb2/2-3/2-3:1.0")
    try tree.addNode("video3", device: "platform/vivid.0")
    try tree.addLink("by-id", "usb-Logitech_C922_ABCD1234-video-index0", to: "video0")
    try tree.addLink("by-id", "usb-Logitech_C922_ABCD1234-video-index1", to: "video1")
    try tree.addLink("by-path", "pci-0000:00:14.0-usb-0:1.2:1.0-video-index0", to: "video0")
    try tree.addLink("by-path", "pci-0000:00:14.0-usb-0:3:1.0-video-index0", to: "video2")
    let kernel = FakeCameraKernel([
      tree.node("video0"): CameraFixtures.webcam(card: "C922 Pro", busInfo: "usb-0000:00:14.0-1.2"),
      tree.node("video1"): CameraFixtures.metadataNode(busInfo: "usb-0000:00:14.0-1.2"),
      tree.node("video2"): CameraFixtures.webcam(card: "USB3 Cam", busInfo: "usb-0000:00:14.0-3"),
      tree.node("video3"): CameraFixtures.platformCamera(busInfo: "platform:vivid-000"),
    ])
    return (tree, kernel)
  }

  static func discover(_ tree: FakeDeviceTree, _ kernel: FakeCameraKernel) -> DeviceDiscovery.Result
  {
    DeviceDiscovery(system: kernel, sysfsRoot: tree.sysfs, devRoot: tree.dev).discover()
  }

  @Test("capture nodes are listed in order; the metadata node is skipped")
  func listsCaptureNodes() throws {
    let (tree, kernel) = try Self.rig()
    let result = Self.discover(tree, kernel)
    #expect(result.devices.map(\.node) == ["video0", "video2", "video3"].map(tree.node))
    #expect(result.devices.map(\.name) == ["C922 Pro", "USB3 Cam", "vivid"])
    #expect(result.devices[0].driver == "uvcvideo")
    #expect(result.devices[0].busInfo == "usb-0000:00:14.0-1.2")
    #expect(result.notes.isEmpty)
    #expect(kernel.openCount == 0, "every node opened for a query is closed again")
  }

  @Test("USB details come from sysfs: ids, serial, speed, bus, port, hub and controller")
  func usbDetails() throws {
    let (tree, kernel) = try Self.rig()
    let devices = Self.discover(tree, kernel).devices
    let first = try #require(devices[0].usb)
    #expect(first.vendorProduct == "046d:085c")
    #expect(first.serial == "ABCD1234")
    #expect(first.manufacturer == "Logitech" && first.product == "C922")
    #expect(first.speedMbps == 480 && first.bus == 1 && first.portPath == "1.2")
    #expect(first.hub == "1-1")
    #expect(first.hostController == "0000:00:14.0")
    let second = try #require(devices[1].usb)
    #expect(second.serial == nil)
    #expect(second.speedMbps == 5000 && second.bus == 2 && second.portPath == "3")
    #expect(second.hub == "usb2", "a camera on a root-hub port hangs off the root hub")
    #expect(second.hostController == "0000:00:14.0")
    #expect(devices[2].usb == nil, "a platform camera has no USB details")
  }

  @Test("identity: by-id first, else by-path, else bus info")
  func identities() throws {
    let (tree, kernel) = try Self.rig()
    let identities = Self.discover(tree, kernel).devices.map(\.identity)
    #expect(
      identities == [
        DeviceIdentity(value: "usb-Logitech_C922_ABCD1234-video-index0", source: .byID),
        DeviceIdentity(value: "pci-0000:00:14.0-usb-0:3:1.0-video-index0", source: .byPath),
        DeviceIdentity(value: "platform:vivid-000", source: .busInfo),
      ])
  }

  @Test("colliding identities are told apart by node name, with a note")
  func collisions() throws {
    let tree = try FakeDeviceTree()
    try tree.addNode("video0", device: "platform/vivid.0")
    try tree.addNode("video1", device: "platform/vivid.0")
    try tree.addNode("video2", device: "platform/vivid.1")
    let kernel = FakeCameraKernel([
      tree.node("video0"): CameraFixtures.platformCamera(busInfo: "platform:vivid-000"),
      tree.node("video1"): CameraFixtures.platformCamera(busInfo: "platform:vivid-000"),
      tree.node("video2"): CameraFixtures.platformCamera(busInfo: "platform:vivid-001"),
    ])
    let result = Self.discover(tree, kernel)
    #expect(
      result.devices.map(\.identity.value) == [
        "platform:vivid-000@video0", "platform:vivid-000@video1", "platform:vivid-001",
      ])
    #expect(result.notes.count == 1)
    #expect(result.notes[0].contains("share the identity 'platform:vivid-000'"))
    #expect(result.devices[0].identity.collisionNote == result.notes[0])
    #expect(result.devices[2].identity.collisionNote == nil)
  }

  @Test("a node that cannot be opened becomes a note, not a failure")
  func unreadableNode() throws {
    let (tree, kernel) = try Self.rig()
    kernel.openErrors[tree.node("video2")] = EACCES
    let result = Self.discover(tree, kernel)
    #expect(result.devices.map(\.node) == ["video0", "video3"].map(tree.node))
    #expect(result.notes.count == 1)
    #expect(result.notes[0].contains("permission denied"))
  }

  @Test("no video4linux entries means no devices")
  func emptyTree() throws {
    let tree = try FakeDeviceTree()
    let result = Self.discover(tree, FakeCameraKernel([:]))
    #expect(result.devices.isEmpty && result.notes.isEmpty)
    #expect(DeviceReport.table(result) == DeviceReport.noDevicesMessage)
  }

  @Test("device(at:) finds a camera by node or by-id link and refuses a metadata node")
  func deviceAtPath() throws {
    let (tree, kernel) = try Self.rig()
    let discovery = DeviceDiscovery(system: kernel, sysfsRoot: tree.sysfs, devRoot: tree.dev)
    #expect(try discovery.device(at: tree.node("video2")).name == "USB3 Cam")
    let link = tree.dev.appendingPathComponent("v4l/by-id/usb-Logitech_C922_ABCD1234-video-index0")
    #expect(try discovery.device(at: link.path).node == tree.node("video0"))
    let error = #expect(throws: DualCamError.self) { try discovery.device(at: tree.node("video1")) }
    #expect(error?.problem.contains("is not a video capture device") == true)
    #expect(throws: DualCamError.self) { try discovery.device(at: tree.node("video9")) }
  }

  @Test("resolve: an identity or a by-id/by-path link name leads to the node; paths stay")
  func resolve() throws {
    let (tree, kernel) = try Self.rig()
    let discovery = DeviceDiscovery(system: kernel, sysfsRoot: tree.sysfs, devRoot: tree.dev)
    #expect(discovery.resolve("platform:vivid-000") == tree.node("video3"))
    #expect(
      discovery.resolve("usb-Logitech_C922_ABCD1234-video-index0") == tree.node("video0"))
    #expect(
      discovery.resolve("usb-Logitech_C922_ABCD1234-video-index1")
        == tree.dev.appendingPathComponent("v4l/by-id/usb-Logitech_C922_ABCD1234-video-index1")
        .path, "a link that is no camera's identity is still found, and refused later")
    #expect(discovery.resolve("/dev/video7") == "/dev/video7")
    #expect(discovery.resolve("webcam") == "webcam")
  }

  @Test("identical cameras without serials are identified by port, not the shared by-id name")
  func lookAlikes() throws {
    let tree = try FakeDeviceTree()
    let attributes = ["idVendor": "0c45", "idProduct": "6366", "speed": "480", "busnum": "1"]
    try tree.addUSBDevice("pci0000:00/0000:00:14.0/usb1/1-1", attributes: attributes)
    try tree.addUSBDevice("pci0000:00/0000:00:14.0/usb1/1-2", attributes: attributes)
    try tree.addNode("video0", device: "pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.0")
    try tree.addNode("video2", device: "pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.0")
    // udev points the one shared by-id name at whichever camera came last.
    try tree.addLink("by-id", "usb-Sonix_USB_Camera-video-index0", to: "video2")
    try tree.addLink("by-path", "pci-0000:00:14.0-usb-0:1:1.0-video-index0", to: "video0")
    try tree.addLink("by-path", "pci-0000:00:14.0-usb-0:2:1.0-video-index0", to: "video2")
    let kernel = FakeCameraKernel([
      tree.node("video0"): CameraFixtures.webcam(card: "USB Camera", busInfo: "usb-1"),
      tree.node("video2"): CameraFixtures.webcam(card: "USB Camera", busInfo: "usb-2"),
    ])
    let result = Self.discover(tree, kernel)
    #expect(
      result.devices.map(\.identity) == [
        DeviceIdentity(value: "pci-0000:00:14.0-usb-0:1:1.0-video-index0", source: .byPath),
        DeviceIdentity(value: "pci-0000:00:14.0-usb-0:2:1.0-video-index0", source: .byPath),
      ])
    #expect(result.notes.count == 1)
    #expect(result.notes[0].contains("identical cameras (0c45:6366) without serial numbers"))
  }
}
