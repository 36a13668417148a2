import DualCamCore
import Foundation
import Session

/// The camera screen: title bar, live preview, status bar and key hints.
enum CameraScreenView {
  static func draw(
    _ state: AppState, screen: CameraScreen, layout: ScreenLayout, into buffer: inout CellBuffer,
    glyphs: Glyphs
  ) {
    drawTitleBar(state, screen: screen, in: layout.titleBar, into: &buffer, glyphs: glyphs)
    drawPreview(state, screen: screen, in: layout.content, into: &buffer, glyphs: glyphs)
    drawStatusBar(state, in: layout.statusBar, into: &buffer)
    drawHintBar(state, screen: screen, in: layout.hintBar, into: &buffer)
  }

  // MARK: - Title bar

  static func drawTitleBar(
    _ state: AppState, screen: CameraScreen, in rect: ScreenRect, into buffer: inout CellBuffer,
    glyphs: Glyphs
  ) {
    let bar = CellStyle(foreground: Palette.barText, background: Palette.barBackground)
    buffer.fill(rect, style: bar)
    var x = rect.x + 1
    x += buffer.write("DualCam", x: x, y: rect.y, style: bar.adding(.bold)) + 2
    let (badge, badgeStyle) = stateBadge(state, screen: screen, bar: bar, glyphs: glyphs)
    x += buffer.write(badge, x: x, y: rect.y, style: badgeStyle) + 2
    let clock = state.system.clock
    let right = rect.maxX - 1 - BufferText.columns(clock)
    buffer.write(clock, x: right, y: rect.y, style: bar)
    var details = MenuCatalog.summary(of: state.settings)
    if state.sources.anySynthetic { details += "  SYNTHETIC SOURCES" }
    let room = right - 2 - x
    if room > 8 {
      let syntheticStyle = bar.foreground(
        state.sources.anySynthetic ? Palette.warning : Palette.barText)
      buffer.write(details, x: x, y: rect.y, style: syntheticStyle, maxWidth: room)
    }
  }

  static func stateBadge(_ state: AppState, screen: CameraScreen, bar: CellStyle, glyphs: Glyphs)
    -> (String, CellStyle)
  {
    let elapsed = Formatting.clock(seconds: state.session?.recordedSeconds ?? 0)
    if state.recordingWaitsForCalibration, !state.isTakeRunning {
      // A lasting state, not a message that fades: the take starts when this ends.
      let stage = state.calibration.map { " \($0.stage)/\($0.count)" } ?? ""
      return ("CALIBRATING\(stage), then recording", bar.foreground(Palette.warning).adding(.bold))
    }
    switch state.sessionState {
    case .recording:
      // The dot pulses between two reds every half second; the text stays put.
      let bright = Int(state.uptime * 2) % 2 == 0
      let red = bright ? Palette.recording : TerminalColor.rgb(130, 30, 30)
      return ("\(glyphs.recordDot) REC \(elapsed)", bar.foreground(red).adding(.bold))
    case .paused:
      return ("\(glyphs.pauseSign) PAUSED \(elapsed)", bar.foreground(Palette.paused).adding(.bold))
    case .finalizing:
      return (savingBadge(state.session?.saving), bar.foreground(Palette.warning).adding(.bold))
    case .previewing:
      return ("PREVIEW", bar.foreground(Palette.good))
    case .idle:
      return ("STARTING", bar.foreground(Palette.dim))
    }
  }

  /// `SAVING 79% · 44 frames left, about 4 s`, then `SAVING · completing the files`.
  static func savingBadge(_ saving: SavingProgress?) -> String {
    guard let saving else { return "SAVING…" }
    guard let left = saving.whatIsLeft else { return "SAVING · completing the files" }
    return "SAVING \(saving.percentDone)% · \(left.frames)\(left.time)"
  }

  // MARK: - Preview

  static func drawPreview(
    _ state: AppState, screen: CameraScreen, in rect: ScreenRect, into buffer: inout CellBuffer,
    glyphs: Glyphs
  ) {
    guard let preview = screen.preview, preview.width > 0 else {
      let text = state.sessionState == .idle ? "Starting cameras…" : "Waiting for the first frames…"
      buffer.writeCentered(
        text, in: ScreenRect(x: rect.x, y: rect.y + rect.height / 2, width: rect.width, height: 1),
        style: CellStyle(foreground: Palette.dim))
      return
    }
    let origin = previewOrigin(preview, in: rect)
    buffer.place(preview, x: origin.x, y: origin.y, clip: rect)
    for camera in CameraPosition.allCases {
      guard let region = screen.previewRegions[camera] else { continue }
      drawRegionLabel(
        camera, state, focused: screen.focused, at: (origin.x + region.x, origin.y + region.y),
        into: &buffer, glyphs: glyphs)
    }
  }

