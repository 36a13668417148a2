/// One of a take's three files, all on the same timeline.
public enum PlaybackOutput: String, Sendable, CaseIterable, Hashable {
  /// The composed picture of both cameras.
  case dualview
  /// The front camera's own file.
  case front
  /// The back camera's own file.
  case back
}

/// What the player shows: one file, or the front and back files next to each other.
public enum PlaybackView: String, Sendable, CaseIterable, Hashable {
  case dualview
  case front
  case back
  /// Front and back from their own files, left and right, always the same frame number.
  case sideBySide

  /// The file of the (left) picture.
  public var primaryOutput: PlaybackOutput {
    switch self {
    case .dualview: .dualview
    case .front, .sideBySide: .front
    case .back: .back
    }
  }

  /// The file of the right picture side by side; nil otherwise.
  public var secondaryOutput: PlaybackOutput? { self == .sideBySide ? .back : nil }

  /// The view's name in a few letters, as the player's status shows it.
  public var label: String {
    switch self {
    case .dualview: "dual view"
    case .front: "front"
    case .back: "back"
    case .sideBySide: "front | back"
    }
  }
}
