public import DualCamCore

/// One piece of per-frame work whose processor time calibration measures.
public struct CalibrationWork: Sendable, Hashable, Codable, CustomStringConvertible {
  /// What the work is.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// YUYV → I420 on capture (`PixelConversion`).
    case convertYUYV = "convert-yuyv"
    /// NV12 → I420 on capture.
    case convertNV12 = "convert-nv12"
    /// One MJPEG picture decoded to I420 on capture (`MJPEGDecoder`).
    case decodeMJPEG = "decode-mjpeg"
    /// The dual view composed from both cameras (`StackCompositor`); `size` is the canvas.
    case compose
    /// One frame copied into an encoder and encoded (`VideoFileWriter`).
    case encode
    /// One frame of a file source read from the page cache (`pread`, as `RawFrameFile`).
    case readFrame = "read-frame"
    /// One thread waking another through a condition variable, as the pipeline's queues do;
    /// `size` is unused (0×0).
    case wakeUp = "wake-up"
    /// What one encoder's frame costs more when frames come at a camera's pace, one frame
    /// interval apart, than when they come back to back, as calibration's runs feed them;
    /// `size` is unused (0×0). See `CalibrationBench.measureResumeAfterIdle`.
    case resumeAfterIdle = "resume-after-idle"
    /// Everything a take's process does per output frame besides its encoders and compositor:
    /// capture (reading, converting), the scheduler, threads waking each other, checkpoints,
    /// finishing the files. Never calibrated, only learned from takes (`TakeFigure`); `size`
    /// is the dual view's canvas, `detail` the cameras.
    case takeOverhead = "take-overhead"
  }

  /// What the work is.
  public var kind: Kind
  /// The picture size it works on (the canvas for `compose`).
  public var size: ImageSize
  /// The codec, for `encode`.
  public var codec: VideoCodec?
  /// The preset, for `encode` with codecs that take one.
  public var preset: String?
  /// What else shapes the work: for `compose`, the camera sizes and how they are scaled.
  public var detail: String?
  /// For `encode`, the threads the encoder runs with (as the take sets it up, see
  /// `EncoderThreads`): slice threads cost more in total than one thread, most at small sizes.
  public var threads: Int?
  /// For `resumeAfterIdle`, how many encoders run in each frame interval, each on a thread of
  /// its own, as a take's outputs do: beside each other a pause costs an encoder less than it
  /// costs one alone (ffmpeg's libx264 at 640×480: 0.4 ms a frame against 0.67).
  public var encoders: Int?

  /// Creates a work description.
  public init(
    kind: Kind, size: ImageSize, codec: VideoCodec? = nil, preset: String? = nil,
    detail: String? = nil, threads: Int? = nil, encoders: Int? = nil
  ) {
    self.kind = kind
    self.size = size
    self.codec = codec
    self.preset = preset
    self.detail = detail
    self.threads = threads
    self.encoders = encoders
  }

  /// The same work at any size: what scaling by area may stand in for.
  public var sizeless: CalibrationWork {
    CalibrationWork(
      kind: kind, size: ImageSize(width: 0, height: 0), codec: codec, preset: preset,
      threads: threads, encoders: encoders)
  }

  /// `encode h264/ultrafast 1280x720 2 threads`, `compose 1280x1440 (…)`.
  public var description: String {
    var text = kind.rawValue
    if let codec { text += " \(codec.rawValue)" + (preset.map { "/\($0)" } ?? "") }
    text += " \(size)"
    if let threads { text += threads == 1 ? " 1 thread" : " \(threads) threads" }
    if let encoders { text += encoders == 1 ? " 1 encoder" : " \(encoders) encoders" }
    if let detail { text += " (\(detail))" }
    return text
  }
}

/// What calibration measured on this machine: processor seconds per frame for each work.
///
/// Lookups fall back to the same work measured at another size, scaled by picture area (the
/// work of every stage grows with the pixels it touches), and say so.
public struct CalibrationTable: Sendable, Hashable, Codable {
  /// One measurement.
  public struct Entry: Sendable, Hashable, Codable {
    /// The work measured.
    public var work: CalibrationWork
    /// Processor time per frame, in seconds (CPU time of the threads doing the work, not wall
    /// time).
    public var cpuSecondsPerFrame: Double

    /// Creates an entry.
    public init(work: CalibrationWork, cpuSecondsPerFrame: Double) {
      self.work = work
      self.cpuSecondsPerFrame = cpuSecondsPerFrame
    }
  }

