public import DualCamCore

/// One USB bus as a running take loads it: the cameras streaming on it, what the bus's other
/// devices reserve, and its periodic capacity; from the bytes each camera really sends, the
/// bus's live cost.
///
/// The prediction weighs what the kernel reserves for each camera (or an estimate of it); the
/// live cost weighs what the cameras really carry, in the same unit, so the two can be read
/// side by side: an MJPEG camera that reserves a full alternate setting and sends a third of
/// it shows a live cost well under its predicted one. Reservations are made once, when a
/// camera starts streaming, so a live cost above the prediction means the reservation was
/// read wrong or estimated too low, not that the bus will refuse the camera now.
public struct USBBusLoad: Sendable, Hashable {
  /// The bus's name, as the prediction's resource names it (`USB bus usb1 (0000:00:14.0)`).
  public var name: String
  /// The bus's speed, which sets its intervals and capacity.
  public var speed: USBSpeed
  /// The cameras of the take on this bus.
  public var cameras: [CameraPosition]
  /// Bus time (or SuperSpeed bytes) per interval other devices already reserve.
  public var otherDemand: Double

  /// A bus at `speed` carrying `cameras`, with `otherDemand` reserved by other devices.
  public init(name: String, speed: USBSpeed, cameras: [CameraPosition], otherDemand: Double) {
    self.name = name
    self.speed = speed
    self.cameras = cameras
    self.otherDemand = otherDemand
  }

  /// The periodic capacity of one interval (`USBBandwidth.periodicCapacity`).
  public var capacity: Double { USBBandwidth.periodicCapacity(speed) }

  /// The bus's cost while the cameras send `bytesPerSecond` (by position; a camera missing
  /// from it sends nothing): their traffic per interval, with the UVC header, as bus time,
  /// plus the other devices' reservations, over the capacity.
  public func cost(bytesPerSecond: [CameraPosition: Double]) -> Double {
    var demand = otherDemand
    for camera in cameras {
      let perSecond = max(0, bytesPerSecond[camera] ?? 0)
      guard perSecond > 0, perSecond.isFinite else { continue }
      let perInterval = perSecond / USBBandwidth.intervalsPerSecond(speed)
      // A stream larger than any interval can hold is over the bus whatever it is given.
      let bytes = Int(min(perInterval, Double(Int32.max)).rounded(.up))
      demand += USBBandwidth.busTime(
        bytesPerInterval: bytes + USBBandwidth.payloadHeaderBytes, speed: speed)
    }
    return demand / capacity
  }

  /// The buses `inputs` put cameras on, named as `BudgetModel` names their resources; cameras
  /// whose bus sysfs did not tell are left out (their resource was not weighed either).
  public static func buses(_ inputs: BudgetInputs) -> [USBBusLoad] {
    let placed = inputs.sources.filter { $0.kind == .usbCamera && $0.usb != nil }
    let byBus = Dictionary(grouping: placed) { $0.usb!.bus }
    return byBus.sorted { $0.key < $1.key }.map { bus, cameras in
      let placement = cameras[0].usb!
      let devices = Set(cameras.map { $0.usb!.device })
      let others = inputs.otherUSBStreams.filter { $0.bus == bus && !devices.contains($0.device) }
        .reduce(0.0) {
          $0 + USBBandwidth.busTime(bytesPerInterval: $1.bytesPerInterval, speed: placement.speed)
        }
      return USBBusLoad(
        name: USBCostModel.resourceName(bus: bus, placement: placement), speed: placement.speed,
        cameras: cameras.map(\.position), otherDemand: others)
    }
  }
}
