import Capture
import DualCamCore
import Foundation

/// Builds every menu page from the state: rows, their current values and what changing them
/// does.
public enum MenuCatalog {
  /// The page `id` as it stands in `state`; the main page is the focused screen's
  /// (`AppScreen.mainMenu`).
  public static func page(_ id: MenuPageID, in state: AppState) -> MenuPage {
    switch id {
    case .main: state.screens.focused.mainMenu(state)
    case .recording: recordingPage(state)
    case .layout: layoutPage(state)
    case .cameraControls: controlsPage(state)
    case .devices: devicesPage(state)
    case .sound: SoundMenu.page(state)
    case .advanced: advancedPage(state)
    }
  }

  // MARK: - Main

  /// The camera screen's main page.
  static func mainPage(_ state: AppState) -> MenuPage {
    let running = state.isTakeRunning
    return MenuPage(
      title: "Menu",
      items: [
        MenuItem(
          title: running ? "Stop recording" : "Start recording", kind: .action,
          adjust: { _ in .action(CameraAction.recordOrStop) }),
        MenuItem(
          title: state.sessionState == .paused ? "Resume" : "Pause", kind: .action,
          note: running ? nil : "Pausing needs a take: start recording first", enabled: running,
          adjust: { _ in .action(CameraAction.pauseOrResume) }),
        MenuItem(
          title: "Discard the take", kind: .action,
          note: running ? "Stops and deletes the take (asks first)" : "No take is being recorded",
          enabled: running, adjust: { _ in .action(CameraAction.discardTake) }),
        MenuItem(
          title: "Recording", value: summary(of: state.settings), kind: .submenu,
          adjust: { _ in .open(.recording) }),
        MenuItem(
          title: "Layout", value: layoutSummary(state.settings.layout), kind: .submenu,
          adjust: { _ in .open(.layout) }),
        MenuItem(
          title: "Camera controls", value: "\(state.camera.focused) camera", kind: .submenu,
          adjust: { _ in .open(.cameraControls) }),
        MenuItem(
          title: "Devices", value: "\(state.sources.front.label) / \(state.sources.back.label)",
          kind: .submenu, adjust: { _ in .open(.devices) }),
        MenuItem(
          title: "Sound", value: SoundMenu.summary(state), kind: .submenu,
          adjust: { _ in .open(.sound) }),
        MenuItem(title: "Advanced", kind: .submenu, adjust: { _ in .open(.advanced) }),
        MenuItem(
          title: "Gallery", value: "browse takes", kind: .action,
          adjust: { _ in .action(CameraAction.openGallery) }),
        MenuItem(
          title: "Keys and help", kind: .action, adjust: { _ in .action(CameraAction.help) }),
        MenuItem(title: "Quit", kind: .action, adjust: { _ in .action(CameraAction.quit) }),
      ])
  }

  // MARK: - Recording

  static let sizes = ["640x360", "640x480", "1280x720", "1920x1080"].compactMap {
    try? ImageSize(parsing: $0)
  }
  static let rates = [15, 24, 25, 30, 50, 60].map { FrameRate(numerator: $0) }
  static let bitrates: [BitrateSetting] = [
    .auto, .level(.low), .level(.medium), .level(.high), .level(.max),
  ]
  static let presets = [
    "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow",
  ]

  /// A ←/→ row that changes the recording settings with `change` (the delta is -1 or 1);
  /// while a take runs it is disabled, with `lockNote` as its note.
  static func settingsRow(
    _ state: AppState, lockNote: String, _ title: String, _ value: String, note: String? = nil,
    _ change: @escaping @Sendable (inout RecordingSettings, Int) -> Void
  ) -> MenuItem {
    let settings = state.settings
    let locked = state.isTakeRunning
    return MenuItem(
      title: title, value: value, kind: .choice, note: locked ? lockNote : note,
      enabled: !locked,
      adjust: { delta in
        var changed = settings
        change(&changed, delta)
        return .recording(changed)
      })
  }

