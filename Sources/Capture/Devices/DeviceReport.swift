import Foundation

/// What `dualcam devices` prints: a readable table, or stable JSON.
///
/// JSON (version 1) is an object:
/// - `version`: 1
/// - `devices`: array of objects with `node`, `name`, `driver`, `busInfo`,
///   `identity` {`value`, `source` ("by-id" | "by-path" | "bus-info"), `collisionNote`?},
///   `usb`? {`vendorID`, `productID`, `serial`?, `manufacturer`?, `product`?, `speedMbps`?,
///   `bus`?, `portPath`?, `hub`?, `hostController`?}, and `formats`: array of {`fourCC`,
///   `description`, `compressed`, `sizes`: [{`width`, `height`, `intervals`: [{`numerator`,
///   `denominator`}], `intervalRange`?}], `sizeRange`?}
/// - `notes`: array of strings (identity collisions, nodes that could not be read)
///
/// Optional fields are left out when absent. New fields may be added; none is renamed.
public enum DeviceReport {
  /// Printed when there is nothing to list.
  public static let noDevicesMessage =
    "no V4L2 capture devices found; dualcam record will use synthetic test patterns"

  private struct Document: Encodable {
    var version = 1
    var devices: [CaptureDevice]
    var notes: [String]
  }

  /// The JSON document for `result`, sorted keys, pretty printed.
  public static func json(_ result: DeviceDiscovery.Result) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(Document(devices: result.devices, notes: result.notes)))
    return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  /// The table: one block per device, then notes.
  public static func table(_ result: DeviceDiscovery.Result) -> String {
    var lines: [String] = []
    if result.devices.isEmpty { lines.append(noDevicesMessage) }
    let rows =
      [["NODE", "NAME", "IDENTITY", "USB", "BEST FORMATS"]]
      + result.devices.map { device in
        [
          device.node, device.name, "\(device.identity.value) (\(device.identity.source.rawValue))",
          usbSummary(device.usb), device.formats.prefix(3).map(\.best).joined(separator: ", "),
        ]
      }
    if !result.devices.isEmpty { lines.append(contentsOf: TextTable.render(rows)) }
    for device in result.devices {
      guard let usb = device.usb else { continue }
      var place = ["\(device.node):"]
      if let serial = usb.serial { place.append("serial \(serial)") }
      if let hub = usb.hub { place.append("hub \(hub)") }
      if let controller = usb.hostController { place.append("controller \(controller)") }
      if place.count > 1 { lines.append(place.joined(separator: " ")) }
    }
    lines.append(contentsOf: result.notes.map { "note: \($0)" })
    return lines.joined(separator: "\n")
  }

  /// `046d:082d 480M bus 1 port 2`, or `-` for non-USB devices.
  static func usbSummary(_ usb: USBDetails?) -> String {
    guard let usb else { return "-" }
    var parts = [usb.vendorProduct]
    if let speed = usb.speedMbps { parts.append("\(speed)M") }
    if let bus = usb.bus { parts.append("bus \(bus)") }
    if let port = usb.portPath { parts.append("port \(port)") }
    return parts.joined(separator: " ")
  }
}

/// Left-aligned columns separated by two spaces.
public enum TextTable {
  /// The rows as lines; the first row is the header.
  public static func render(_ rows: [[String]]) -> [String] {
    let columns = rows.map(\.count).max() ?? 0
    let widths = (0..<columns).map { column in
      rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
    }
    return rows.map { row in
      var line = ""
      for (column, cell) in row.enumerated() {
        let isLast = column == row.count - 1
        line +=
          isLast ? cell : cell.padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0)
      }
      return line
    }
  }
}
