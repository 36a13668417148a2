import DualCamCore

/// What the stop of a take still has to do: the frames each output has yet to encode and write,
/// and then the completion of the files (MOV and MP4 get their index written in front).
///
/// Read from `SessionSnapshot.saving` while the session is finalizing; the progress line of
/// `record` and the interface's title say it, with the time left where it can be estimated.
public struct SavingProgress: Sendable, Equatable {
  /// One output's part.
  public struct Output: Sendable, Equatable {
    /// `dualview`, `front` or `back`.
    public var name: String
    /// Frames the file will hold when its encoder has drained.
    public var framesDue: Int64
    /// Frames in the file now.
    public var framesWritten: Int64
    /// Seconds this output has spent on each frame during the take (nil before any frame).
    public var secondsPerFrame: Double?

    /// Creates an output's part.
    public init(name: String, framesDue: Int64, framesWritten: Int64, secondsPerFrame: Double?) {
      self.name = name
      self.framesDue = framesDue
      self.framesWritten = framesWritten
      self.secondsPerFrame = secondsPerFrame
    }

    /// Frames still to encode and write.
    public var framesLeft: Int64 { max(0, framesDue - framesWritten) }

    /// The time those frames take at the output's own pace.
    public var secondsLeft: Double? { secondsPerFrame.map { Double(framesLeft) * $0 } }
  }

  /// The three outputs, in the order dualview, front, back.
  public var outputs: [Output]

  /// Creates the progress of a stop.
  public init(outputs: [Output]) {
    self.outputs = outputs
  }

  /// Frames still to write in the output furthest behind.
  public var framesLeft: Int64 { outputs.map(\.framesLeft).max() ?? 0 }

  /// The output that ends last (its frames left at its own pace), when any has frames left.
  public var slowest: Output? {
    outputs.filter { $0.framesLeft > 0 }.max { ($0.secondsLeft ?? 0) < ($1.secondsLeft ?? 0) }
  }

  /// Every frame is written; what remains is completing the files.
  public var completingFiles: Bool { framesLeft == 0 }

  /// Of all the frames the files will hold, the share written (0…1).
  public var fractionDone: Double {
    let due = outputs.reduce(Int64(0)) { $0 + $1.framesDue }
    guard due > 0 else { return 1 }
    let written = outputs.reduce(Int64(0)) { $0 + min($1.framesWritten, $1.framesDue) }
    return Double(written) / Double(due)
  }

  /// The share written in whole percent, rounded down (100 only when everything is).
  public var percentDone: Int { Int(saturating: (fractionDone * 100).rounded(.down)) }

  /// What the output furthest behind has left, in words (`45 frames left`, `, about 6 s`);
  /// nil once the files are being completed. `record` and the interface's title both say it.
  public var whatIsLeft: (output: String, frames: String, time: String)? {
    guard let slowest else { return nil }
    let unit = slowest.framesLeft == 1 ? "frame" : "frames"
    return (
      slowest.name, "\(slowest.framesLeft) \(unit) left",
      slowest.secondsLeft.map { ", about \(Self.duration($0))" } ?? ""
    )
  }

  /// `encoding: 45 frames left (dualview), about 6 s` or `completing the files`.
  public var summary: String {
    guard let left = whatIsLeft else { return "completing the files" }
    return "encoding: \(left.frames) (\(left.output))\(left.time)"
  }

  /// `6 s`, `2 min 05 s`.
  public static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.up))
    guard whole >= 60 else { return "\(max(whole, 1)) s" }
    return "\(whole / 60) min \(String(format: "%02d", whole % 60)) s"
  }
}
