import Budget
import DualCamCore
import Testing

@Suite("USB bus load from what the cameras really send")
struct USBBusLoadTests {
  typealias F = BudgetFixtures

  @Test("the buses of a take are named as the prediction names them, with what others reserve")
  func busesMatchThePrediction() throws {
    var inputs = F.inputs(sources: [
      F.camera(.front, format: .mjpeg), F.camera(.back, format: .mjpeg, bus: "usb3"),
    ])
    inputs.otherUSBStreams = [
      USBStream(bus: "usb1", device: "1-4", speed: .high, bytesPerInterval: 3072)
    ]
    let buses = USBBusLoad.buses(inputs)
    let predicted = try BudgetModel.costs(inputs).resources.filter { $0.kind == .usbBus }
    #expect(buses.map(\.name) == predicted.map(\.name))
    #expect(buses.map(\.cameras) == [[.front], [.back]])
    #expect(abs(buses[0].otherDemand - 3 * USBCostTests.transaction) < 1)
    #expect(buses[1].otherDemand == 0)
  }

  /// Bus time of one high-speed isochronous transaction of `bytes` (USB 2.0 §5.11.3).
  static func transaction(_ bytes: Int) -> Double {
    38 * 8 * 2.083 + 2.083 * (3 + 7 * 8 * Double(bytes) / 6) + 5
  }

  @Test("a camera sending what it reserved costs the prediction less the reservation's padding")
  func fullTrafficMatchesTheReservation() throws {
    // YUYV 640x480 at 30 sends 18.4 MB/s: 2,304 B per microframe + the 12 B header = two full
    // transactions and one of 268 B; the reservation rounds that up to three full ones.
    let vga = ImageSize(width: 640, height: 480)
    let inputs = F.inputs(sources: [F.camera(.front, format: .yuyv, size: vga)])
    let bus = try #require(USBBusLoad.buses(inputs).first)
    let predicted = try #require(try BudgetModel.costs(inputs).resource(.usbBus)?.cost)
    #expect(abs(predicted - 3 * Self.transaction(1024) / 100_000) < 1e-9)
    let cost = bus.cost(bytesPerSecond: [.front: 640 * 480 * 2 * 30])
    #expect(abs(cost - (2 * Self.transaction(1024) + Self.transaction(268)) / 100_000) < 1e-9)
  }

  @Test("an MJPEG camera sending a third of its reservation shows a third of the cost")
  func compressedTrafficIsBelowTheReservation() throws {
    let inputs = F.inputs(sources: [F.camera(.front, format: .mjpeg, reserved: 3072)])
    let bus = try #require(USBBusLoad.buses(inputs).first)
    // 8,000,000 B/s = 1,000 B per microframe + 12 B header: one transaction.
    let cost = bus.cost(bytesPerSecond: [.front: 8_000_000])
    #expect(abs(cost - Self.transaction(1012) / 100_000) < 1e-9)
    #expect(cost < (try BudgetModel.costs(inputs).resource(.usbBus)?.cost ?? 0) / 2)
  }

  @Test("a camera that sends nothing (unplugged) leaves only what others reserve")
  func silentCameraCostsNothing() {
    let bus = USBBusLoad(
      name: "USB bus usb1", speed: .high, cameras: [.front, .back], otherDemand: 500)
    #expect(bus.cost(bytesPerSecond: [:]) == 500.0 / 100_000)
    #expect(bus.cost(bytesPerSecond: [.front: -1, .back: .infinity]) == 500.0 / 100_000)
  }

  @Test("SuperSpeed counts bytes per interval against 90 % of the bus")
  func superSpeed() {
    let bus = USBBusLoad(
      name: "USB bus usb2", speed: .superSpeed, cameras: [.front], otherDemand: 0)
    // 200 MB/s over 8,000 intervals = 25,000 B + 12 B header, of 56,250 B.
    #expect(abs(bus.cost(bytesPerSecond: [.front: 200_000_000]) - 25_012.0 / 56_250) < 1e-9)
  }
}
