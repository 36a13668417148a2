public import DualCamCore
import Foundation

/// Something the presentation clock noted while the take was recorded, placed on the take's
/// frames for the scrub bar.
public struct SyncEvent: Sendable, Hashable {
  /// What happened.
  public enum Kind: Sendable, Hashable {
    /// The take was paused between frame `frames.lowerBound − 1` and `frames.lowerBound`.
    case pause
    /// The camera had no signal: its frames there are `NO SIGNAL` pictures.
    case lostSignal(CameraPosition)
  }

  /// What happened.
  public var kind: Kind
  /// The frames it concerns (one frame for a pause: the first after it).
  public var frames: ClosedRange<Int64>

  /// Creates an event.
  public init(kind: Kind, frames: ClosedRange<Int64>) {
    self.kind = kind
    self.frames = frames
  }
}

/// The sync events of a take, read from its `metadata.json` (see `METADATA.md`).
///
/// Pauses carry their frame (`at_frame`). Lost-signal stretches are source events in `errors`
/// ("at 12.4 s: front camera: signal lost (…)" … "signal restored") timed on the wall clock,
/// pauses included, so their frames are worked out by taking the pauses before them out; they
/// can be off by a frame or two. Repeated frames are only counted in the metadata (not
/// placed), so they come as totals per camera.
public struct SyncEventMap: Sendable, Equatable {
  /// The events in order of their first frame.
  public var events: [SyncEvent]
  /// Frames of the front file that repeat the one before (`sync.front_repeats_written`).
  public var frontRepeats: Int64
  /// Frames of the back file that repeat the one before (`sync.back_repeats_written`).
  public var backRepeats: Int64

  /// Creates a map.
  public init(events: [SyncEvent], frontRepeats: Int64 = 0, backRepeats: Int64 = 0) {
    self.events = events
    self.frontRepeats = frontRepeats
    self.backRepeats = backRepeats
  }

  /// The events of `metadata`'s take.
  public init(metadata: TakeMetadata) {
    let last = max(metadata.sync.frames - 1, 0)
    var events = metadata.pauses.map { pause in
      let frame = min(max(pause.atFrame, 0), last)
      return SyncEvent(kind: .pause, frames: frame...frame)
    }
    var lostSince: [CameraPosition: Int64] = [:]
    for text in metadata.errors {
      guard let source = Self.sourceEvent(text) else { continue }
      let frame = min(
        Self.frame(atWallSeconds: source.seconds, metadata: metadata), last)
      if source.lost {
        if lostSince[source.camera] == nil { lostSince[source.camera] = frame }
      } else if let start = lostSince.removeValue(forKey: source.camera) {
        events.append(
          SyncEvent(kind: .lostSignal(source.camera), frames: start...max(start, frame)))
      }
    }
    for (camera, start) in lostSince.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      events.append(SyncEvent(kind: .lostSignal(camera), frames: start...max(start, last)))
    }
    self.init(
      events: events.sorted { $0.frames.lowerBound < $1.frames.lowerBound },
      frontRepeats: metadata.sync.frontRepeatsWritten,
      backRepeats: metadata.sync.backRepeatsWritten)
  }

  // MARK: - Reading the metadata

  /// "at 12.4 s: front camera: signal lost (…)" or "… signal restored"; nil for other text.
  static func sourceEvent(_ text: String) -> (seconds: Double, camera: CameraPosition, lost: Bool)?
  {
    let parts = text.components(separatedBy: ": ")
    guard parts.count >= 3, parts[0].hasPrefix("at "), parts[0].hasSuffix(" s"),
      let seconds = Double(parts[0].dropFirst(3).dropLast(2)),
      let camera = CameraPosition.allCases.first(where: { parts[1] == "\($0) camera" })
    else { return nil }
    if parts[2].hasPrefix("signal lost") { return (seconds, camera, true) }
    if parts[2].hasPrefix("signal restored") { return (seconds, camera, false) }
    return nil
  }

  /// The output frame recorded `seconds` of wall clock after the start: the time paused before
  /// that moment does not count.
  static func frame(atWallSeconds seconds: Double, metadata: TakeMetadata) -> Int64 {
    var recorded = seconds
    for pause in metadata.pauses where pause.startSeconds < seconds {
      let end = min(pause.endSeconds ?? seconds, seconds)
      recorded -= max(end - pause.startSeconds, 0)
    }
    return max(Int64(saturating: (recorded * metadata.sync.frameRate).rounded(.down)), 0)
  }
}
