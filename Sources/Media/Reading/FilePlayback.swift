public import DualCamCore

/// Where a file played as a camera stands on the monotonic clock: when the current pass over
/// the file began (the time its first picture is shown as captured), and how many passes began.
///
/// The file camera writes it (at start and at every loop); the sound of the same file
/// (`FileAudioSource`) reads it to stamp its periods from the same origin and to start again
/// when the pictures do. Reading and writing take a short lock and allocate nothing.
public final class FilePlayback: Sendable {
  /// One pass over the file.
  public struct Pass: Sendable, Equatable {
    /// Counts passes: it changes whenever the pictures start again from the file's beginning
    /// (a loop, or the camera restarted).
    public var number: Int
    /// When the file's first picture is (or was) captured in this pass.
    public var start: MonotonicTime
  }

  private let state = Locked<Pass?>(nil)

  /// A playback not yet started.
  public init() {}

  /// The current pass; nil until the camera started.
  public var current: Pass? { state.withLock { $0 } }

  /// The pictures start a pass over the file whose first picture is captured at `start`.
  public func beginPass(at start: MonotonicTime) {
    state.withLock { pass in pass = Pass(number: (pass?.number ?? -1) + 1, start: start) }
  }
}
