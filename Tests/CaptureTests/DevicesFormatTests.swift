import Capture
import Foundation
import Testing

/// Format, frame size and frame interval enumeration, and how devices are reported.
@Suite("device formats and report")
struct DevicesFormatTests {
  @Test("discrete formats: sizes largest first, intervals fastest first")
  func discreteFormats() throws {
    let (tree, kernel) = try DevicesDiscoveryTests.rig()
    let formats = DevicesDiscoveryTests.discover(tree, kernel).devices[0].formats
    #expect(formats.map(\.fourCC) == ["MJPG", "YUYV"])
    #expect(formats[0].compressed && !formats[1].compressed)
    #expect(formats[0].description == "Motion-JPEG")
    #expect(formats[0].sizes.map { "\($0.width)x\($0.height)" } == ["1920x1080", "640x480"])
    #expect(
      formats[0].sizes[0].intervals == [
        FrameInterval(numerator: 1, denominator: 60), FrameInterval(numerator: 1, denominator: 30),
      ])
    #expect(formats[0].best == "MJPG 1920x1080@60")
    #expect(formats[1].best == "YUYV 1280x720@29.97")
    #expect(formats[0].sizeRange == nil)
  }

  @Test("stepwise sizes are reported as a range")
  func stepwiseFormats() throws {
    let (tree, kernel) = try DevicesDiscoveryTests.rig()
    let format = try #require(DevicesDiscoveryTests.discover(tree, kernel).devices[2].formats.first)
    #expect(format.fourCC == "NV12")
    #expect(format.sizes.isEmpty)
    #expect(
      format.sizeRange
        == SizeRange(
          minWidth: 16, maxWidth: 4096, stepWidth: 2, minHeight: 16, maxHeight: 2160, stepHeight: 2)
    )
    #expect(format.best == "NV12 16x16–4096x2160")
  }

  @Test("the table shows node, name, identity, USB summary and best formats")
  func table() throws {
    let (tree, kernel) = try DevicesDiscoveryTests.rig()
    let text = DeviceReport.table(DevicesDiscoveryTests.discover(tree, kernel))
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines[0].hasPrefix("NODE"))
    #expect(lines[1].contains(tree.node("video0")))
    #expect(lines[1].contains("C922 Pro"))
    #expect(lines[1].contains("usb-Logitech_C922_ABCD1234-video-index0 (by-id)"))
    #expect(lines[1].contains("046d:085c 480M bus 1 port 1.2"))
    #expect(lines[1].contains("MJPG 1920x1080@60, YUYV 1280x720@29.97"))
    #expect(lines[3].contains("platform:vivid-000 (bus-info)"))
    #expect(lines[3].contains("  -  "), "a non-USB device shows '-' for USB")
    #expect(text.contains("serial ABCD1234 hub 1-1 controller 0000:00:14.0"))
    #expect(!text.contains(DeviceReport.noDevicesMessage))
  }

  @Test("the JSON document is stable: version, devices with identity, usb and formats")
  func json() throws {
    let (tree, kernel) = try DevicesDiscoveryTests.rig()
    let text = DeviceReport.json(DevicesDiscoveryTests.discover(tree, kernel))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["version"] as? Int == 1)
    #expect((object["notes"] as? [Any])?.isEmpty == true)
    let devices = try #require(object["devices"] as? [[String: Any]])
    #expect(devices.count == 3)
    let identity = try #require(devices[0]["identity"] as? [String: Any])
    #expect(identity["source"] as? String == "by-id")
    let usb = try #require(devices[0]["usb"] as? [String: Any])
    #expect(usb["vendorID"] as? String == "046d")
    #expect(usb["speedMbps"] as? Int == 480)
    #expect(devices[2]["usb"] == nil, "absent fields are left out")
    let formats = try #require(devices[0]["formats"] as? [[String: Any]])
    #expect(formats[0]["fourCC"] as? String == "MJPG")
    let sizes = try #require(formats[0]["sizes"] as? [[String: Any]])
    #expect(sizes[0]["width"] as? Int == 1920)
    // Round trip through the public types.
    let decoded = try JSONDecoder().decode(
      [String: [CaptureDevice]].self,
      from: JSONSerialization.data(withJSONObject: ["devices": object["devices"]!]))
    #expect(decoded["devices"] == DevicesDiscoveryTests.discover(tree, kernel).devices)
  }
}
