public import Audio
public import Budget
import Capture
import Compositor
public import DualCamCore
public import Foundation
public import Session
import Synchronization

/// Runs the interface: waits for a key, a tick or a preview frame, feeds events to `AppUpdate`
/// (the only writer of `AppState`), carries out the commands it returns through the executors
/// (session, camera controls, settings, files, player), whose results come back as events,
/// and presents `AppRenderer`'s screens.
///
/// Everything happens on the calling thread except finalizing a take, which runs on a thread
/// of its own so the screen keeps moving while the files are closed.
public final class AppRunner {
  /// What the runner starts from.
  public struct Configuration {
    /// Settings from the settings file with the flags applied.
    public var settings: RecordingSettings
    /// The settings file as loaded. The flags are not in it: only what the user changes in
    /// the interface is saved into it.
    public var settingsFile: SettingsFile
    /// The preview colours asked for on the command line, for this run only (nil: the
    /// file's).
    public var colors: String?
    /// The settings given on the command line that the budget's adapting leaves alone.
    public var budgetKindsChosen: Set<BudgetChange.Kind> = []
    /// Where to save settings; nil: never saved.
    public var settingsURL: URL?
    /// The front source text (nil: automatic).
    public var frontSpec: String?
    /// The back source text (nil: automatic).
    public var backSpec: String?
    /// Problems to show when the interface opens (e.g. a broken settings file).
    public var startupProblems: [ErrorReport]
    /// Notes to show when the interface opens (e.g. an interrupted take recovered).
    public var startupNotices: [String] = []
    /// Opens sources.
    public var openSources: SourceOpener
    /// Lists the cameras that can be chosen.
    public var listDevices: @Sendable () -> [AppState.DeviceChoice]
    /// True once SIGTERM or SIGHUP arrived: the take is saved and the interface closes.
    public var stopRequested: @Sendable () -> Bool
    /// Lists the sound inputs that can be chosen (the ALSA capture devices `dualcam devices`
    /// lists).
    public var listSoundInputs: @Sendable () -> [AppState.DeviceChoice] = {
      AudioDeviceDiscovery.captureDevices().map {
        AppState.DeviceChoice(spec: $0.name, label: "\($0.name) — \($0.description)")
      }
    }
    /// Reads and sets sound inputs' capture volumes.
    public var mixer: any ALSAMixerSystem = LibASoundMixer()

    /// Creates a configuration.
    public init(
      settings: RecordingSettings, settingsFile: SettingsFile, settingsURL: URL?,
      frontSpec: String?, backSpec: String?, startupProblems: [ErrorReport],
      openSources: @escaping SourceOpener,
      listDevices: @escaping @Sendable () -> [AppState.DeviceChoice],
      stopRequested: @escaping @Sendable () -> Bool
    ) {
      self.settings = settings
      self.settingsFile = settingsFile
      self.settingsURL = settingsURL
      self.frontSpec = frontSpec
      self.backSpec = backSpec
      self.startupProblems = startupProblems
      self.openSources = openSources
      self.listDevices = listDevices
      self.stopRequested = stopRequested
    }
  }

  let terminal: any TerminalBackend
  let configuration: Configuration
  /// Read here, written only by `AppUpdate` (through `dispatch`).
  private(set) var state: AppState
  let sessions: SessionExecutor
  let controls = CameraControlsExecutor()
  let sound: SoundExecutor
  let settings: SettingsExecutor
  let files = FilesExecutor()
  let player = PlayerExecutor()
  let gallery = GalleryExecutor()
  let budgetPredictions = BudgetPredictionExecutor()
  let livePreview = LivePreviewDrawer()
  var pacer = PreviewPacer()
  let system = SystemMonitor()
  let started = SystemMonotonicClock()
  let startTime: MonotonicTime
  var lastTick = -1.0
  /// Where takes go, for the free-space figure, and the setting it was resolved from.
  var outputFolder: (setting: String?, path: String?) = (nil, nil)
  var exiting = false

