/// One V4L2 node that captures video, as discovery found it.
///
/// Encoded as JSON by `dualcam devices --json`; the field names are a stable interface
/// (documented in `DeviceReport`), so rename nothing without a version bump.
public struct CaptureDevice: Sendable, Equatable, Codable {
  /// The device node, e.g. `/dev/video0`.
  public var node: String
  /// The driver's name for the camera (VIDIOC_QUERYCAP `card`).
  public var name: String
  /// The kernel driver, e.g. `uvcvideo`.
  public var driver: String
  /// Where the device sits on its bus, e.g. `usb-0000:00:14.0-2`.
  public var busInfo: String
  /// The identity that keeps "front" and "back" bound to the same physical cameras.
  public var identity: DeviceIdentity
  /// USB details, nil for cameras on other buses (CSI, PCI capture cards, vivid).
  public var usb: USBDetails?
  /// Pixel formats with their sizes and frame intervals.
  public var formats: [CaptureFormat]

  /// Creates a device description.
  public init(
    node: String, name: String, driver: String, busInfo: String, identity: DeviceIdentity,
    usb: USBDetails? = nil, formats: [CaptureFormat] = []
  ) {
    self.node = node
    self.name = name
    self.driver = driver
    self.busInfo = busInfo
    self.identity = identity
    self.usb = usb
    self.formats = formats
  }
}

/// A stable name for a camera and where it came from.
public struct DeviceIdentity: Sendable, Equatable, Codable {
  /// Where the identity came from, most stable first.
  public enum Source: String, Sendable, Codable {
    /// A `/dev/v4l/by-id` link: vendor, product and serial; survives re-plugging anywhere.
    case byID = "by-id"
    /// A `/dev/v4l/by-path` link: the physical port; survives reboots while the port is kept.
    case byPath = "by-path"
    /// The driver's bus info: the last resort.
    case busInfo = "bus-info"
  }

  /// The identity, e.g. `usb-Logitech_C920_ABCD1234-video-index0`.
  public var value: String
  /// Where `value` came from.
  public var source: Source
  /// Set when another camera had the same identity and this one was told apart by its node
  /// name (which can change on re-plug); says why.
  public var collisionNote: String?

  /// Creates an identity.
  public init(value: String, source: Source, collisionNote: String? = nil) {
    self.value = value
    self.source = source
    self.collisionNote = collisionNote
  }
}

/// Where a USB camera is plugged in and what it is.
public struct USBDetails: Sendable, Equatable, Codable {
  /// `idVendor`, four hex digits.
  public var vendorID: String
  /// `idProduct`, four hex digits.
  public var productID: String
  /// The serial number, nil when the camera has none (identical cameras then look alike).
  public var serial: String?
  /// Manufacturer string, when the camera reports one.
  public var manufacturer: String?
  /// Product string, when the camera reports one.
  public var product: String?
  /// Link speed in Mb/s (480 for USB 2 high speed, 5000 for USB 3).
  public var speedMbps: Int?
  /// The USB bus number.
  public var bus: Int?
  /// The port path on that bus, e.g. `2` or `1.3` (through a hub).
  public var portPath: String?
  /// The sysfs name of the hub the camera hangs off, e.g. `1-1` or `usb1` (the root hub).
  public var hub: String?
  /// The host controller's PCI address, e.g. `0000:00:14.0`; cameras on one controller share
  /// its bandwidth.
  public var hostController: String?

  /// `046d:082d`.
  public var vendorProduct: String { "\(vendorID):\(productID)" }

  /// Creates USB details.
  public init(
    vendorID: String, productID: String, serial: String? = nil, manufacturer: String? = nil,
    product: String? = nil, speedMbps: Int? = nil, bus: Int? = nil, portPath: String? = nil,
    hub: String? = nil, hostController: String? = nil
  ) {
    self.vendorID = vendorID
    self.productID = productID
    self.serial = serial
    self.manufacturer = manufacturer
    self.product = product
    self.speedMbps = speedMbps
    self.bus = bus
    self.portPath = portPath
    self.hub = hub
    self.hostController = hostController
  }
}
