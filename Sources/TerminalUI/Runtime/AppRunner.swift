import Capture
import Compositor
public import DualCamCore
public import Foundation
public import Session
import Synchronization

/// Runs the interface: reads keys, feeds events to `AppUpdate`, carries out its commands on the
/// session, draws the preview and presents `AppRenderer`'s screens.
///
/// Everything happens on the calling thread except finalizing a take, which runs on a thread
/// of its own so the screen keeps moving while the files are closed.
public final class AppRunner {
  /// What the runner starts from.
  public struct Configuration {
    /// Settings from the settings file with the flags applied.
    public var settings: RecordingSettings
    /// The settings file as loaded (its device and interface entries are kept and updated).
    public var settingsFile: SettingsFile
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
  var configuration: Configuration
  var state: AppState
  var session: SessionController?
  var environment = AppEnvironment.permissive
  let composer = PreviewComposer()
  var pacer = PreviewPacer()
  let system = SystemMonitor()
  var controlAccess: [CameraPosition: CameraControlAccess] = [:]
  var player: TakePlayer?
  let stopResult = Mailbox<Result<TakeResult, DualCamError>>()
  var stopThread: Thread?
  let started = SystemMonotonicClock()
  let startTime: MonotonicTime
  var lastTick = -1.0
  var previewFrames: [Double] = []
  /// Where takes go, for the free-space figure, and the setting it was resolved from.
  var outputFolder: (setting: String?, path: String?) = (nil, nil)
  /// Capture time of the older camera frame in the preview being built, until it is presented.
  var previewCaptureTime: MonotonicTime?
  var exiting = false

  /// Prepares the interface on `terminal`; nothing is opened until `run()`.
  public init(terminal: any TerminalBackend, configuration: Configuration) {
    self.terminal = terminal
    self.configuration = configuration
    startTime = started.now()
    let size = terminal.size
    let placeholder = SourceInfo(
      kind: "none", label: "—", identity: "", size: configuration.settings.size,
      frameRate: configuration.settings.frameRate, nativeFormat: "")
    state = AppState(
      width: size.width, height: size.height, capabilities: terminal.capabilities,
      settings: configuration.settings,
      sources: .init(front: placeholder, back: placeholder, frontSpec: "", backSpec: ""))
    let preferences = configuration.settingsFile.interface
    state.fpsCounterVisible = preferences.fpsCounter
    state.logLevel = AppState.LogLevel(rawValue: preferences.logLevel) ?? .warning
    state.colorPreference = TerminalCapabilities.ColorDepth(rawValue: preferences.colors)
  }

  /// Seconds since the runner was created.
  var uptime: Double { Double(started.now() - startTime) / 1e9 }

  /// Runs until the user quits (or SIGTERM/SIGHUP); every take is saved before it returns.
  public func run() {
    defer { shutdown() }
    state.previewMethod = PreviewRenderer.Method(for: effectiveCapabilities)
    state.availableDevices = configuration.listDevices()
    for problem in configuration.startupProblems { state.overlays.append(.error(problem)) }
    for notice in configuration.startupNotices { dispatch(.notice(notice)) }
    apply(.setLogLevel(state.logLevel))
    openSession(
      front: configuration.frontSpec, back: configuration.backSpec, settings: state.settings)
    while !exiting {
      step()
    }
  }

  /// One turn of the loop: input, time, finished stops, preview, screen.
  func step() {
    let now = uptime
    let wait = min(pacer.secondsUntilDue(at: now), max(lastTick + 0.1 - now, 0), 0.05)
    if let input = terminal.nextEvent(timeoutMilliseconds: Int(wait * 1000)) {
      handle(input)
      // Take whatever else is waiting before drawing, so held keys never lag behind.
      while !exiting, let more = terminal.nextEvent(timeoutMilliseconds: 0) { handle(more) }
    }
    if configuration.stopRequested(), !state.quitAfterStop, !exiting {
      state.overlays.removeAll()
      state.quitAfterStop = true
      if state.isTakeRunning && !state.stopPending {
        state.stopPending = true
        apply(.stopRecording)
      } else if !state.isTakeRunning {
        apply(.quit)
      }
    }
    collectFinishedStop()
    let time = uptime
    if time - lastTick >= 0.1 { tick(at: time) }
    if pacer.isDue(at: time) { drawPreview(at: time) }
    terminal.present(AppRenderer.render(state))
    if let captured = previewCaptureTime {
      // Measured after the screen was written: capture → tap → compose → cells → terminal.
      let latency = Double(started.now() - captured) / 1e6
      state.previewLatency = state.previewLatency.map { 0.8 * $0 + 0.2 * latency } ?? latency
      previewCaptureTime = nil
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
    let commands = AppUpdate.update(&state, event, environment: environment)
    for command in commands { apply(command) }
  }

  private func tick(at time: Double) {
    lastTick = time
    let snapshot: SessionSnapshot?
    if stopThread != nil {
      snapshot = state.session.map { previous in
        var finalizing = previous
        finalizing.state = .finalizing
        return finalizing
      }
    } else {
      snapshot = session?.snapshot()
    }
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
    if let snapshot {
      let trouble =
        Int64(
          snapshot.front.dropped + snapshot.back.dropped + snapshot.front.duplicates
            + snapshot.back.duplicates) + snapshot.lagRepeats
      pacer.observe(troubleCount: trouble, at: time)
    }
    if let player, state.playback != nil, player.picture(at: time) == nil {
      self.player = nil
      dispatch(.playback(nil))
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

  /// The capabilities with the user's colour limit applied.
  var effectiveCapabilities: TerminalCapabilities {
    var capabilities = terminal.capabilities
    if let limit = state.colorPreference, limit.rank < capabilities.colorDepth.rank {
      capabilities.colorDepth = limit
    }
    return capabilities
  }

  private func shutdown() {
    stopThread.map { _ in waitForStop() }
    if state.isTakeRunning, let session {
      _ = try? session.stopRecording()
    }
    session?.shutdown()
    session = nil
    terminal.close()
  }
}