  /// What one take measured a work's frame to cost (an encoder, the compositor, the rest of
  /// the take): paced by the cameras and beside the take's other threads, so the pauses between
  /// frames and the contention are in it, over hundreds of frames rather than calibration's
  /// dozens.
  public struct TakeFigure: Sendable, Hashable, Codable {
    /// The work, as calibration names it.
    public var work: CalibrationWork
    /// The take's frame rate: a pause's cost depends on it.
    public var framesPerSecond: Double
    /// Processor seconds per output frame (for an encoder, the output's thread in it and the
    /// encoder's own slice threads).
    public var cpuSecondsPerFrame: Double
    /// Frames it was measured over.
    public var frames: Int

    /// Creates a figure.
    public init(
      work: CalibrationWork, framesPerSecond: Double, cpuSecondsPerFrame: Double, frames: Int
    ) {
      self.work = work
      self.framesPerSecond = framesPerSecond
      self.cpuSecondsPerFrame = cpuSecondsPerFrame
      self.frames = frames
    }

    /// Whether it is a figure for `work` at `framesPerSecond`.
    func isFor(_ work: CalibrationWork, framesPerSecond: Double) -> Bool {
      self.work == work && abs(self.framesPerSecond - framesPerSecond) < 0.01
    }
  }

  /// Every measurement, in the order they were made.
  public private(set) var entries: [Entry]
  /// What the last takes measured, oldest first, at most `takesKept` per work and rate.
  public private(set) var takeFigures: [TakeFigure]

  /// Takes remembered per work and rate: enough to even out one take's scene, few
  /// enough that a changed rig (lighting, another scene) shows within a few takes.
  public static let takesKept = 5

  /// Creates a table from measurements and take figures.
  public init(entries: [Entry] = [], takeFigures: [TakeFigure] = []) {
    self.entries = entries
    self.takeFigures = []
    for figure in takeFigures { learn(figure) }
  }

  /// Adds a take's figure, forgetting the oldest of the same work and rate beyond `takesKept`.
  public mutating func learn(_ figure: TakeFigure) {
    takeFigures.append(figure)
    let same = takeFigures.indices.filter {
      takeFigures[$0].isFor(figure.work, framesPerSecond: figure.framesPerSecond)
    }
    let forgotten = Set(same.prefix(max(0, same.count - Self.takesKept)))
    if !forgotten.isEmpty {
      takeFigures = takeFigures.indices.filter { !forgotten.contains($0) }.map { takeFigures[$0] }
    }
  }

  /// What takes taught about `work` at `framesPerSecond`: the frame-weighted mean of the
  /// figures kept, and from how many takes; nil when no take recorded it.
  public func learned(_ work: CalibrationWork, framesPerSecond: Double)
    -> (cpuSecondsPerFrame: Double, takes: Int)?
  {
    let figures = takeFigures.filter { $0.isFor(work, framesPerSecond: framesPerSecond) }
    let frames = figures.reduce(0) { $0 + $1.frames }
    guard frames > 0 else { return nil }
    let seconds = figures.reduce(0.0) { $0 + $1.cpuSecondsPerFrame * Double($1.frames) }
    return (seconds / Double(frames), figures.count)
  }

  /// Adds or replaces the measurement of `entry.work`.
  public mutating func record(_ entry: Entry) {
    entries.removeAll { $0.work == entry.work }
    entries.append(entry)
  }

  /// The table with `other`'s measurements added (theirs win) and its take figures learned.
  public func merging(_ other: CalibrationTable) -> CalibrationTable {
    var merged = self
    for entry in other.entries { merged.record(entry) }
    for figure in other.takeFigures { merged.learn(figure) }
    return merged
  }

  /// A cost per frame and how it was found.
  public struct Lookup: Sendable, Hashable {
    /// Processor seconds per frame.
    public var cpuSecondsPerFrame: Double
    /// True when measured at another size (or layout) and scaled by area.
    public var isScaled: Bool
  }

  /// The cost of `work`: measured exactly, else scaled by area from the same work measured at
  /// the nearest size (with the same threads if measured so, else with other threads); nil
  /// when nothing like it was measured.
  public func lookup(_ work: CalibrationWork) -> Lookup? {
    if let exact = entries.first(where: { $0.work == work }) {
      return Lookup(cpuSecondsPerFrame: exact.cpuSecondsPerFrame, isScaled: false)
    }
    var similar = entries.filter { $0.work.sizeless == work.sizeless && $0.work.size.area > 0 }
    if similar.isEmpty {
      var anyThreads = work.sizeless
      anyThreads.threads = nil
      similar = entries.filter { entry in
        var other = entry.work.sizeless
        other.threads = nil
        return other == anyThreads && entry.work.size.area > 0
      }
    }
    let nearest = similar.min { first, second in
      abs(first.work.size.area - work.size.area) < abs(second.work.size.area - work.size.area)
    }
    guard let nearest else { return nil }
    let ratio = Double(work.size.area) / Double(nearest.work.size.area)
    return Lookup(cpuSecondsPerFrame: nearest.cpuSecondsPerFrame * ratio, isScaled: true)
  }
}
