import Capture
import Compositor
import DualCamCore
import Encoding
import Foundation
import Media
import Session

extension AppRunner {
  /// Carries out one command; answers come back as events.
  func apply(_ command: AppCommand) {
    if stopThread != nil, Self.changesTheSession(command) {
      // The session is finishing the take on another thread; it is not changed meanwhile.
      if let layout = session?.settings.layout { state.settings.layout = layout }
      dispatch(.notice("Saving the take: try again in a moment"))
      return
    }
    switch command {
    case .startRecording:
      guard let session else {
        dispatch(
          .failed(
            ErrorReport(
              title: "Cannot record", problem: "no cameras are open",
              fix: "choose cameras in Menu › Devices")))
        return
      }
      do {
        let folder = try session.startRecording()
        dispatch(.recordingStarted(folder))
      } catch {
        dispatch(.failed(ErrorReport(title: "Recording did not start", error: error)))
      }
    case .stopRecording:
      startStop()
    case .togglePause:
      session?.togglePause()
      dispatch(.notice(session?.state == .paused ? "Paused" : "Recording again"))
    case .applySettings(let settings):
      reopen(front: state.sources.frontSpec, back: state.sources.backSpec, settings: settings)
    case .applyLayout(let layout):
      updateLayout(layout)
    case .setZoom(let camera, let factor):
      zoom(camera, to: factor)
    case .setControl(let camera, let name, let value):
      withControls(camera) { access throws(DualCamError) in try access.set(name, to: value) }
    case .resetControls(let camera, let name):
      withControls(camera) { access throws(DualCamError) in try access.reset(name) }
    case .loadControls(let camera):
      loadControls(camera)
    case .refreshDevices:
      dispatch(.devicesFound(configuration.listDevices()))
    case .assignSources(let front, let back):
      reopen(front: front, back: back, settings: state.settings)
    case .discardTake(let folder):
      do {
        try FileManager.default.removeItem(at: folder)
        dispatch(.notice("Discarded \(folder.lastPathComponent)"))
      } catch {
        dispatch(
          .failed(
            ErrorReport(
              title: "Could not discard", problem: error.localizedDescription,
              fix: "delete \(folder.path) by hand")))
      }
    case .playInTerminal(let folder):
      do {
        let player = try TakePlayer(folder: folder, now: uptime)
        self.player = player
        dispatch(.playback(.init(name: player.name, position: 0, duration: player.duration)))
      } catch {
        dispatch(.failed(ErrorReport(title: "Cannot play the take", error: error)))
      }
    case .openInPlayer(let folder):
      openInPlayer(folder)
    case .stopPlayback:
      player = nil
      dispatch(.playback(nil))
    case .setLogLevel(let level):
      let levels: [AppState.LogLevel: FFmpegLog.Level] = [
        .quiet: .quiet, .error: .error, .warning: .warning, .info: .info,
      ]
      FFmpegLog.setLevel(levels[level] ?? .warning)
      state.logLevel = level
    case .saveSettings:
      saveSettings()
    case .quit:
      exiting = true
    }
  }

  /// Commands that change the session, which must wait while a take is being finished.
  static func changesTheSession(_ command: AppCommand) -> Bool {
    switch command {
    case .startRecording, .togglePause, .applySettings, .applyLayout, .setZoom, .assignSources:
      true
    default:
      false
    }
  }

  // MARK: - Session

  /// Opens sources and a session; when the chosen sources fail, falls back to synthetic ones
  /// and says why, so the interface always opens.
  func openSession(front: String?, back: String?, settings: RecordingSettings) {
    do {
      try startSession(front: front, back: back, settings: settings)
    } catch {
      dispatch(
        .failed(
          ErrorReport(
            title: "Cameras could not be opened", problem: error.problem,
            fix:
              "\(error.fix.isEmpty ? "" : error.fix + "; ")synthetic test sources are shown meanwhile — choose cameras in Menu › Devices"
          )))
      // Test patterns cannot be stored as camera streams: encode their files instead.
      var fallback = settings
      if fallback.copiesCameraStreams { fallback.cameraCodec = nil }
      do {
        try startSession(front: "synthetic", back: "synthetic", settings: fallback)
      } catch {
        dispatch(.failed(ErrorReport(title: "Nothing could be opened", error: error)))
      }
    }
  }

