import Capture
import DualCamCore
import Foundation
import Testing

/// Controls on a fake UVC-like camera: enumeration with menus, set with validation, auto/manual
/// pairs, reset and re-applying saved values.
@Suite("camera controls")
struct ControlsTests {
  static let path = "/dev/video0"

  static func camera(
    _ adjust: (inout [FakeCameraKernel.Control]) -> Void = { _ in }
  ) throws -> (CameraControls, FakeCameraKernel) {
    var node = CameraFixtures.webcam(card: "Cam", busInfo: "usb-1")
    adjust(&node.controls)
    let kernel = FakeCameraKernel([path: node])
    return (try CameraControls(path: path, system: kernel), kernel)
  }

  static func problem(_ body: () throws -> Void) -> String {
    do {
      try body()
    } catch let error as DualCamError {
      return "\(error.problem) | \(error.fix)"
    } catch {
      return "unexpected \(error)"
    }
    return "no error"
  }

  @Test("names as users type them")
  func userNames() {
    #expect(CameraControl.userName(for: "White Balance, Automatic") == "white_balance_automatic")
    #expect(CameraControl.userName(for: "Exposure Time, Absolute") == "exposure_time_absolute")
    #expect(CameraControl.userName(for: "Brightness") == "brightness")
    #expect(CameraControl.userName(for: "  Focus (auto) ") == "focus_auto")
  }

