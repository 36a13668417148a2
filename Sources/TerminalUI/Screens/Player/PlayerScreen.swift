public import DualCamCore
public import Foundation
public import Playback

/// The player: a take full screen, drawn with the live preview's cell renderer, with a scrub
/// bar (time, frame number, the take's sync events) and the keys of a terminal player. The
/// pictures come from `PlayerExecutor` as `playerFrame` events; the screen only asks for
/// changes (`AppCommand.controlPlayer`). Esc or q closes it, and the runner then closes the
/// take.
public struct PlayerScreen: AppScreen {
  public typealias Action = PlayerAction

  /// What the screen knows of the take it plays.
  public struct Take: Sendable, Equatable {
    /// The take folder.
    public var folder: URL
    /// Frames on the take's timeline.
    public var frameCount: Int64
    /// Its frame rate.
    public var frameRate: FrameRate
    /// Pauses and lost signal, placed on frames, and the repeat counts.
    public var syncEvents: SyncEventMap

    /// Creates the description.
    public init(folder: URL, frameCount: Int64, frameRate: FrameRate, syncEvents: SyncEventMap) {
      self.folder = folder
      self.frameCount = frameCount
      self.frameRate = frameRate
      self.syncEvents = syncEvents
    }

    /// The folder's name (the take's date and time).
    public var name: String { folder.lastPathComponent }

    /// Seconds from frame 0 to `frame`.
    public func seconds(ofFrame frame: Int64) -> Double {
      Double(frame) / frameRate.framesPerSecond
    }
  }

  /// The take.
  public var take: Take
  /// Where playback is, as the executor reported last.
  public var status = PlaybackStatus()
  /// The picture shown, drawn by the executor for `PlayerScreen.pictureArea`.
  public var picture: CellBuffer?
  /// How the picture was drawn.
  public var method: PreviewRenderer.Method = .characters

  /// A player for `take`, paused at the start until the first picture arrives.
  public init(take: Take) {
    self.take = take
  }

  // MARK: - Actions

  public mutating func perform(
    _ action: PlayerAction, app: inout AppState, environment: AppEnvironment
  ) -> [AppCommand] {
    let control: PlayerControl
    switch action {
    case .playOrPause: control = .togglePlaying
    case .backOneSecond: control = .seek(seconds: -1)
    case .forwardOneSecond: control = .seek(seconds: 1)
    case .backTenSeconds: control = .seek(seconds: -10)
    case .forwardTenSeconds: control = .seek(seconds: 10)
    case .previousFrame: control = .step(frames: -1)
    case .nextFrame: control = .step(frames: 1)
    case .toStart: control = .start
    case .toEnd: control = .end
    case .slower, .faster:
      let speed = status.speed.stepped(by: action == .faster ? 1 : -1)
      status.speed = speed
      AppUpdate.toast(&app, "Speed \(speed.label)")
      control = .speed(speed)
    case .showDualView: control = .view(.dualview)
    case .showFront: control = .view(.front)
    case .showBack: control = .view(.back)
    case .sideBySide:
      control = .view(status.view == .sideBySide ? .dualview : .sideBySide)
    case .openMenu:
      app.overlays.append(.menu(MenuNavigation()))
      return []
    }
    guard status.error == nil else {
      AppUpdate.toast(&app, "The take cannot be played: Esc goes back", problem: true)
      return []
    }
    return [.controlPlayer(control)]
  }

  // MARK: - Events

  public mutating func update(_ event: AppEvent, app: inout AppState) -> [AppCommand] {
    guard case .playerFrame(let cells, let status, let method) = event else { return [] }
    if let cells { picture = cells }
    self.status = status
    self.method = method
    return []
  }

  // MARK: - Drawing, hints and help

  /// Where the picture goes in a terminal of this layout: the content area above the two rows
  /// of the scrub bar and its figures.
  public static func pictureArea(_ layout: ScreenLayout) -> ScreenRect {
    layout.content.splitBottom(2).rest
  }

  public func draw(
    _ app: AppState, layout: ScreenLayout, into buffer: inout CellBuffer, glyphs: Glyphs
  ) {
    PlayerView.draw(app, screen: self, layout: layout, into: &buffer, glyphs: glyphs)
  }

  public func hints(_ app: AppState) -> [KeyHint] {
    [
      KeyHint(PlayerAction.playOrPause, status.isPlaying ? "Pause" : "Play"),
      KeyHint(key: "←→", title: "±1s"), KeyHint(key: "↑↓", title: "±10s"),
      KeyHint(key: ",.", title: "Frame"), KeyHint(key: "[]", title: "Speed"),
      KeyHint(key: "1/2/3", title: "Angle"), KeyHint(PlayerAction.sideBySide, "Side"),
      KeyHint(key: "?", title: "Help"), KeyHint(key: "Esc", title: "Back"),
    ]
  }

  public func mainMenu(_ app: AppState) -> MenuPage {
    MenuPage(
      title: "Player",
      items: PlayerAction.allCases.filter { $0 != .openMenu }.map { action in
        MenuItem(title: action.title, kind: .action, adjust: { _ in .action(action) })
      })
  }

  public var helpSections: [HelpSection] {
    PlayerAction.helpSections + [
      HelpSection(
        title: "Screens",
        lines: [
          .init(keys: "Esc q", text: "Back to the previous screen"),
          .init(keys: "?", text: "This help"),
        ])
    ]
  }
}