  private func startSession(front: String?, back: String?, settings: RecordingSettings)
    throws(DualCamError)
  {
    let opened = try configuration.openSources(front, back, settings)
    let session = SessionController(settings: settings, front: opened.front, back: opened.back)
    try session.validate()
    try session.startPreview()
    self.session = session
    controlAccess = [:]
    let frontSize = opened.front.info.size
    let backSize = opened.back.info.size
    let cameraKinds = [opened.front.info.kind, opened.back.info.kind]
    environment = AppEnvironment(
      checkSettings: { settings in
        if settings.copiesCameraStreams, cameraKinds.contains(where: { $0 != "v4l2" }) {
          return .invalidArgument(
            "copy stores each camera's own MJPEG stream, and a synthetic or file source has none",
            fix: "choose two cameras in Devices first, or encode the camera files")
        }
        do throws(DualCamError) {
          try SessionController.check(settings, frontSize: settings.size, backSize: settings.size)
          return nil
        } catch { return error }
      },
      checkLayout: { [weak session] layout in
        do throws(DualCamError) {
          _ = try StackLayout(settings: layout, frontSize: frontSize, backSize: backSize)
          return session?.canApplyLayout(layout)
        } catch { return error }
      })
    state.settings = settings
    dispatch(
      .sourcesChanged(
        .init(
          front: opened.front.info, back: opened.back.info, frontSpec: opened.frontSpec,
          backSpec: opened.backSpec)))
    if opened.notes.contains(where: { $0.contains("synthetic") })
      && opened.front.info.kind == "synthetic"
    {
      dispatch(.notice("No camera found: showing synthetic test patterns"))
    }
  }

  /// Replaces the session with one on new sources or settings, keeping the old one when the
  /// new one cannot start.
  private func reopen(front: String, back: String, settings: RecordingSettings) {
    guard !state.isTakeRunning else { return }
    let previous = (session, state.sources, state.settings)
    session?.shutdown()
    session = nil
    do {
      try startSession(front: front, back: back, settings: settings)
      configuration.frontSpec = front
      configuration.backSpec = back
      saveSettings()
    } catch {
      dispatch(.failed(ErrorReport(title: "Not changed", error: error)))
      state.settings = previous.2
      openSession(front: previous.1.frontSpec, back: previous.1.backSpec, settings: previous.2)
    }
  }

  /// Zooms with the camera's own zoom where it has one; otherwise (or when the camera refuses)
  /// with the dual view's digital zoom, live in a running take.
  private func zoom(_ camera: CameraPosition, to factor: Double) {
    guard let session else { return }
    if state.hardwareZoom[camera] == true,
      case .hardware = session.setZoom(factor, for: camera)
    {
      return
    }
    if state.hardwareZoom[camera] == true {
      state.hardwareZoom[camera] = false
      dispatch(.notice("The \(camera) camera did not zoom: using digital zoom"))
    }
    var layout = state.settings.layout
    let zoom = LayoutSettings.Zoom(factor: factor)
    if camera == .front { layout.frontZoom = zoom } else { layout.backZoom = zoom }
    state.settings.layout = layout
    updateLayout(layout)
  }

  private func updateLayout(_ layout: LayoutSettings) {
    do {
      try session?.updateLayout(layout)
    } catch {
      if let current = session?.settings.layout { state.settings.layout = current }
      dispatch(.notice("Not applied: \(error.problem)"))
    }
  }

  // MARK: - Stopping

  private func startStop() {
    guard let session, stopThread == nil else { return }
    let box = stopResult
    let thread = Thread {
      let result: Result<TakeResult, DualCamError>
      do throws(DualCamError) {
        result = .success(try session.stopRecording())
      } catch {
        result = .failure(error)
      }
      box.put(result)
    }
    thread.name = "take-finalize"
    stopThread = thread
    thread.start()
  }

  /// Delivers the result of a stop that has finished.
  func collectFinishedStop() {
    guard stopThread != nil, let result = stopResult.take() else { return }
    stopThread = nil
    switch result {
    case .success(let take):
      dispatch(.takeFinished(Self.review(of: take)))
    case .failure(let error):
      dispatch(.failed(ErrorReport(title: "The take could not be finished", error: error)))
    }
  }

  /// Waits for a running stop to finish (when quitting).
  func waitForStop() {
    while stopThread != nil {
      Thread.sleep(forTimeInterval: 0.02)
      collectFinishedStop()
    }
  }

  static func review(of take: TakeResult) -> TakeReview {
    let metadata = take.metadata
    let sources = metadata.sync
    return TakeReview(
      folder: take.folder, duration: sources.durationSeconds, frames: sources.frames,
      pauses: metadata.pauses.count,
      dropped: sources.front.droppedTotal + sources.back.droppedTotal,
      duplicates: sources.front.duplicates + sources.back.duplicates,
      files: ["dualview", "front", "back"].compactMap { name in
        metadata.outputs[name].map { ($0.file, $0.bytes) }
      })
  }

  // MARK: - Controls

  private func access(_ camera: CameraPosition) -> CameraControlAccess? {
    if let access = controlAccess[camera] { return access }
    let source = state.sources[camera]
    guard source.kind == "v4l2", let path = source.details["path"],
      let access = try? CameraControlAccess(path: path)
    else { return nil }
    controlAccess[camera] = access
    return access
  }