  /// Prepares the interface on `terminal`; nothing is opened until `run()`.
  public init(terminal: any TerminalBackend, configuration: Configuration) {
    self.terminal = terminal
    self.configuration = configuration
    startTime = started.now()
    sessions = SessionExecutor(openSources: configuration.openSources)
    sound = SoundExecutor(
      mixer: configuration.mixer, listInputs: configuration.listSoundInputs)
    var inEffect = configuration.settingsFile
    inEffect.recording = configuration.settings
    inEffect.frontSource = configuration.frontSpec
    inEffect.backSource = configuration.backSpec
    inEffect.interface.colors = configuration.colors ?? inEffect.interface.colors
    settings = SettingsExecutor(
      file: configuration.settingsFile, inEffect: inEffect, url: configuration.settingsURL)
    let size = terminal.size
    let placeholder = SourceInfo(
      kind: .unopened, label: "—", identity: "", size: configuration.settings.size,
      frameRate: configuration.settings.frameRate, nativeFormat: "")
    state = AppState(
      width: size.width, height: size.height, capabilities: terminal.capabilities,
      settings: configuration.settings,
      sources: .init(front: placeholder, back: placeholder, frontSpec: "", backSpec: ""))
  }

  /// Seconds since the runner was created.
  var uptime: Double { Double(started.now() - startTime) / 1e9 }

  /// Runs until the user quits (or SIGTERM/SIGHUP); every take is saved before it returns.
  public func run() {
    defer { shutdown() }
    dispatch(.preferencesLoaded(settings.preferences))
    dispatch(.devicesFound(configuration.listDevices()))
    for problem in configuration.startupProblems { dispatch(.failed(problem)) }
    for notice in configuration.startupNotices { dispatch(.notice(notice)) }
    dispatch(
      sessions.open(
        front: configuration.frontSpec, back: configuration.backSpec, settings: state.settings))
    while !exiting {
      step()
    }
  }

  /// One turn of the loop: input, time, finished stops, preview, screen.
  func step() {
    let now = uptime
    let wait = min(
      pacer.secondsUntilDue(at: now), max(lastTick + 0.1 - now, 0), player.isOpen ? 0.01 : 0.05)
    if let input = terminal.nextEvent(timeoutMilliseconds: Int(wait * 1000)) {
      handle(input)
      // Take whatever else is waiting before drawing, so held keys never lag behind.
      while !exiting, let more = terminal.nextEvent(timeoutMilliseconds: 0) { handle(more) }
    }
    if configuration.stopRequested(), !state.quitAfterStop, !exiting {
      dispatch(.stopRequested)
    }
    if let finished = sessions.collectFinishedStop() { dispatch(finished) }
    for event in sessions.collectCalibration() { dispatch(event) }
    let time = uptime
    if time - lastTick >= 0.1 { tick(at: time) }
    // Under another screen the live preview is not seen: its time goes to that screen's work
    // (the gallery's thumbnails) instead.
    if pacer.isDue(at: time), state.screens.isAtRoot {
      drawPreview(at: time)
    }
    drawPlayer()
    terminal.present(AppRenderer.render(state))
    choosePixels()
    if let captured = livePreview.takeCaptureTime() {
      // Measured after the screen was written: capture → tap → compose → cells → terminal.
      dispatch(.previewPresented(latency: Double(started.now() - captured) / 1e6))
    }
  }

  func handle(_ input: TerminalInput) {
    switch input {
    case .key(let key): dispatch(.key(key))
    case .resized(let width, let height):
      dispatch(.resize(width: width, height: height))
      pacer = PreviewPacer()
    case .interrupt: dispatch(.key(.character("q")))
    }
  }

  /// Feeds an event through `AppUpdate` and carries out the commands it returns.
  func dispatch(_ event: AppEvent) {
    if case .sessionOpened = event { controls.forgetDevices() }
    let commands = AppUpdate.update(&state, event, environment: sessions.environment)
    for command in commands { apply(command) }
  }

  /// Feeds the events of an executor through `AppUpdate`, in order.
  func dispatch(_ events: [AppEvent]) {
    for event in events { dispatch(event) }
  }