  /// Each camera's region on screen, for mouse clicks.
  static func regionsOnScreen(_ state: AppState, screen: CameraScreen)
    -> [CameraPosition: ScreenRect]
  {
    guard let preview = screen.preview else { return [:] }
    let area = ScreenLayout(width: state.width, height: state.height).content
    let origin = previewOrigin(preview, in: area)
    return screen.previewRegions.mapValues { region in
      ScreenRect(
        x: origin.x + region.x, y: origin.y + region.y, width: region.width, height: region.height)
    }
  }

  /// Where the preview picture's top-left cell goes: centred in the area.
  static func previewOrigin(_ preview: CellBuffer, in rect: ScreenRect) -> (x: Int, y: Int) {
    (
      rect.x + max((rect.width - preview.width) / 2, 0),
      rect.y + max((rect.height - preview.height) / 2, 0)
    )
  }

  static func drawRegionLabel(
    _ camera: CameraPosition, _ state: AppState, focused focusedCamera: CameraPosition,
    at point: (x: Int, y: Int), into buffer: inout CellBuffer, glyphs: Glyphs
  ) {
    let snapshot = camera == .front ? state.session?.front : state.session?.back
    let focused = focusedCamera == camera
    var label = " \(focused ? "\(glyphs.pointer) " : "")\(camera.description.uppercased())"
    let zoom = state.zoomFactor(of: camera)
    if zoom > 1.001 || state.hardwareZoom[camera] == true && zoom > 1.001 {
      label += String(format: " %.2g×", zoom)
    }
    if state.fpsCounterVisible {
      let rate = camera == .front ? state.measuredRates.front : state.measuredRates.back
      label += " \(Formatting.rate(rate)) fps"
    }
    label += " "
    let style =
      focused
      ? CellStyle(foreground: .rgb(0, 0, 0), background: Palette.accent, attributes: [.bold])
      : CellStyle(foreground: Palette.barText, background: Palette.barBackground)
    var x = point.x
    x += buffer.write(label, x: x, y: point.y, style: style)
    if snapshot?.signalLost == true {
      buffer.write(
        " NO SIGNAL ", x: x + 1, y: point.y,
        style: CellStyle(
          foreground: .rgb(255, 255, 255), background: Palette.bad, attributes: [.bold]))
    }
  }

  // MARK: - Status bar

  static func drawStatusBar(_ state: AppState, in rect: ScreenRect, into buffer: inout CellBuffer) {
    guard !rect.isEmpty else { return }
    let bar = CellStyle(foreground: Palette.barText, background: Palette.barBackground)
    buffer.fill(rect, style: bar)
    var segments: [(String, CellStyle)] = []
    for camera in CameraPosition.allCases {
      let counters = camera == .front ? state.session?.front : state.session?.back
      let rate = camera == .front ? state.measuredRates.front : state.measuredRates.back
      let dropped = counters?.dropped ?? 0
      let duplicates = counters?.duplicates ?? 0
      var text = "\(camera) \(Formatting.rate(rate))fps"
      // The counters are a take's: once it ends they belong to its review, not the preview.
      if state.isTakeRunning { text += " drop \(dropped) dup \(duplicates)" }
      let trouble = counters?.signalLost == true || (state.isTakeRunning && dropped > 0)
      segments.append((text, bar.foreground(trouble ? Palette.bad : Palette.barText)))
    }
    // Before the CPU load: at 80 columns the take's cost is the one that must stay visible.
    if let cost = LiveCostView.statusSegment(state, style: bar) { segments.append(cost) }
    if let load = state.system.cpuLoad {
      let percent = Int((load * 100).rounded())
      segments.append(
        ("CPU \(percent)%", bar.foreground(load > 0.9 ? Palette.warning : Palette.barText)))
    }
    if !state.isTakeRunning, let disk = diskSegment(state, style: bar) { segments.append(disk) }
    if let lag = state.session?.lagRepeats, lag > 0 {
      segments.append(("encoder behind: \(lag) repeats", bar.foreground(Palette.bad)))
    }
    let separator = bar.foreground(Palette.dim)
    let end = drawSegments(segments, in: rect, into: &buffer, separatorStyle: separator)
    // The meter takes the room the segments leave (they are never pushed off for it).
    if let sound = state.session?.soundInput {
      let room = ScreenRect(x: end + 3, y: rect.y, width: rect.maxX - 1 - (end + 3), height: 1)
      if let start = AudioMeterView.draw(
        sound, in: room, into: &buffer, bar: bar, unicode: state.capabilities.unicode)
      {
        buffer.write(" │ ", x: start - 3, y: rect.y, style: separator)
      }
    }
  }