  static func recordingPage(_ state: AppState) -> MenuPage {
    let settings = state.settings
    func row(
      _ title: String, _ value: String, note: String? = nil,
      _ change: @escaping @Sendable (inout RecordingSettings, Int) -> Void
    ) -> MenuItem {
      settingsRow(
        state, lockNote: "Recording settings change between takes: stop the take first", title,
        value, note: note, change)
    }
    var items = [
      row("Camera size", settings.size.description, note: "Each camera's picture and file") {
        $0.size = (sizes.contains(settings.size) ? sizes : [settings.size] + sizes)
          .cycled(from: settings.size, by: $1)
      },
      row("Frame rate", "\(settings.frameRate) fps") {
        $0.frameRate = (rates.contains(settings.frameRate) ? rates : [settings.frameRate] + rates)
          .cycled(from: settings.frameRate, by: $1)
      },
      row("Codec", settings.codec.rawValue) {
        $0.codec = VideoCodec.allCases.cycled(from: settings.codec, by: $1)
      },
      row(
        "Camera files", settings.cameraCodec?.description ?? "same as dual view",
        note: "copy stores each camera's own MJPEG stream without re-encoding"
      ) {
        let choices: [CameraCodec?] = [nil, .copy] + VideoCodec.allCases.map { .encode($0) }
        $0.cameraCodec = choices.cycled(from: settings.cameraCodec, by: $1)
      },
      row("Container", settings.container.rawValue) {
        $0.container = ContainerFormat.allCases.cycled(from: settings.container, by: $1)
      },
      row("Bitrate", settings.bitrate.description, note: "auto sizes it from picture and rate") {
        $0.bitrate =
          (bitrates.contains(settings.bitrate) ? bitrates : [settings.bitrate] + bitrates)
          .cycled(from: settings.bitrate, by: $1)
      },
    ]
    if let preset = settings.effectivePreset {
      items.append(
        row("Preset", preset, note: "Faster presets use less CPU and make larger files") {
          $0.preset = presets.cycled(from: preset, by: $1)
        })
    }
    let answer = state.overBudgetAnswer
    items.append(
      MenuItem(
        title: "Over budget", value: answer.rawValue, kind: .choice,
        note: "When a take would not fit this machine: \(answer.explanation)",
        adjust: { delta in .overBudget(OverBudgetAnswer.allCases.cycled(from: answer, by: delta)) }
      ))
    items.append(
      MenuItem(
        title: "Output folder", value: state.system.outputFolder ?? "default", kind: .info,
        note: "Set with --output or `output` in settings.toml"))
    return MenuPage(title: "Recording", items: items)
  }

  // MARK: - Layout

  static let borderThicknesses = [0, 2, 4, 8]
  static let borderColors = ["white", "black", "gray", "red", "green", "blue", "yellow"]
  static let zoomSteps: [Double] = [1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]

  static func layoutPage(_ state: AppState) -> MenuPage {
    let layout = state.settings.layout
    func row(
      _ title: String, _ value: String, note: String? = nil,
      _ change: @escaping @Sendable (inout LayoutSettings, Int) -> Void
    ) -> MenuItem {
      MenuItem(
        title: title, value: value, kind: .choice, note: note,
        adjust: { delta in
          var changed = layout
          change(&changed, delta)
          return .layout(changed)
        })
    }
    let fullStack = layout.canvas == .fullStack
    let borderColorName =
      borderColors.first { (try? YUVColor(parsing: $0)) == layout.border?.color } ?? "custom"
    let canvases: [LayoutSettings.CanvasPreset] = [.fullStack, .portrait, .landscape]
    return MenuPage(
      title: "Layout",
      items: [
        row("On top", layout.order == .frontOnTop ? "front camera" : "back camera") {
          $0.order = LayoutSettings.StackOrder.allCases.cycled(from: layout.order, by: $1)
        },
        row(
          "Canvas", layout.canvas.description,
          note: "full keeps both pictures at their size; portrait 1080×1920; landscape 1920×1080"
        ) {
          $0.canvas =
            (canvases.contains(layout.canvas) ? canvases : [layout.canvas] + canvases)
            .cycled(from: layout.canvas, by: $1)
        },
        row(
          "Split", layout.split.rawValue,
          note: fullStack
            ? "The full-stack canvas keeps natural heights; split applies to the others" : nil
        ) {
          $0.split = LayoutSettings.SplitRatio.allCases.cycled(from: layout.split, by: $1)
        },
        row("Front picture", layout.frontScaling.rawValue, note: "fill crops, fit shows bars") {
          $0.frontScaling = LayoutSettings.ScaleMode.allCases.cycled(
            from: layout.frontScaling, by: $1)
        },
        row("Back picture", layout.backScaling.rawValue, note: "fill crops, fit shows bars") {
          $0.backScaling = LayoutSettings.ScaleMode.allCases.cycled(
            from: layout.backScaling, by: $1)
        },
        row("Border", layout.border.map { "\($0.thickness) px" } ?? "none") {
          let current = layout.border?.thickness ?? 0
          let next = borderThicknesses.cycled(from: current, by: $1)
          $0.border =
            next == 0 ? nil : .init(thickness: next, color: layout.border?.color ?? .white)
        },
        row("Border colour", layout.border == nil ? "—" : borderColorName) {
          guard let border = layout.border else { return }
          let next = borderColors.cycled(from: borderColorName, by: $1)
          $0.border = .init(
            thickness: border.thickness, color: (try? YUVColor(parsing: next)) ?? .white)
        },
        zoomRow(.front, state),
        zoomRow(.back, state),
      ])
  }

