import DualCamCore

/// The USB resource: one cost per bus the cameras use, each camera's reservation (read, or
/// estimated by `USBBandwidth`) plus what other devices already reserve there.
enum USBCostModel {
  static func costs(_ inputs: BudgetInputs) -> [ResourceCost] {
    let usbSources = inputs.sources.filter { $0.kind == .usbCamera }
    guard !usbSources.isEmpty else {
      let kinds = inputs.sources.map { "\($0.position): \($0.kind.rawValue)" }
      return [
        .notWeighed(
          .usbBus, name: "USB bus",
          reason: "does not apply: no source is a USB camera (\(kinds.joined(separator: ", ")))")
      ]
    }
    var costs: [ResourceCost] = []
    let placed = usbSources.filter { $0.usb != nil }
    for source in usbSources where source.usb == nil {
      costs.append(
        .notWeighed(
          .usbBus, name: "USB bus of the \(source.position) camera",
          reason: "sysfs does not say which bus the \(source.position) camera is on"))
    }
    let buses = Dictionary(grouping: placed) { $0.usb!.bus }
    for (bus, cameras) in buses.sorted(by: { $0.key < $1.key }) {
      costs.append(cost(ofBus: bus, cameras: cameras, others: inputs.otherUSBStreams))
    }
    return costs
  }

  /// One bus: the slowest speed among its cameras sets the schedule (a USB 2 camera on a
  /// USB 3 port is on the port's high-speed bus, which sysfs already names separately).
  private static func cost(ofBus bus: String, cameras: [BudgetSource], others: [USBStream])
    -> ResourceCost
  {
    let placement = cameras[0].usb!
    let speed = placement.speed
    var demand = 0.0
    var parts: [String] = []
    var basis = ResourceCost.Basis.measured
    var cannotStream: [String] = []
    var worstEndpointShare = 0.0
    for camera in cameras {
      let usb = camera.usb!
      let bytes: Int
      if let reserved = usb.reservedBytesPerInterval {
        bytes = reserved
        parts.append("\(camera.position) \(bytes) B/interval reserved")
      } else {
        bytes = USBBandwidth.estimatedReservation(
          format: camera.format, size: camera.size, rate: camera.frameRate, speed: speed)
        basis = .estimated
        parts.append(
          "\(camera.position) \(camera.format.rawValue.uppercased()) \(camera.size)@"
            + "\(camera.frameRate) ≈ \(bytes) B/interval")
      }
      worstEndpointShare = max(
        worstEndpointShare, Double(bytes) / Double(USBBandwidth.endpointLimit(speed)))
      if bytes > USBBandwidth.endpointLimit(speed) {
        cannotStream.append(
          "\(camera.position) needs \(bytes) B per interval, more than one endpoint carries "
            + "(\(USBBandwidth.endpointLimit(speed)))")
      }
      demand += USBBandwidth.busTime(bytesPerInterval: bytes, speed: speed)
    }
    let cameraDevices = Set(cameras.map { $0.usb!.device })
    for stream in others where stream.bus == bus && !cameraDevices.contains(stream.device) {
      demand += USBBandwidth.busTime(bytesPerInterval: stream.bytesPerInterval, speed: speed)
      parts.append("\(stream.device) already streams \(stream.bytesPerInterval) B/interval")
    }
    let share = speed == .high || speed == .full ? "80 % periodic" : "90 % periodic"
    var explanation =
      "\(speed.rawValue) speed, \(share); " + parts.joined(separator: "; ")
    let capacity = USBBandwidth.periodicCapacity(speed)
    if !cannotStream.isEmpty {
      explanation += ". " + cannotStream.joined(separator: "; ")
      // A mode no endpoint can carry is over whatever the rest of the bus has free.
      demand = max(demand, capacity * worstEndpointShare)
    }
    return ResourceCost(
      kind: .usbBus, name: resourceName(bus: bus, placement: placement), demand: demand,
      capacity: capacity, unit: USBBandwidth.unit(speed), basis: basis,
      explanation: explanation)
  }

  /// The resource's name for bus `bus`: `USB bus usb1 (0000:00:14.0)`.
  static func resourceName(bus: String, placement: USBPlacement) -> String {
    "USB bus \(bus)" + (placement.hostController.map { " (\($0))" } ?? "")
  }
}
