public import DualCamCore
public import Foundation

/// A screen in front of the camera screen: help, a menu, a question, an error or the review of
/// a finished take.
public enum Overlay: Sendable, Equatable {
  /// The keys, scrolled by `scroll` rows.
  case help(scroll: Int)
  /// The menus, at the page and row the user is on.
  case menu(MenuNavigation)
  /// A question that must be answered before something irreversible happens.
  case confirm(Confirmation)
  /// Something went wrong: what, and what to do.
  case error(ErrorReport)
  /// A take just finished: keep, discard or play it.
  case review(TakeReview)
}

/// Where the user is in the menus: a stack of pages and the selected row on each.
public struct MenuNavigation: Sendable, Equatable {
  /// Pages from the main menu inwards, each with its selected row.
  public var path: [(page: MenuPageID, selected: Int)]

  /// The main menu, first row selected.
  public init(page: MenuPageID = .main) { path = [(page, 0)] }

  /// The page in front.
  public var page: MenuPageID { path[path.count - 1].page }
  /// The selected row of the page in front.
  public var selected: Int {
    get { path[path.count - 1].selected }
    set { path[path.count - 1].selected = newValue }
  }

  public static func == (lhs: MenuNavigation, rhs: MenuNavigation) -> Bool {
    lhs.path.elementsEqual(rhs.path) { $0.page == $1.page && $0.selected == $1.selected }
  }
}

/// The menu pages.
public enum MenuPageID: Sendable, Equatable {
  case main
  case recording
  case layout
  case cameraControls
  case devices
  case sound
  case advanced
}

/// A yes/no question.
public struct Confirmation: Sendable, Equatable {
  /// The question's title.
  public var title: String
  /// What will happen.
  public var message: String
  /// The label of the button that does it.
  public var confirmLabel: String
  /// What is done on yes.
  public var action: ConfirmedAction
  /// What `a` does besides yes and no, with its label (an over-budget take can be adapted).
  public var alternative: (key: Character, label: String, action: ConfirmedAction)?
  /// The first line of the message shown, when it is taller than the screen (↑ ↓ scroll).
  public var scroll = 0

  /// Creates a question; `alternative` adds a third answer.
  public init(
    title: String, message: String, confirmLabel: String, action: ConfirmedAction,
    alternative: (key: Character, label: String, action: ConfirmedAction)? = nil
  ) {
    self.title = title
    self.message = message
    self.confirmLabel = confirmLabel
    self.action = action
    self.alternative = alternative
  }

  public static func == (lhs: Confirmation, rhs: Confirmation) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.confirmLabel == rhs.confirmLabel
      && lhs.action == rhs.action && lhs.alternative?.key == rhs.alternative?.key
      && lhs.alternative?.label == rhs.alternative?.label
      && lhs.alternative?.action == rhs.alternative?.action && lhs.scroll == rhs.scroll
  }

  /// What a confirmation guards.
  public enum ConfirmedAction: Sendable, Equatable {
    /// Stop the running take (keeping it) and quit.
    case stopAndQuit
    /// Quit while the take is still being saved, leaving it for `dualcam recover`.
    case quitLeavingTake
    /// Nothing: the question only informs (its one answer closes it).
    case dismiss
    /// Stop the running take and delete it.
    case stopAndDiscard
    /// Delete a finished take.
    case discardTake(URL)
    /// Start a take whose budget is over 0.95.
    case recordOverBudget
    /// Start a take whose budget is over 0.95 after making the changes that fit.
    case recordAdapted
  }
}

/// An error, as a dialog says it.
public struct ErrorReport: Sendable, Equatable {
  /// A short title.
  public var title: String
  /// What happened.
  public var problem: String
  /// What to do about it.
  public var fix: String?

  /// Creates a report.
  public init(title: String, problem: String, fix: String?) {
    self.title = title
    self.problem = problem
    self.fix = fix
  }