  static func zoomRow(_ camera: CameraPosition, _ state: AppState) -> MenuItem {
    let factor = state.zoomFactor(of: camera)
    let hardware = state.hardwareZoom[camera] == true
    return MenuItem(
      title: "\(camera == .front ? "Front" : "Back") zoom",
      value: String(format: "%.2f×", factor),
      kind: .slider(fraction: (factor - 1) / 9),
      note: hardware ? "The camera's own optical/sensor zoom" : "Digital zoom in the dual view",
      adjust: { delta in
        let steps = zoomSteps
        let index = steps.lastIndex { $0 <= factor + 0.001 } ?? 0
        let next = steps[min(max(index + (delta == 0 ? 1 : delta.signum()), 0), steps.count - 1)]
        return .command(.setZoom(camera, factor: next))
      })
  }

  // MARK: - Camera controls

  static func controlsPage(_ state: AppState) -> MenuPage {
    let camera = state.camera.focused
    var items = [
      MenuItem(
        title: "Camera", value: "\(camera): \(state.sources[camera].label)", kind: .choice,
        note: "←/→ or Tab chooses the camera these controls act on",
        adjust: { _ in .focus(camera == .front ? .back : .front) })
    ]
    let controls = state.controls[camera] ?? []
    if controls.isEmpty {
      let source = state.sources[camera]
      let why =
        source.kind == .v4l2
        ? "The camera reports no controls" : "A \(source.kind) source has no camera controls"
      items.append(MenuItem(title: why, kind: .info))
      return MenuPage(title: "Camera controls", items: items)
    }
    for control in controls {
      items.append(controlRow(control, camera: camera))
    }
    items.append(
      MenuItem(
        title: "Reset all to defaults", kind: .action,
        adjust: { _ in .command(.resetControls(camera, name: nil)) }))
    return MenuPage(title: "Camera controls", items: items)
  }

  static func controlRow(_ control: CameraControl, camera: CameraPosition) -> MenuItem {
    var row = controlRowContent(control, camera: camera)
    if control.isWritable { row.resettableControl = control.name }
    return row
  }

  private static func controlRowContent(_ control: CameraControl, camera: CameraPosition)
    -> MenuItem
  {
    let value = control.value ?? control.defaultValue
    let shown = control.value.map { control.describe($0) } ?? "—"
    var note = "\(control.name) · default \(control.describe(control.defaultValue)) · r resets"
    if control.flags.contains(.inactive) {
      note = "Set automatically now: turn its auto mode off first"
    }
    if !control.isWritable { note = "Read only" }
    let name = control.name
    @Sendable func set(_ newValue: Int64) -> MenuEffect {
      .command(.setControl(camera, name: name, value: newValue))
    }
    switch control.kind {
    case .boolean:
      return MenuItem(
        title: control.label, value: shown, kind: .toggle(value != 0), note: note,
        enabled: control.isWritable, adjust: { _ in set(value == 0 ? 1 : 0) })
    case .menu, .integerMenu:
      let indices = control.menu.map(\.index)
      return MenuItem(
        title: control.label, value: shown, kind: .choice, note: note,
        enabled: control.isWritable && !indices.isEmpty,
        adjust: { delta in indices.isEmpty ? nil : set(indices.cycled(from: value, by: delta)) })
    case .button:
      return MenuItem(
        title: control.label, kind: .action, note: note, enabled: control.isWritable,
        adjust: { _ in set(1) })
    case .integer:
      let span = max(control.maximum - control.minimum, 1)
      let step = max(control.step, 1)
      return MenuItem(
        title: control.label, value: shown,
        kind: .slider(fraction: Double(value - control.minimum) / Double(span)), note: note,
        enabled: control.isWritable,
        adjust: { delta in
          guard delta != 0 else { return nil }
          let moved = value + Int64(delta) * step
          return set(min(max(moved, control.minimum), control.maximum))
        })
    default:
      return MenuItem(title: control.label, value: shown, kind: .info, note: note)
    }
  }

