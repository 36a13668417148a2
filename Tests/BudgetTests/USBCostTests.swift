import Budget
import DualCamCore
import Testing

@Suite("USB bus cost")
struct USBCostTests {
  typealias F = BudgetFixtures

  /// Bus time of one full 1,024-byte high-speed isochronous transaction (USB 2.0 §5.11.3).
  static let transaction: Double = {
    let overhead: Double = 38 * 8 * 2.083
    let stuffedBits: Double = 7 * 8 * 1024 / 6
    return overhead + 2.083 * (3 + stuffedBits) + 5
  }()

  @Test("two YUYV 720p30 cameras on one USB 2.0 bus are over")
  func twoYUYVOnHighSpeed() throws {
    let estimate = try BudgetModel.costs(
      F.inputs(sources: [F.camera(.front, format: .yuyv), F.camera(.back, format: .yuyv)]))
    let usb = try #require(estimate.resource(.usbBus))
    // 1280×720×2×30 / 8000 = 6,912 B + 12 B header → 7 packets of 1,024 each.
    #expect(abs(usb.demand - 2 * 7 * Self.transaction) < 1)
    #expect(usb.capacity == 100_000)
    #expect(usb.verdict == .over)
    #expect(usb.name.contains("usb1"))
    #expect(usb.basis == .estimated)
    #expect(usb.explanation.contains("more than one endpoint carries"))
    #expect(estimate.verdict == .over)
    #expect(estimate.limitingResource == usb.name)
  }

  @Test("two MJPEG 720p30 cameras fit one USB 2.0 bus")
  func twoMJPEGOnHighSpeed() throws {
    let estimate = try BudgetModel.costs(
      F.inputs(sources: [F.camera(.front, format: .mjpeg), F.camera(.back, format: .mjpeg)]))
    let usb = try #require(estimate.resource(.usbBus))
    // 0.5 B/pixel: 1,728 B + 12 B → two packets each.
    #expect(abs(usb.demand - 4 * Self.transaction) < 1)
    #expect(usb.verdict == .fits)
  }

  @Test("MJPEG cameras that reserve the largest alternate setting are over, as the kernel says")
  func measuredReservation() throws {
    let estimate = try BudgetModel.costs(
      F.inputs(sources: [
        F.camera(.front, format: .mjpeg, reserved: 3072),
        F.camera(.back, format: .mjpeg, reserved: 3072),
      ]))
    let usb = try #require(estimate.resource(.usbBus))
    #expect(abs(usb.demand - 6 * Self.transaction) < 1)
    #expect(usb.basis == .measured)
    #expect(usb.verdict == .over)
  }

  @Test("one camera per bus: each bus is weighed on its own")
  func oneCameraPerBus() throws {
    let vga = ImageSize(width: 640, height: 480)
    let shared = try BudgetModel.costs(
      F.inputs(sources: [
        F.camera(.front, format: .yuyv, size: vga), F.camera(.back, format: .yuyv, size: vga),
      ]))
    #expect(shared.resource(.usbBus)?.verdict == .over)
    let separate = try BudgetModel.costs(
      F.inputs(sources: [
        F.camera(.front, format: .yuyv, bus: "usb1", size: vga),
        F.camera(.back, format: .yuyv, bus: "usb3", size: vga),
      ]))
    let buses = separate.resources.filter { $0.kind == .usbBus }
    #expect(buses.map(\.name) == ["USB bus usb1 (0000:00:14.0)", "USB bus usb3 (0000:00:14.0)"])
    for bus in buses {
      // 640×480×2×30 / 8000 = 2,304 B + 12 → three packets: 62 % of the periodic time.
      #expect(abs(bus.demand - 3 * Self.transaction) < 1)
      #expect(bus.verdict == .fits)
    }
  }

  @Test("SuperSpeed carries two YUYV 720p30 cameras easily")
  func superSpeed() throws {
    let estimate = try BudgetModel.costs(
      F.inputs(sources: [
        F.camera(.front, format: .yuyv, bus: "usb2", speed: .superSpeed),
        F.camera(.back, format: .yuyv, bus: "usb2", speed: .superSpeed),
      ]))
    let usb = try #require(estimate.resource(.usbBus))
    #expect(usb.demand == 2 * 7168)
    #expect(usb.capacity == 56_250)
    #expect(usb.unit == "bytes per bus interval")
    #expect(usb.verdict == .fits)
  }

  @Test("another device already streaming on the bus counts; one on another bus does not")
  func otherStreams() throws {
    var inputs = F.inputs(sources: [
      F.camera(.front, format: .mjpeg), F.camera(.back, format: .mjpeg, bus: "usb3"),
    ])
    inputs.otherUSBStreams = [
      USBStream(bus: "usb1", device: "1-4", speed: .high, bytesPerInterval: 3072),
      USBStream(bus: "usb5", device: "5-1", speed: .high, bytesPerInterval: 3072),
    ]
    let estimate = try BudgetModel.costs(inputs)
    let first = try #require(estimate.resources.first { $0.name.contains("usb1") })
    #expect(abs(first.demand - 5 * Self.transaction) < 1)
    #expect(first.verdict == .over)
    #expect(first.explanation.contains("1-4 already streams 3072"))
    let second = try #require(estimate.resources.first { $0.name.contains("usb3") })
    #expect(abs(second.demand - 2 * Self.transaction) < 1)
  }

  @Test("with synthetic sources the USB resource says it does not apply")
  func synthetic() throws {
    let estimate = try BudgetModel.costs(
      F.inputs(sources: [F.synthetic(.front), F.synthetic(.back)]))
    let usb = try #require(estimate.resource(.usbBus))
    #expect(usb.cost == nil)
    #expect(usb.explanation.hasPrefix("does not apply"))
    #expect(!estimate.unweighed.contains(usb.name))
  }
}
