/// Reads a USB device's raw descriptors (sysfs `descriptors`: the device descriptor, then every
/// configuration with its interfaces and endpoints) for what sysfs does not show as text: the
/// SuperSpeed endpoint companion's wBytesPerInterval (USB 3.2 §9.6.7), which is what the host
/// reserves for a SuperSpeed periodic endpoint.
enum USBDescriptorParser {
  /// Identifies an endpoint within an alternate setting.
  struct EndpointKey: Hashable {
    var interface: Int
    var alternateSetting: Int
    var address: Int
  }

  static let interfaceType: UInt8 = 4
  static let endpointType: UInt8 = 5
  static let superSpeedCompanionType: UInt8 = 0x30
  static let deviceDescriptorLength = 18

  /// wBytesPerInterval of every SuperSpeed endpoint that has a companion descriptor.
  static func superSpeedBytesPerInterval(_ bytes: [UInt8]) -> [EndpointKey: Int] {
    var result: [EndpointKey: Int] = [:]
    var offset = deviceDescriptorLength
    var interface = -1
    var alternate = -1
    var endpoint: Int?
    while offset + 2 <= bytes.count {
      let length = Int(bytes[offset])
      // A zero or overlong length means the rest cannot be trusted.
      guard length >= 2, offset + length <= bytes.count else { break }
      let type = bytes[offset + 1]
      if type == interfaceType, length >= 4 {
        interface = Int(bytes[offset + 2])
        alternate = Int(bytes[offset + 3])
        endpoint = nil
      } else if type == endpointType, length >= 7 {
        endpoint = Int(bytes[offset + 2])
      } else if type == superSpeedCompanionType, length >= 6, let address = endpoint {
        let perInterval = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8
        result[EndpointKey(interface: interface, alternateSetting: alternate, address: address)] =
          perInterval
      }
      offset += length
    }
    return result
  }
}
