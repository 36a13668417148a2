public import Audio
public import Capture
public import DualCamCore
public import Foundation
public import Session

/// Everything the interface shows, and nothing it does: `AppUpdate` changes it in answer to
/// events, `AppRenderer` draws it, and the runner carries out the commands updates return.
public struct AppState: Sendable {
  /// Terminal size in cells.
  public var width: Int
  /// Terminal rows.
  public var height: Int
  /// What the terminal can show.
  public var capabilities: TerminalCapabilities
  /// The user's preference for preview colours (nil: the best the terminal has).
  public var colorPreference: TerminalCapabilities.ColorDepth?
  /// The user's choice of picture renderer (`[interface] pictures`).
  public var picturePreference: PictureChoice = .auto
  /// What the record key does with a take over budget (Menu › Recording).
  public var overBudgetAnswer: OverBudgetAnswer = .ask
  /// True while pictures are drawn in real pixels (the choice, the terminal's answer and the
  /// link allow it): views mark their pictures for the terminal's `PixelWriter`.
  public var picturesInPixels = false

  /// The settings the next take uses (and the current one was started with).
  public var settings: RecordingSettings
  /// The two sources as the session opened them.
  public var sources: Sources
  /// The newest counters from the session.
  public var session: SessionSnapshot?
  /// Frame rates measured from the counters, per camera.
  public var measuredRates = MeasuredRates()
  /// Disk, CPU and clock.
  public var system = SystemStatus()
  /// The running take's live cost per resource (nil between takes and before the first
  /// reading).
  public var liveCost: LiveCostMeter.Reading?
  /// The settings menus' predicted costs.
  public var menuBudgets = MenuBudgets()

  /// Each camera's controls, once loaded (empty for sources without controls).
  public var controls: [CameraPosition: [CameraControl]] = [:]
  /// Hardware zoom where the camera has it, per camera.
  public var hardwareZoom: [CameraPosition: Bool] = [:]
  /// The factor last set on a camera's own zoom.
  public var hardwareZoomFactor: [CameraPosition: Double] = [:]

  /// The screens, the camera screen at the root.
  public var screens = ScreenStack()
  /// What covers the screen on top, innermost last.
  public var overlays: [Overlay] = []
  /// The diagnostics panel is shown.
  public var diagnosticsVisible = false
  /// Measured frame rates are drawn over the preview.
  public var fpsCounterVisible = false
  /// FFmpeg's log level.
  public var logLevel: LogLevel = .warning
  /// Short messages, oldest first.
  public var toasts: [Toast] = []
  /// Camera devices that can be chosen as front or back (paths or stable identities).
  public var availableDevices: [DeviceChoice] = []
  /// Sound inputs that can be chosen in the sound menu (ALSA capture devices).
  public var soundInputs: [DeviceChoice] = []
  /// The sound input's capture volume, as its mixer reports it.
  public var soundGain = SoundGain.unknown
  /// Seconds on the monotonic clock, for toasts and the pulsing dot.
  public var uptime: Double = 0
  /// The interface is finished: the runner shuts down.
  public var quitting = false
  /// A stop was asked for and has not finished yet.
  public var stopPending = false
  /// The budget's calibration running in the background, while known: its stage and count.
  public var calibration: (stage: Int, count: Int)?
  /// Record was pressed during the calibration: the take starts when it ends (Esc cancels).
  public var recordingWaitsForCalibration = false
  /// The takes saved while the interface ran, in order (a discarded one included: whoever
  /// reports them checks they are still there), said again when it closes.
  public var savedTakes: [URL] = []
  /// Quit once the running take is saved.
  public var quitAfterStop = false
  /// Set when the user quits while the take is still being saved: the interface closes without
  /// waiting, and the take is left for `dualcam recover`.
  public var leavesTakeUnsaved = false
  /// Delete the running take once it is stopped.
  public var discardAfterStop = false

  /// Creates the state the interface starts in.
  public init(
    width: Int, height: Int, capabilities: TerminalCapabilities, settings: RecordingSettings,
    sources: Sources
  ) {
    self.width = width
    self.height = height
    self.capabilities = capabilities
    self.settings = settings
    self.sources = sources
  }

  /// The session's state (idle before the first snapshot).
  public var sessionState: SessionController.State { session?.state ?? .idle }
  /// True while the session's sound is muted (the settings say so until the session does).
  public var isMuted: Bool { session?.soundInput?.muted ?? settings.audioSettings.muted }
  /// True while a take is recording or paused.
  public var isTakeRunning: Bool { sessionState == .recording || sessionState == .paused }
  /// The smallest terminal the interface lays out in.
  public static let minimumSize = (width: 80, height: 24)
  /// True when the window is smaller than `minimumSize`.
  public var isTooSmall: Bool { width < Self.minimumSize.width || height < Self.minimumSize.height }
  /// The overlay in front, if any.
  public var topOverlay: Overlay? { overlays.last }
  /// The terminal's capabilities with the user's colour limit applied: what the preview uses.
  public var previewCapabilities: TerminalCapabilities {
    var limited = capabilities
    if let limit = colorPreference, limit.rank < limited.colorDepth.rank {
      limited.colorDepth = limit
    }
    return limited
  }
  /// A camera's zoom factor: its own zoom where it has one, else the dual view's digital zoom.
  public func zoomFactor(of camera: CameraPosition) -> Double {
    if hardwareZoom[camera] == true { return hardwareZoomFactor[camera] ?? 1 }
    return camera == .front ? settings.layout.frontZoom.factor : settings.layout.backZoom.factor
  }
}