  @Test("every control is listed with menus; class headers and compound controls are skipped")
  func enumerate() throws {
    let (controls, _) = try Self.camera()
    let list = controls.list()
    #expect(
      list.map(\.name) == [
        "brightness", "saturation", "white_balance_automatic", "gain", "power_line_frequency",
        "white_balance_temperature", "auto_exposure", "exposure_time_absolute", "zoom_absolute",
        "link_frequency", "pixel_rate",
      ])
    let exposure = try #require(list.first { $0.name == "auto_exposure" })
    #expect(exposure.kind == .menu && exposure.value == 3)
    #expect(
      exposure.menu == [
        .init(index: 1, label: "Manual Mode"), .init(index: 3, label: "Aperture Priority Mode"),
      ],
      "menu gaps (EINVAL) are skipped")
    let link = try #require(list.first { $0.name == "link_frequency" })
    #expect(link.kind == .integerMenu && link.menu.map(\.label) == ["400000000", "800000000"])
    let rate = try #require(list.first { $0.name == "pixel_rate" })
    #expect(rate.kind == .integer64 && rate.value == 1 << 33 && rate.flags.contains(.readOnly))
    let time = try #require(list.first { $0.name == "exposure_time_absolute" })
    #expect(time.flags.names == ["inactive"], "manual exposure is inactive while auto is on")
    let saturation = try #require(list.first { $0.name == "saturation" })
    #expect(saturation.step == 10 && saturation.defaultValue == 50 && saturation.minimum == 0)
    #expect(controls.hasHardwareZoom)
  }

  @Test("set writes, reads back and reports what was written")
  func setValues() throws {
    let (controls, kernel) = try Self.camera()
    let outcome = try controls.set("brightness", to: "-10")
    #expect(outcome.control.value == -10 && outcome.written == ["brightness": -10])
    #expect(outcome.notes.isEmpty)
    #expect(kernel.value(CameraFixtures.brightnessID, on: Self.path) == -10)
    #expect(try controls.set("power_line_frequency", to: "60 Hz").control.value == 2)
    #expect(try controls.set("power_line_frequency", to: "50_hz").control.value == 1)
    #expect(try controls.set("power_line_frequency", to: "0").control.value == 0)
    #expect(try controls.set("auto_exposure", to: "manual").control.value == 1)
    #expect(try controls.set("White Balance, Automatic", to: "off").control.value == 0)
    #expect(try controls.set("link_frequency", to: "800000000").control.value == 1)
    #expect(try controls.set("saturation", to: "70").control.value == 70)
  }

  @Test("bad values are refused with the range, the step or the choices")
  func validation() throws {
    let (controls, kernel) = try Self.camera()
    #expect(
      Self.problem { _ = try controls.set("brightness", to: "100") }
        == "100 is out of range for brightness (-64…64) | use a value from -64 to 64; the default is 0"
    )
    #expect(Self.problem { _ = try controls.set("saturation", to: "55") }.contains("use 50 or 60"))
    #expect(
      Self.problem { _ = try controls.set("brightness", to: "bright") }.contains("whole number"))
    #expect(
      Self.problem { _ = try controls.set("white_balance_automatic", to: "maybe") }.contains(
        "on or off"))
    let menu = Self.problem { _ = try controls.set("auto_exposure", to: "2") }
    #expect(menu.contains("not a choice of auto_exposure"))
    #expect(menu.contains("manual_mode (1), aperture_priority_mode (3)"))
    #expect(Self.problem { _ = try controls.set("pixel_rate", to: "5") }.contains("read-only"))
    let unknown = Self.problem { _ = try controls.set("brightnes", to: "5") }
    #expect(unknown.contains("no control named 'brightnes'") && unknown.contains("brightness"))
    #expect(kernel.writes.isEmpty, "nothing is written when a value is refused")
  }

  @Test("a grabbed or disabled control says why it cannot change")
  func lockedControls() throws {
    let (controls, _) = try Self.camera { list in
      list[1].flags = 0x0002  // brightness grabbed
      list[2].flags = 0x0001  // saturation disabled
    }
    #expect(
      Self.problem { _ = try controls.set("brightness", to: "1") }
        .contains("locked while the camera is streaming"))
    #expect(Self.problem { _ = try controls.set("saturation", to: "10") }.contains("disabled"))
  }

  @Test("setting a manual value switches its auto partner to manual first")
  func autoManualPairs() throws {
    let (controls, kernel) = try Self.camera()
    let outcome = try controls.set("exposure_time_absolute", to: "100")
    #expect(outcome.control.value == 100 && !outcome.control.flags.contains(.inactive))
    #expect(outcome.written == ["auto_exposure": 1, "exposure_time_absolute": 100])
    #expect(
      outcome.notes == [
        "auto_exposure set to Manual Mode (1) so that exposure_time_absolute takes effect"
      ])
    #expect(kernel.writes.map(\.0) == [CameraFixtures.exposureAuto, CameraFixtures.exposureTime])
    let white = try controls.set("white_balance_temperature", to: "5000")
    #expect(white.written == ["white_balance_automatic": 0, "white_balance_temperature": 5000])
    // Already manual: nothing else is touched.
    #expect(try controls.set("exposure_time_absolute", to: "200").written.count == 1)
  }

  @Test("a manual value whose auto partner cannot be switched says what to do")
  func inactiveExplained() throws {
    let (controls, _) = try Self.camera { list in
      let index = list.firstIndex { $0.id == CameraFixtures.exposureAuto }!
      list[index].flags = 0x0004  // auto exposure read-only: cannot be switched
    }
    #expect(
      Self.problem { _ = try controls.set("exposure_time_absolute", to: "100") }
        == "exposure_time_absolute is inactive while auto_exposure is Aperture Priority Mode (3) "
        + "| set auto_exposure=manual first")
  }

  @Test("reset one control, or all of them (manual partners before their autos)")
  func reset() throws {
    let (controls, kernel) = try Self.camera()
    _ = try controls.set("brightness", to: "12")
    try controls.reset("brightness")
    #expect(kernel.value(CameraFixtures.brightnessID, on: Self.path) == 0)
    _ = try controls.set("brightness", to: "12")
    _ = try controls.set("exposure_time_absolute", to: "100")
    let before = kernel.writes.count
    #expect(try controls.reset().isEmpty)
    #expect(kernel.value(CameraFixtures.brightnessID, on: Self.path) == 0)
    #expect(kernel.value(CameraFixtures.exposureTime, on: Self.path) == 250)
    #expect(kernel.value(CameraFixtures.exposureAuto, on: Self.path) == 3)
    let order = kernel.writes.dropFirst(before).map(\.0)
    #expect(
      order.firstIndex(of: CameraFixtures.exposureTime)! < order.firstIndex(
        of: CameraFixtures.exposureAuto)!)
    // An inactive manual control is kept, with a note saying why.
    kernel.poke(CameraFixtures.exposureTime, on: Self.path, value: 300)
    #expect(
      try controls.reset() == [
        "exposure_time_absolute kept at 300: exposure_time_absolute is inactive while "
          + "auto_exposure is Aperture Priority Mode (3)"
      ])
    // An inactive manual control cannot be reset on its own; the message says why.
    #expect(
      Self.problem { try controls.reset("exposure_time_absolute") }.contains("inactive while"))
  }

  @Test("saved values are re-applied, autos before their manual partners")
  func apply() throws {
    let (controls, kernel) = try Self.camera()
    let notes = controls.apply([
      "exposure_time_absolute": 500, "auto_exposure": 1, "brightness": 7, "tilt_absolute": 3,
      "saturation": 55,
    ])
    #expect(kernel.value(CameraFixtures.exposureTime, on: Self.path) == 500)
    #expect(kernel.value(CameraFixtures.exposureAuto, on: Self.path) == 1)
    #expect(kernel.value(CameraFixtures.brightnessID, on: Self.path) == 7)
    #expect(kernel.writes.first?.0 == CameraFixtures.exposureAuto)
    #expect(notes.count == 2)
    #expect(notes.contains { $0.contains("tilt_absolute is not offered") })
    #expect(notes.contains { $0.contains("saturation=55 not applied") })
  }

  @Test("a node that is not a capture device is refused")
  func notCapture() throws {
    let kernel = FakeCameraKernel(["/dev/video1": CameraFixtures.metadataNode(busInfo: "usb-1")])
    #expect(
      Self.problem { _ = try CameraControls(path: "/dev/video1", system: kernel) }
        .contains("not a video capture device"))
    kernel.openErrors["/dev/video1"] = EACCES
    #expect(
      Self.problem { _ = try CameraControls(path: "/dev/video1", system: kernel) }
        .contains("usually 'video'"))
    #expect(kernel.openCount == 0)
  }

  @Test("the table lists type, value, range or choices and flags, and hardware zoom")
  func table() throws {
    let (controls, _) = try Self.camera()
    let text = ControlReport.table(controls.list())
    #expect(text.contains("brightness"))
    #expect(text.contains("-64…64; default 0"))
    #expect(text.contains("0…100 step 10; default 50"))
    #expect(text.contains("1=manual_mode 3=aperture_priority_mode; default 3"))
    #expect(text.contains("Aperture Priority Mode (3)"))
    #expect(text.contains("inactive"))
    #expect(text.hasSuffix("hardware zoom: yes (zoom_absolute)"))
    let json = ControlReport.json(device: Self.path, identity: "cam", controls: controls.list())
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["hardwareZoom"] as? Bool == true && object["version"] as? Int == 1)
    let entries = try #require(object["controls"] as? [[String: Any]])
    #expect(entries[0]["name"] as? String == "brightness")
  }
}