  /// The report of a `DualCamError`.
  public init(title: String, error: DualCamError) {
    self.init(title: title, problem: error.problem, fix: error.fix.isEmpty ? nil : error.fix)
  }
}

/// A finished take, as the review prompt shows it: its counts per camera as its metadata
/// says them, and each problem with what to do about it.
public struct TakeReview: Sendable, Equatable {
  /// One camera's account of the take, as `metadata.json`'s `sync` has it.
  public struct Camera: Sendable, Equatable {
    /// Frames the camera delivered that never reached the files (`sync.<camera>.dropped_total`).
    public var dropped: Int
    /// Frames in the camera's file that repeat the frame before them, for any reason
    /// (`sync.<camera>_repeats_written`): what a viewer of the file sees.
    public var repeatsInFile: Int64

    /// Creates a camera's counts.
    public init(dropped: Int = 0, repeatsInFile: Int64 = 0) {
      self.dropped = dropped
      self.repeatsInFile = repeatsInFile
    }
  }

  /// The take's folder.
  public var folder: URL
  /// Recorded duration, seconds.
  public var duration: Double
  /// Frames in each file.
  public var frames: Int64
  /// Pauses in the take.
  public var pauses: Int
  /// The front camera's counts.
  public var front: Camera
  /// The back camera's counts.
  public var back: Camera
  /// Output frames repeated in all three files because the encoders fell behind
  /// (`sync.repeated_for_encoder_lag`).
  public var encoderLagRepeats: Int64
  /// Of those, the slots held: no frame in the files, the one before lasting longer
  /// (`sync.held_for_encoder_lag`).
  public var encoderLagHeld: Int64
  /// The files and their sizes.
  public var files: [(name: String, bytes: Int64)]
  /// True when the take was stopped because the disk was full.
  public var stoppedForFullDisk: Bool

  /// Creates a review.
  public init(
    folder: URL, duration: Double, frames: Int64, pauses: Int, front: Camera = Camera(),
    back: Camera = Camera(), encoderLagRepeats: Int64 = 0, encoderLagHeld: Int64 = 0,
    files: [(name: String, bytes: Int64)], stoppedForFullDisk: Bool = false
  ) {
    self.encoderLagHeld = encoderLagHeld
    self.stoppedForFullDisk = stoppedForFullDisk
    self.folder = folder
    self.duration = duration
    self.frames = frames
    self.pauses = pauses
    self.front = front
    self.back = back
    self.encoderLagRepeats = encoderLagRepeats
    self.files = files
  }

  /// The take's problems, each with what to do for the next take; empty for a clean take.
  public var problems: [String] {
    var problems: [String] = []
    if let lag = TakeMetadata.SyncRecord.encoderLagDescription(
      repeated: encoderLagRepeats, held: encoderLagHeld, frames: frames)
    {
      problems.append(
        "The encoders fell behind: \(lag). Next take: a faster preset, a lower frame rate or a "
          + "smaller size (`dualcam budget` says which fits)")
    }
    for (name, camera) in [("front", front), ("back", back)] where camera.dropped > 0 {
      problems.append(
        "The \(name) camera lost \(camera.dropped) "
          + (camera.dropped == 1 ? "frame" : "frames")
          + " before the files: the machine or its USB bus did not keep up with it. Next "
          + "take: MJPEG from the camera, or a lower rate or size")
    }
    return problems
  }

  public static func == (lhs: TakeReview, rhs: TakeReview) -> Bool {
    lhs.folder == rhs.folder && lhs.frames == rhs.frames && lhs.duration == rhs.duration
      && lhs.stoppedForFullDisk == rhs.stoppedForFullDisk && lhs.front == rhs.front
      && lhs.back == rhs.back && lhs.encoderLagRepeats == rhs.encoderLagRepeats
      && lhs.encoderLagHeld == rhs.encoderLagHeld
      && lhs.files.elementsEqual(rhs.files) { $0.name == $1.name && $0.bytes == $1.bytes }
  }
}