  /// Free space and, at the current rate, the recording time it leaves; red when short.
  static func diskSegment(_ state: AppState, style: CellStyle) -> (String, CellStyle)? {
    guard let free = state.system.freeDiskBytes else { return nil }
    var text = "disk \(Formatting.bytes(free)) free"
    var low = free < 1_000_000_000
    if let rate = bytesPerSecond(state), rate > 0 {
      let seconds = Double(free) / rate
      text += " ~\(Formatting.minutes(seconds))"
      low = low || seconds < 600
    }
    return (text, style.foreground(low ? Palette.bad : style.foreground))
  }

  /// What the three files take per second: measured during a take, else the estimate.
  static func bytesPerSecond(_ state: AppState) -> Double? {
    if let session = state.session, session.recordedSeconds > 2, !session.outputs.isEmpty {
      let total = session.outputs.reduce(Int64(0)) { $0 + $1.bytes }
      return Double(total) / session.recordedSeconds
    }
    return state.system.estimatedBytesPerSecond
  }

  // MARK: - Hints and outputs

  static func drawHintBar(
    _ state: AppState, screen: CameraScreen, in rect: ScreenRect, into buffer: inout CellBuffer
  ) {
    guard !rect.isEmpty else { return }
    let hints = screen.hints(state)
    guard let outputs = state.session?.outputs, state.isTakeRunning, !state.stopPending else {
      HintLineView.draw(hints, from: rect.x + 1, in: rect, into: &buffer)
      return
    }
    // While recording: the essential keys first, then the disk time and the files' sizes at
    // the right (the disk first, the files dropped from the last while they do not fit), and
    // the other keys in the room between.
    let essential = hints.prefix(CameraScreen.essentialRecordingHints)
    let end = HintLineView.draw(Array(essential), from: rect.x + 1, in: rect, into: &buffer)
    let plain = CellStyle(foreground: Palette.barText)
    var segments: [(String, CellStyle)] = []
    if let disk = diskSegment(state, style: plain) { segments.append(disk) }
    segments += outputs.map { ("\($0.name) \(Formatting.bytes($0.bytes))", plain) }
    let separator = " · "
    var start = rect.maxX
    while !segments.isEmpty {
      let text = segments.map(\.0).joined(separator: separator)
      let x = rect.maxX - 1 - BufferText.columns(text)
      if x > end {
        start = x
        break
      }
      segments.removeLast()
    }
    var column = start
    for (index, segment) in segments.enumerated() {
      if index > 0 {
        column += buffer.write(
          separator, x: column, y: rect.y, style: CellStyle(foreground: Palette.dim))
      }
      column += buffer.write(segment.0, x: column, y: rect.y, style: segment.1)
    }
    let between = ScreenRect(x: rect.x, y: rect.y, width: max(start - 1 - rect.x, 0), height: 1)
    HintLineView.draw(
      Array(hints.dropFirst(essential.count)), from: end, in: between, into: &buffer)
  }

  /// Writes segments left to right with separators, dropping those that no longer fit;
  /// returns the column after the last one written.
  @discardableResult
  static func drawSegments(
    _ segments: [(String, CellStyle)], in rect: ScreenRect, into buffer: inout CellBuffer,
    separatorStyle: CellStyle
  ) -> Int {
    var x = rect.x + 1
    for (index, segment) in segments.enumerated() {
      let separator = index == 0 ? "" : " │ "
      let needed = BufferText.columns(separator) + BufferText.columns(segment.0)
      guard x + needed <= rect.maxX - 1 else { break }
      x += buffer.write(separator, x: x, y: rect.y, style: separatorStyle)
      x += buffer.write(segment.0, x: x, y: rect.y, style: segment.1)
    }
    return x
  }
}

/// Text measuring shared by the views.
enum BufferText {
  /// The columns `text` takes.
  static func columns(_ text: String) -> Int { CellBuffer.columns(of: text) }
}
