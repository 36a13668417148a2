/// Every action the camera screen offers, with its keys: the help screen, the hint line and the
/// menus are generated from this list, so they can never disagree with what the keys do.
public enum CameraAction: String, ScreenAction {
  case recordOrStop
  case pauseOrResume
  case discardTake
  case zoomIn
  case zoomOut
  case zoomReset
  case zoomTwo
  case zoomThree
  case zoomFour
  case switchCamera
  case swapOrder
  case cycleSplit
  case exposureDown
  case exposureUp
  case toggleFocusLock
  case toggleWhiteBalanceLock
  case soundMenu
  case toggleMute
  case openGallery
  case openMenu
  case toggleDiagnostics
  case help
  case quit

  /// The keys that trigger the action.
  public var keys: [Key] {
    switch self {
    case .recordOrStop: [.character("r")]
    case .pauseOrResume: [.character(" "), .character("p")]
    case .discardTake: [.character("X")]
    case .zoomIn: [.character("+"), .character("=")]
    case .zoomOut: [.character("-")]
    case .zoomReset: [.character("1")]
    case .zoomTwo: [.character("2")]
    case .zoomThree: [.character("3")]
    case .zoomFour: [.character("4")]
    case .switchCamera: [.tab]
    case .swapOrder: [.character("s")]
    case .cycleSplit: [.character("x")]
    case .exposureDown: [.character("[")]
    case .exposureUp: [.character("]")]
    case .toggleFocusLock: [.character("f")]
    case .toggleWhiteBalanceLock: [.character("w")]
    case .soundMenu: [.character("a")]
    case .toggleMute: [.character("u")]
    case .openGallery: [.character("g")]
    case .openMenu: [.character("m"), .function(2)]
    case .toggleDiagnostics: [.character("d")]
    case .help: [.character("?"), .function(1)]
    case .quit: [.character("q")]
    }
  }

  /// What the action does, in a few words.
  public var title: String {
    switch self {
    case .recordOrStop: "Record / stop"
    case .pauseOrResume: "Pause / resume"
    case .discardTake: "Discard the take being recorded (asks first)"
    case .zoomIn: "Zoom in (focused camera)"
    case .zoomOut: "Zoom out"
    case .zoomReset: "Zoom 1×"
    case .zoomTwo: "Zoom 2×"
    case .zoomThree: "Zoom 3×"
    case .zoomFour: "Zoom 4×"
    case .switchCamera: "Focus the other camera"
    case .swapOrder: "Swap top and bottom"
    case .cycleSplit: "Cycle the split ratio"
    case .exposureDown: "Exposure −"
    case .exposureUp: "Exposure +"
    case .toggleFocusLock: "Focus lock on/off"
    case .toggleWhiteBalanceLock: "White balance lock on/off"
    case .soundMenu: "Sound menu: input, rate, channels, codec, gain, mute"
    case .toggleMute: "Mute / unmute the sound (takes record silence)"
    case .openGallery: "Gallery: browse, play and manage takes"
    case .openMenu: "Menus: settings, layout, camera controls, devices"
    case .toggleDiagnostics: "Diagnostics panel"
    case .help: "This help"
    case .quit: "Quit"
    }
  }

  /// The help screen's groups, in order.
  public static let groups: [(title: String, actions: [CameraAction])] = [
    ("Take", [.recordOrStop, .pauseOrResume, .discardTake]),
    (
      "Picture",
      [
        .switchCamera, .zoomIn, .zoomOut, .zoomReset, .zoomTwo, .zoomThree, .zoomFour, .swapOrder,
        .cycleSplit,
      ]
    ),
    ("Camera", [.exposureDown, .exposureUp, .toggleFocusLock, .toggleWhiteBalanceLock]),
    ("Sound", [.soundMenu, .toggleMute]),
    ("Screens", [.openGallery, .openMenu, .toggleDiagnostics, .help, .quit]),
  ]
}