  private func tick(at time: Double) {
    lastTick = time
    let snapshot = sessions.snapshot(previous: state.session)
    if outputFolder.setting != state.settings.outputDirectory || outputFolder.path == nil {
      // Resolved once per setting, not every tick: preparing it may create the folder.
      outputFolder = (
        state.settings.outputDirectory,
        (try? OutputLocation.prepare(explicit: state.settings.outputDirectory))?.path
      )
    }
    let folder = outputFolder.path
    dispatch(
      .tick(
        uptime: time, session: snapshot,
        system: system.status(
          outputFolder: folder, estimatedBytesPerSecond: estimatedBytesPerSecond)))
    if let live = sessions.liveCost(after: snapshot) { dispatch(live) }
    if let snapshot {
      let trouble =
        Int64(
          snapshot.front.dropped + snapshot.back.dropped + snapshot.front.duplicates
            + snapshot.back.duplicates) + snapshot.lagRepeats
      pacer.observe(troubleCount: trouble, at: time)
    }
    dispatch(gallery.collect())
    if let predicted = budgetPredictions.collect() { dispatch(.budgetPredicted(predicted)) }
  }

  /// Decides whether pictures are drawn in real pixels: the user's choice, the terminal's
  /// answer to the query and the link as measured while writing them. A take recording gives
  /// the pictures less of the link.
  private func choosePixels() {
    player.pictures = state.picturePreference
    terminal.setRecording(state.isTakeRunning)
    let area = ScreenLayout(width: state.width, height: state.height).content
    let keepsUp = terminal.pixelLinkKeepsUp(columns: area.width, rows: area.height)
    let pixels =
      state.picturePreference.drawsPixels(for: state.capabilities, linkKeepsUp: keepsUp)
      && terminal.pixelPictureSize(columns: 1, rows: 1) != nil
    if pixels != state.picturesInPixels { dispatch(.picturesInPixels(pixels)) }
  }

  /// The terminal's picture size for a number of cells, while pictures are in pixels.
  private var pixelSize: ((_ columns: Int, _ rows: Int) -> ImageSize?)? {
    guard state.picturesInPixels else { return nil }
    let terminal = terminal
    return { columns, rows in terminal.pixelPictureSize(columns: columns, rows: rows) }
  }

  /// Draws the live cameras' picture for the preview area.
  private func drawPreview(at time: Double) {
    let area = ScreenLayout(width: state.width, height: state.height).content
    let pixels = ImageSize(width: area.width, height: area.height * 2)
    let capabilities = state.previewCapabilities
    let drawn = livePreview.draw(
      sessions.session, layout: state.settings.layout, sources: state.sources, fitting: pixels,
      capabilities: capabilities, at: time, pixelSize: pixelSize)
    if let drawn { dispatch(drawn) }
  }

  /// Takes the player's newest picture; closes the take once its screen has been closed.
  private func drawPlayer() {
    guard player.isOpen else { return }
    guard state.screens.pushed.contains(where: { $0 is PlayerScreen }) else {
      player.close()
      return
    }
    let area = PlayerScreen.pictureArea(ScreenLayout(width: state.width, height: state.height))
    if let frame = player.frame(
      fitting: area, capabilities: state.previewCapabilities, pixelSize: pixelSize)
    {
      dispatch(frame)
    }
  }

  /// The three files' bytes per second: measured once a take has run a few seconds, else
  /// expected from the current settings (nil for lossless).
  var estimatedBytesPerSecond: Double? {
    DiskTimeEstimate(
      settings: state.settings, frontSize: state.sources.front.size,
      backSize: state.sources.back.size, snapshot: state.session
    ).bytesPerSecond
  }

  private func shutdown() {
    if state.leavesTakeUnsaved, sessions.isFinishing {
      // The user chose not to wait: the take stays as it is, for recovery. The saving thread
      // ends with the process.
      takeLeftUnsaved = state.session?.takeFolder
      player.close()
      gallery.finish()
      terminal.close()
      savedTakes = state.savedTakes.filter { FileManager.default.fileExists(atPath: $0.path) }
      return
    }
    if let finished = sessions.waitForStop() { dispatch(finished) }
    let lastTake = sessions.shutdown(takeRunning: state.isTakeRunning)
    player.close()
    gallery.finish()
    terminal.close()
    savedTakes = (state.savedTakes + (lastTake.map { [$0] } ?? [])).filter {
      FileManager.default.fileExists(atPath: $0.path)
    }
  }

  /// The takes saved while the interface ran and still there when it closed, for the
  /// command to say where they are once the terminal is the shell's again.
  public private(set) var savedTakes: [URL] = []

  /// The take left unsaved when the user quit while it was being saved (its `.partial`
  /// folder), for the command to say so and end the process without waiting.
  public private(set) var takeLeftUnsaved: URL?
}