  // MARK: - Devices

  static func devicesPage(_ state: AppState) -> MenuPage {
    let choices = state.availableDevices
    let specs = choices.map(\.spec)
    let locked = state.isTakeRunning
    let front = state.sources.frontSpec
    let back = state.sources.backSpec
    func label(_ spec: String) -> String {
      choices.first { $0.spec == spec }?.label ?? spec
    }
    func row(_ camera: CameraPosition) -> MenuItem {
      let current = camera == .front ? front : back
      return MenuItem(
        title: camera == .front ? "Front camera" : "Back camera", value: label(current),
        kind: .choice,
        note: locked
          ? "Cameras change between takes: stop the take first"
          : "←/→ chooses among the cameras found and the synthetic test pattern",
        enabled: !locked && specs.count > 1,
        adjust: { delta in
          let next = (specs.contains(current) ? specs : [current] + specs)
            .cycled(from: current, by: delta)
          // One camera cannot be both: choosing the other side's camera swaps the two.
          let other = camera == .front ? back : front
          let otherNext = next == other && !next.hasPrefix("synthetic") ? current : other
          return .command(
            camera == .front
              ? .assignSources(front: next, back: otherNext)
              : .assignSources(front: otherNext, back: next))
        })
    }
    return MenuPage(
      title: "Devices",
      items: [
        row(.front), row(.back),
        MenuItem(
          title: "Swap front and back", kind: .action, enabled: !locked,
          adjust: { _ in .command(.assignSources(front: back, back: front)) }),
      ])
  }

  // MARK: - Advanced

  static func advancedPage(_ state: AppState) -> MenuPage {
    let fps = state.fpsCounterVisible
    let diagnostics = state.diagnosticsVisible
    let level = state.logLevel
    let colors = state.colorPreference
    let colorChoices: [TerminalCapabilities.ColorDepth?] =
      [nil] + TerminalCapabilities.ColorDepth.allCases
    return MenuPage(
      title: "Advanced",
      items: [
        MenuItem(
          title: "FPS counter", value: fps ? "on" : "off", kind: .toggle(fps),
          note: "Measured camera and preview rates over the picture",
          adjust: { _ in .fpsCounter(!fps) }),
        MenuItem(
          title: "Diagnostics panel", value: diagnostics ? "on" : "off", kind: .toggle(diagnostics),
          note: "Counters of every stage (also the d key)",
          adjust: { _ in .diagnostics(!diagnostics) }),
        MenuItem(
          title: "FFmpeg log level", value: level.rawValue, kind: .choice,
          note: "What the encoders report; messages go to the log, not the screen",
          adjust: { delta in
            .command(.setLogLevel(AppState.LogLevel.allCases.cycled(from: level, by: delta)))
          }),
        MenuItem(
          title: "Preview colours",
          value: colors?.rawValue ?? "automatic (\(state.capabilities.colorDepth.rawValue))",
          kind: .choice, note: "Limit colours on slow links; never more than the terminal shows",
          adjust: { delta in .colors(colorChoices.cycled(from: colors, by: delta)) }),
        MenuItem(
          title: "Pictures", value: pictureValue(state), kind: .choice,
          note: "auto: real pixels where the terminal has them and the link keeps up; "
            + "pixels: always where it has them; chafa: chafa's symbols in the player; "
            + "blocks: half blocks",
          adjust: { delta in
            .pictures(PictureChoice.allCases.cycled(from: state.picturePreference, by: delta))
          }),
        MenuItem(
          title: "Save settings now", kind: .action,
          note: "Settings are saved when you quit; this writes them now",
          adjust: { _ in .command(.saveSettings) }),
      ])
  }

  /// The pictures choice and, for auto, what it gives on this terminal.
  static func pictureValue(_ state: AppState) -> String {
    let choice = state.picturePreference
    guard choice == .auto else { return choice.rawValue }
    let spoken = PictureChoice.pixelProtocol(for: state.capabilities)
    let name = spoken == .kitty ? "kitty" : spoken == .sixel ? "sixel" : "half blocks"
    return "auto (\(state.picturesInPixels ? name : "half blocks"))"
  }

  // MARK: - Summaries

  static func summary(of settings: RecordingSettings) -> String {
    "\(settings.size) \(settings.frameRate)fps \(settings.codec.rawValue)/\(settings.container.rawValue)"
  }

  static func layoutSummary(_ layout: LayoutSettings) -> String {
    "\(layout.order == .frontOnTop ? "front" : "back") on top, \(layout.canvas)"
  }
}