// MARK: - Parts of the state

extension AppState {
  /// What the interface knows of the two sources.
  public struct Sources: Sendable, Equatable {
    /// Front camera.
    public var front: SourceInfo
    /// Back camera.
    public var back: SourceInfo
    /// The text each was opened from (`/dev/video0`, `synthetic`), for the devices menu.
    public var frontSpec: String
    /// Likewise for the back camera.
    public var backSpec: String

    /// Creates the description.
    public init(front: SourceInfo, back: SourceInfo, frontSpec: String, backSpec: String) {
      self.front = front
      self.back = back
      self.frontSpec = frontSpec
      self.backSpec = backSpec
    }

    /// The source at `position`.
    public subscript(position: CameraPosition) -> SourceInfo {
      position == .front ? front : back
    }

    /// True when either source is a synthetic test pattern.
    public var anySynthetic: Bool { front.kind == .synthetic || back.kind == .synthetic }
  }

  /// Frame rates measured from the delivered-frame counters.
  public struct MeasuredRates: Sendable, Equatable {
    /// Front camera frames per second.
    public var front: Double = 0
    /// Back camera frames per second.
    public var back: Double = 0
    var lastFront = 0
    var lastBack = 0
    var lastTime: Double?

    /// Folds in a new pair of counters seen at `time` (seconds); a smoothed average.
    public mutating func update(front delivered: Int, back backDelivered: Int, at time: Double) {
      guard let lastTime else {
        remember(delivered, backDelivered, time)
        return
      }
      let interval = time - lastTime
      guard interval >= 0.5 else { return }
      let frontNow = Double(max(delivered - lastFront, 0)) / interval
      let backNow = Double(max(backDelivered - lastBack, 0)) / interval
      front = front == 0 ? frontNow : 0.5 * front + 0.5 * frontNow
      back = back == 0 ? backNow : 0.5 * back + 0.5 * backNow
      remember(delivered, backDelivered, time)
    }

    private mutating func remember(_ front: Int, _ back: Int, _ time: Double) {
      lastFront = front
      lastBack = back
      lastTime = time
    }
  }

  /// The machine around the session.
  public struct SystemStatus: Sendable, Equatable {
    /// Free bytes where takes are written, if known.
    public var freeDiskBytes: Int64?
    /// Where takes are written.
    public var outputFolder: String?
    /// Busy share of all cores, 0–1, if known.
    public var cpuLoad: Double?
    /// Bytes per second the three files are expected to take at the current settings.
    public var estimatedBytesPerSecond: Double?
    /// Local wall-clock time, HH:MM:SS.
    public var clock: String = ""

    /// Creates an empty status.
    public init() {}
  }

  /// A short message that goes away by itself.
  public struct Toast: Sendable, Equatable {
    /// What happened.
    public var text: String
    /// How it reads: information or a problem.
    public var isProblem: Bool
    /// When it disappears, on the uptime clock.
    public var expires: Double
  }

  /// A camera that can be chosen in the devices menu.
  public struct DeviceChoice: Sendable, Equatable {
    /// What the source flag would say: a device path or `synthetic`.
    public var spec: String
    /// What the user reads: card name and node.
    public var label: String

    /// Creates a choice.
    public init(spec: String, label: String) {
      self.spec = spec
      self.label = label
    }
  }

  /// The sound input's capture volume control.
  public enum SoundGain: Sendable, Equatable {
    /// Not read yet.
    case unknown
    /// The input has no mixer control for its capture volume (or no input is open).
    case noControl
    /// The control and where it stands.
    case volume(CaptureVolume)
  }

  /// The interface's own entries of the settings file.
  public struct Preferences: Sendable, Equatable {
    /// Measured frame rates are drawn over the preview.
    public var fpsCounter: Bool
    /// FFmpeg's log level.
    public var logLevel: LogLevel
    /// The preview's colour limit (nil: the best the terminal has).
    public var colors: TerminalCapabilities.ColorDepth?
    /// How pictures are drawn.
    public var pictures: PictureChoice
    /// What the record key does with a take over budget.
    public var overBudget: OverBudgetAnswer

    /// Creates the preferences.
    public init(
      fpsCounter: Bool, logLevel: LogLevel, colors: TerminalCapabilities.ColorDepth?,
      pictures: PictureChoice = .auto, overBudget: OverBudgetAnswer = .ask
    ) {
      self.overBudget = overBudget
      self.fpsCounter = fpsCounter
      self.logLevel = logLevel
      self.colors = colors
      self.pictures = pictures
    }
  }

  /// FFmpeg's log levels the Advanced menu offers.
  public enum LogLevel: String, Sendable, CaseIterable, Codable {
    case quiet, error, warning, info
  }
}
