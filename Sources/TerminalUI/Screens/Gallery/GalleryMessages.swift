public import Foundation
public import Library

/// What the gallery asks of the disk, through `AppCommand.gallery`; `GalleryExecutor` carries
/// it out and answers with `GalleryResult`s.
public enum GalleryRequest: Sendable, Equatable {
  /// Send the whole list now, changed or not (a gallery that opens).
  case list
  /// Bring the list up to date (cheap: only what changed is read again); sent only when
  /// something changed.
  case refresh
  /// Read the whole metadata of a take, for the side panel.
  case loadDetails(TakeEntry)
  /// Make (or load from the cache) these takes' thumbnails, in the background.
  case thumbnails([TakeEntry])
  /// Move takes to the Trash.
  case moveToTrash([URL])
  /// Delete takes for good.
  case deletePermanently([URL])
  /// Give a take's folder a new name.
  case rename(URL, to: String)
  /// Set a take's note (empty removes it).
  case setNotes(URL, String)
  /// Set a take's tags.
  case setTags(URL, [String])
  /// Export takes into a folder (`~` allowed), remuxed into `container` when given.
  case export([URL], to: String, container: String?)
  /// Stop the export that runs.
  case cancelExport
  /// Open a take's dual view in the user's player (`$DUALCAM_PLAYER`, else `xdg-open`).
  case openExternally(URL)
  /// Finish an interrupted take.
  case recover(URL)
}

/// What the gallery's executor found or did, through `AppEvent.gallery`.
public enum GalleryResult: Sendable {
  /// The takes as they are now (`now` is the wall clock, for date filters), and problems with
  /// the output folders.
  case listed([TakeEntry], problems: [String], now: Date)
  /// A take's whole metadata, in sections.
  case details(id: String, [TakeDetails.Section])
  /// A take's thumbnail was made, or could not be.
  case thumbnail(id: String, GalleryThumbnail)
  /// An action finished: what to tell the user.
  case done(String)
  /// The export moved on.
  case exportProgress(ExportProgress)
  /// The export ended: what to tell the user, and whether it is a problem.
  case exportEnded(String, problem: Bool)
}

/// A card's picture.
public enum GalleryThumbnail: Sendable, Equatable {
  /// Asked for, not made yet: the card shows a placeholder.
  case pending
  /// The picture.
  case ready(Thumbnail)
  /// It could not be made, and why.
  case failed(String)
}

/// How far an export is.
public struct ExportProgress: Sendable, Equatable {
  /// The take being exported.
  public var take: String
  /// The file being written.
  public var file: String
  /// Share of all the takes' bytes done, 0…1.
  public var fraction: Double
  /// Takes done before this one, and how many in all.
  public var index: Int
  public var count: Int

  /// Creates a progress report.
  public init(take: String, file: String, fraction: Double, index: Int, count: Int) {
    self.take = take
    self.file = file
    self.fraction = fraction
    self.index = index
    self.count = count
  }
}
