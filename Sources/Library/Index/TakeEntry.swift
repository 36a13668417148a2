public import Foundation

/// One take folder as the gallery shows it: where it is, what state it is in, and its card.
public struct TakeEntry: Sendable, Equatable, Identifiable {
  /// Where a take folder stands.
  public enum State: Sendable, Equatable {
    /// A finished take (`complete`, `recovered` or `stopped_on_error` without `.partial`).
    case finished
    /// A `.partial` folder no running recorder holds: a crash or kill left it; `dualcam
    /// recover` (or the gallery's "recover") can finish it.
    case interrupted
    /// A `.partial` folder a running `dualcam` is recording into right now.
    case recording
  }

  /// The folder's absolute path, unique in an index.
  public var id: String { folder.path }
  /// The take folder.
  public let folder: URL
  /// The output folder it was found in.
  public let root: URL
  /// The folder's name without `.partial` (the start time unless the user renamed it).
  public let name: String
  /// Finished, interrupted or being recorded.
  public let state: State
  /// What the card shows; nil when `metadata.json` could not be read at all.
  public let summary: TakeSummary?
  /// Why the take cannot be used as it is (missing files, corrupt metadata, permissions, a
  /// symbolic link); nil when it is fine. An unreadable take is still listed, marked.
  public let unreadableReason: String?
  /// Bytes of the files in the folder (the three videos and the metadata), links not followed.
  public let bytesOnDisk: Int64
  /// What a search looks through, folded once when the take is read.
  let searchText: String

  /// True when the gallery can offer "recover".
  public var canRecover: Bool { state == .interrupted }
  /// True when the take's files can be opened.
  public var isReadable: Bool { unreadableReason == nil }

  /// The badges of the card.
  public var badges: TakeBadges {
    var badges = summary?.badges ?? []
    if state != .finished { badges.insert(.interrupted) }
    if unreadableReason != nil { badges.insert(.unreadable) }
    return badges
  }

  /// The start time: from the metadata, else from a folder name that is a timestamp.
  public var date: Date? { summary?.startedAt ?? TakeName.date(fromFolderName: name) }

  public init(
    folder: URL, root: URL, name: String, state: State, summary: TakeSummary?,
    unreadableReason: String?, bytesOnDisk: Int64
  ) {
    self.folder = folder
    self.root = root
    self.name = name
    self.state = state
    self.summary = summary
    self.unreadableReason = unreadableReason
    self.bytesOnDisk = bytesOnDisk
    searchText = TakeSearchText.text(
      name: name, date: summary?.startedAt ?? TakeName.date(fromFolderName: name),
      summary: summary)
  }
}

/// The badges a card can carry.
public struct TakeBadges: OptionSet, Sendable, Hashable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Frames the cameras never delivered or that overflowed the buffer.
  public static let drops = TakeBadges(rawValue: 1 << 0)
  /// Frames written as repeats of the previous one (slow camera or encoder lag).
  public static let repeats = TakeBadges(rawValue: 1 << 1)
  /// A camera lost its signal during the take.
  public static let lostSignal = TakeBadges(rawValue: 1 << 2)
  /// The take was paused at least once.
  public static let paused = TakeBadges(rawValue: 1 << 3)
  /// The take is a `.partial` folder (interrupted or still recording).
  public static let interrupted = TakeBadges(rawValue: 1 << 4)
  /// An output failed (`stopped_on_error`) or recovery left notes.
  public static let errors = TakeBadges(rawValue: 1 << 5)
  /// The take cannot be opened as it is.
  public static let unreadable = TakeBadges(rawValue: 1 << 6)

  /// What the "has problems" filter looks for.
  public static let problems: TakeBadges = [.drops, .repeats, .lostSignal]
}
