import Capture
import DualCamCore
import Foundation
import Testing

@Suite("hardware zoom through zoom_absolute, else digital")
struct CameraZoomTests {
  static let path = "/dev/video0"

  @Test("factors map linearly onto the control's range, on its step grid, and back")
  func mapping() throws {
    let control = CameraControl(
      id: ControlPairs.zoomAbsolute, name: "zoom_absolute", label: "Zoom, Absolute",
      kind: .integer, value: 100, minimum: 100, maximum: 500, step: 4, defaultValue: 100,
      flags: [])
    let zoom = try #require(CameraZoom(control: control))
    #expect(zoom.value(for: 1) == 100)
    #expect(zoom.value(for: CameraZoom.maximumFactor) == 500)
    #expect(zoom.value(for: 5.5) == 300, "half way: 100 + 0.5 × 400")
    #expect(zoom.value(for: 2) == 144, "100 + 400/9 = 144.4, on the step grid of 4")
    #expect(zoom.value(for: 0.2) == 100 && zoom.value(for: 50) == 500, "clamped to 1…max")
    #expect(zoom.value(for: .nan) == 100)
    #expect(abs(zoom.factor(for: 300) - 5.5) < 1e-9)
    var other = control
    other.id = 0x0098_0900
    #expect(CameraZoom(control: other) == nil, "only zoom_absolute")
  }

  /// A driver may report a range as wide as Int64; maximum − minimum overflowed and trapped.
  @Test("a control spanning all of Int64 maps and parses without overflow")
  func widestRange() throws {
    let control = CameraControl(
      id: ControlPairs.zoomAbsolute, name: "zoom_absolute", label: "Zoom, Absolute",
      kind: .integer64, value: 0, minimum: .min, maximum: .max, step: 10, defaultValue: 0)
    let zoom = try #require(CameraZoom(control: control))
    #expect(zoom.value(for: 1) == .min)
    #expect(zoom.value(for: CameraZoom.maximumFactor) == .max)
    #expect(abs(zoom.factor(for: .max) - CameraZoom.maximumFactor) < 1e-9)
    #expect(throws: DualCamError.self) {
      try ControlValueParser.value("9223372036854775807", for: control)
    }
    do {
      _ = try ControlValueParser.value("9223372036854775807", for: control)
    } catch {
      #expect(error.problem.contains("between steps"), "\(error.problem)")
    }
  }

  @Test("a camera with zoom_absolute zooms in hardware; the kernel holds the value")
  func hardwareZoom() throws {
    let kernel = FakeCameraKernel([
      Self.path: CameraFixtures.webcam(card: "Cam", busInfo: "usb-1")
    ])
    let controls = try CameraControls(path: Self.path, system: kernel)
    let outcome = controls.setZoom(5.5)
    #expect(outcome == .hardware(factor: 5.5, value: 300))
    #expect(kernel.value(ControlPairs.zoomAbsolute, on: Self.path) == 300)
    #expect(controls.setZoom(1) == .hardware(factor: 1, value: 100))
    #expect(kernel.value(ControlPairs.zoomAbsolute, on: Self.path) == 100)
  }

  @Test("without zoom_absolute (or for a synthetic source) the answer is digital zoom")
  func digitalFallback() throws {
    var node = CameraFixtures.webcam(card: "Cam", busInfo: "usb-1")
    node.controls.removeAll { $0.id == ControlPairs.zoomAbsolute }
    let kernel = FakeCameraKernel([Self.path: node])
    let controls = try CameraControls(path: Self.path, system: kernel)
    #expect(controls.setZoom(3) == .digital(3))
    #expect(controls.setZoom(40) == .digital(CameraZoom.maximumFactor))
    let synthetic = SyntheticCamera(
      position: .front, size: ImageSize(width: 64, height: 48), rate: FrameRate(numerator: 30))
    #expect(synthetic.zoom(to: 2) == .digital(2))
  }
}