  private func loadControls(_ camera: CameraPosition) {
    guard let access = access(camera) else {
      dispatch(.controlsLoaded(camera, [], hardwareZoom: false))
      return
    }
    dispatch(.controlsLoaded(camera, access.list(), hardwareZoom: access.hasHardwareZoom))
  }

  private func withControls(
    _ camera: CameraPosition, _ body: (CameraControlAccess) throws(DualCamError) -> [String]
  ) {
    guard let access = access(camera) else {
      dispatch(.notice("The \(camera) source has no camera controls"))
      return
    }
    do {
      for note in try body(access) { dispatch(.notice(note)) }
    } catch {
      dispatch(.notice("\(error.problem)"))
    }
    loadControls(camera)
  }

  // MARK: - Preview

  func drawPreview(at time: Double) {
    let layout = ScreenLayout(width: state.width, height: state.height)
    let capabilities = effectiveCapabilities
    let method = PreviewRenderer.Method(for: capabilities)
    state.previewMethod = method
    let pixels = ImageSize(width: layout.preview.width, height: layout.preview.height * 2)
    if let player {
      guard let picture = player.picture(at: time) else { return }
      state.playback?.position = picture.position
      let image = picture.image
      let scale = min(
        Double(pixels.width) / Double(image.size.width),
        Double(pixels.height) / Double(image.size.height))
      let columns = max(Int(Double(image.size.width) * scale), 1)
      let rows = max(Int(Double(image.size.height) * scale) / 2, 1)
      var cells = CellBuffer(width: columns, height: rows)
      PreviewRenderer.draw(
        image, into: &cells, x: 0, y: 0, columns: columns, rows: rows, method: method,
        glyphs: capabilities.glyphs)
      state.preview = cells
      state.previewRegions = [:]
      return
    }
    guard let session else { return }
    let front = session.latestFrame(.front)
    let back = session.latestFrame(.back)
    defer {
      front?.release()
      back?.release()
    }
    let frontSize = state.sources.front.size
    let backSize = state.sources.back.size
    guard
      let size = PreviewComposer.pictureSize(
        fitting: pixels, layout: state.settings.layout, frontSize: front?.image.size ?? frontSize,
        backSize: back?.image.size ?? backSize),
      let picture = composer.compose(
        front: front, back: back, frontSize: frontSize, backSize: backSize,
        settings: state.settings.layout, size: size)
    else {
      state.preview = nil
      return
    }
    var cells = CellBuffer(width: size.width, height: size.height / 2)
    PreviewRenderer.draw(
      picture.image, into: &cells, x: 0, y: 0, columns: cells.width, rows: cells.height,
      method: method, glyphs: capabilities.glyphs)
    state.preview = cells
    var regions: [CameraPosition: ScreenRect] = [:]
    for camera in CameraPosition.allCases {
      let region = picture.layout.regionRect(of: camera)
      regions[camera] = ScreenRect(
        x: region.x, y: region.y / 2, width: region.width, height: region.height / 2)
    }
    state.previewRegions = regions
    let captureTimes = [front, back].compactMap {
      $0?.isPlaceholder == false ? $0?.captureTime : nil
    }
    previewCaptureTime = captureTimes.min()
    previewFrames.append(time)
    previewFrames.removeAll { $0 < time - 1 }
    state.previewRate = Double(previewFrames.count)
  }

  // MARK: - Files

  private func openInPlayer(_ folder: URL) {
    let environment = ProcessInfo.processInfo.environment
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    guard let file = files.sorted().first(where: { $0.hasPrefix("dualview_") }) else { return }
    let path = folder.appendingPathComponent(file).path
    let hasDisplay = environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil
    let player = environment["DUALCAM_PLAYER"]
    guard hasDisplay || player != nil else {
      dispatch(.notice("No display here (over SSH?): press p to play it in the terminal"))
      return
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [player ?? "xdg-open", path]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      dispatch(.notice("Opened \(file) in \(player ?? "the default player")"))
    } catch {
      dispatch(.notice("Could not start \(player ?? "xdg-open"): \(error.localizedDescription)"))
    }
  }

  func saveSettings() {
    guard let url = configuration.settingsURL else { return }
    var file = configuration.settingsFile
    file.recording = state.settings
    file.frontSource = configuration.frontSpec ?? file.frontSource
    file.backSource = configuration.backSpec ?? file.backSource
    file.interface.fpsCounter = state.fpsCounterVisible
    file.interface.logLevel = state.logLevel.rawValue
    file.interface.colors = state.colorPreference?.rawValue ?? "auto"
    guard file != configuration.settingsFile || !FileManager.default.fileExists(atPath: url.path)
    else { return }
    do {
      try file.save(to: url)
      configuration.settingsFile = file
    } catch {
      dispatch(.notice(error.problem))
    }
  }
}
