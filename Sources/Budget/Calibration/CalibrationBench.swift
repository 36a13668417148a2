import Compositor
import DualCamCore
import Encoding
import Foundation
import Media

// The one file of the budget that drives the engine's real stages (Compositor, Encoding):
// when the Encoding module is split, only the imports here change.

/// Measures the processor time one frame of a work takes on this machine, with the code a
/// take runs: `PixelConversion` for capture conversion, `MJPEGDecoder` for MJPEG cameras,
/// `StackCompositor` for the dual view, and `VideoFileWriter` for the encoders, each fed the
/// way the session feeds it (`OutputWorker`: a camera frame converted into the writer's input
/// picture, then `submitFrame`).
///
/// Encoders run with the threads the take gives them (`CalibrationWork.threads`), timed on the
/// clock of the calling thread and the threads they start, and without their start-up cost
/// (`SteadyStateCost`); frames are pictures of a moving scene with sensor-like noise, since an
/// encoder's cost depends on what it encodes.
enum CalibrationBench {
  /// How long each measurement runs.
  struct Limits: Sendable {
    /// Stop feeding frames after this much processor time …
    var cpuSeconds = 0.12
    /// … once at least this many frames were measured …
    var minimumFrames = 4
    /// … and never feed more than this many.
    var maximumFrames = 90
    /// An encoder's long run is planned this much processor time longer than its short run
    /// (`SteadyStateCost.Plan.extraSeconds`).
    var encoderExtraSeconds = 0.8
  }

  /// Processor seconds per frame of `work`; `layout`, `frontSize` and `backSize` shape
  /// compositing.
  static func measure(
    _ work: CalibrationWork, layout: LayoutSettings, frontSize: ImageSize, backSize: ImageSize,
    limits: Limits = Limits()
  ) throws(DualCamError) -> Double {
    switch work.kind {
    case .convertYUYV, .convertNV12:
      let format: PixelFormat = work.kind == .convertYUYV ? .yuyv : .nv12
      let sources = scenes(format: format, size: work.size)
      defer { release(sources) }
      let target = FramePool(format: .i420, size: work.size, capacity: 1).lease()!
      defer { target.release() }
      return repeatFrames(limits) { index in
        PixelConversion.convertToI420(sources[index % sources.count].image, into: target.image)
      }
    case .decodeMJPEG:
      let sources = scenes(format: .i420, size: work.size)
      defer { release(sources) }
      let pictures = try sources.map { (frame) throws(DualCamError) in
        try JPEGStillEncoder.encode(frame.image)
      }
      let decoder = try MJPEGDecoder(size: work.size)
      let target = FramePool(format: .i420, size: work.size, capacity: 1).lease()!
      defer { target.release() }
      var failure: DualCamError?
      let seconds = repeatFrames(limits) { index in
        pictures[index % pictures.count].withUnsafeBytes { bytes in
          do throws(DualCamError) {
            try decoder.decode(bytes, into: target.image)
          } catch { failure = error }
        }
      }
      if let failure { throw failure }
      return seconds
    case .compose:
      let compositor = try StackCompositor(
        settings: layout, frontSize: frontSize, backSize: backSize)
      let fronts = scenes(format: .i420, size: frontSize)
      let backs = scenes(format: .i420, size: backSize)
      defer { release(fronts + backs) }
      let canvas = FramePool(format: .i420, size: compositor.canvasSize, capacity: 1).lease()!
      defer { canvas.release() }
      return repeatFrames(limits) { index in
        compositor.compose(
          front: fronts[index % fronts.count].image, back: backs[index % backs.count].image,
          into: canvas.image)
      }
    case .encode:
      return try measureEncoder(work, limits: limits)
    case .readFrame:
      return try PipelineBench.readFrame(size: work.size, limits: limits)
    case .wakeUp:
      return PipelineBench.wakeUp()
    case .resumeAfterIdle:
      return try measureResumeAfterIdle(encoders: max(1, work.encoders ?? 1))
    case .takeOverhead:
      throw .invalidArgument(
        "\(work) is learned from takes, not measured", fix: "record a take with these settings")
    }
  }

  /// The steady cost of a frame (`SteadyStateCost`): two encodes of different lengths, each
  /// opened, fed and finished, with the threads the take gives this encoder, timed on the clock
  /// of this thread and the threads the encoder starts.
  private static func measureEncoder(_ work: CalibrationWork, limits: Limits)
    throws(DualCamError) -> Double
  {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sources = scenes(format: .i420, size: work.size)
    defer { release(sources) }
    var plan = SteadyStateCost.Plan()
    plan.extraSeconds = limits.encoderExtraSeconds
    return try SteadyStateCost.measure(plan: plan) { (frames) throws(DualCamError) in
      try encode(work, frames: frames, from: sources, in: folder)
    }.secondsPerFrame
  }

  /// The extra processor seconds an encoder's frame costs when frames come one frame interval
  /// apart (30 fps), as in a take, rather than back to back, as in the runs of
  /// `measureEncoder`. Between a take's frames the encoder's core idles or runs other threads,
  /// and the next frame finds its tables, reference pictures and branch history gone from the
  /// caches: ffmpeg's libx264 at 640×480 ultrafast, 300 frames at a fixed quantizer, took
  /// 0.61 s of processor time back to back and 0.85 s paced at 30 fps (0.72 at 60, 0.92 at 15),
  /// 0.8 ms more a frame; at 720p and 1080p with a bit rate 0.8–2 ms. A take's small encoders
  /// were predicted 30–35% under their cost without it (`PERFORMANCE.md` §8). Measured on
  /// `encoders` 640×480 ultrafast encoders running at once, each on a thread of its own, as a
  /// take's outputs run: the same run of 32 frames back to back and with its last 12 paced, the
  /// cheaper of two each, the difference per paced frame; about a second. Three encoders taking
  /// turns on one thread measured about half as much (0.22–0.29 ms a frame against 0.49–0.61
  /// on a quiet host), and a first 480p take was predicted 11–18% low.
  private static func measureResumeAfterIdle(encoders: Int) throws(DualCamError) -> Double {
    let work = CalibrationWork(
      kind: .encode, size: ImageSize(width: 640, height: 480), codec: .h264, preset: "ultrafast",
      threads: 1)
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sources = scenes(format: .i420, size: work.size)
    defer { release(sources) }
    let lead = 20
    let paced = 12
    var backToBack = Double.infinity
    var atPace = Double.infinity
    for _ in 0..<2 {
      backToBack = min(
        backToBack,
        try encode(work, encoders: encoders, frames: lead + paced, from: sources, in: folder))
      atPace = min(
        atPace,
        try encode(
          work, encoders: encoders, frames: lead + paced, from: sources, in: folder,
          pace: (from: lead, interval: .milliseconds(33))))
    }
    return max(0, (atPace - backToBack) / Double(paced * encoders))
  }

  /// A new scratch folder for calibration's files in the temporary folder.
  private static func scratchFolder() throws(DualCamError) -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "dualcam-calibration-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .outputUnavailable(
        "cannot create a scratch folder for calibration in \(folder.path)",
        fix: "check that the temporary folder (TMPDIR) is writable")
    }
    return folder
  }

  /// Processor seconds of one encode of `frames` frames by each of `encoders` encoders of
  /// `work`: open, feed, finish. More than one encoder run at the same time, each on a thread
  /// of its own, as a take's outputs do. With `pace`, frames from `from` on are submitted on a
  /// schedule `interval` apart, the same for every encoder (they start it together), the
  /// threads sleeping in between as an output's worker does between a take's frames.
  private static func encode(
    _ work: CalibrationWork, encoders: Int = 1, frames: Int, from sources: [FrameBuffer],
    in folder: URL, pace: (from: Int, interval: Duration)? = nil
  ) throws(DualCamError) -> Double {
    let codec = work.codec ?? .h264
    let rate = FrameRate(numerator: 30)
    let timer = CPUTimer(scope: .startedThreads)
    let writers = try (0..<encoders).map { (encoder) throws(DualCamError) in
      try VideoFileWriter(
        spec: OutputSpec(
          name: "calibration",
          url: folder.appendingPathComponent("calibration-\(frames)-\(encoder).mkv"),
          size: work.size, frameRate: rate, codec: codec, container: .mkv,
          bitsPerSecond: BitrateSetting.auto.bitsPerSecond(
            size: work.size, rate: rate, codec: codec),
          preset: work.preset, encoderThreads: work.threads ?? 1))
    }
    let start = PacedStart(encoders: encoders)
    @Sendable func feed(_ writer: VideoFileWriter, encoder: Int) throws(DualCamError) {
      let clock = ContinuousClock()
      var due = clock.now
      for index in 0..<frames {
        if let pace, index >= pace.from {
          due =
            index == pace.from ? start.together(encoder) + pace.interval : due + pace.interval
          let wait = clock.now.duration(to: due)
          if wait > .zero { Thread.sleep(forTimeInterval: Self.seconds(wait)) }
        }
        let input = try writer.nextInputImage()
        PixelConversion.convertToI420(
          sources[(index + encoder * 3) % sources.count].image, into: input)
        try writer.submitFrame(index: Int64(index))
      }
    }
    if encoders == 1 {
      try feed(writers[0], encoder: 0)
    } else {
      let failure = Locked<DualCamError?>(nil)
      let threads = writers.enumerated().map { encoder, writer in
        WorkerThread(name: "calib-encode-\(encoder)") {
          do throws(DualCamError) {
            try feed(writer, encoder: encoder)
          } catch {
            failure.withLock { $0 = $0 ?? error }
            // The others must not wait for it at the start of the schedule.
            start.leave(encoder)
          }
        }
      }
      for thread in threads { thread.join() }
      if let error = failure.withLock({ $0 }) { throw error }
    }
    for writer in writers { _ = try writer.finish() }
    return timer.elapsed
  }

  private static func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }

  /// Runs `body` on frame numbers 0, 1, … after one unmeasured warm-up call, until the limits
  /// say stop; the processor seconds per call.
  private static func repeatFrames(_ limits: Limits, _ body: (Int) -> Void) -> Double {
    body(0)
    let timer = CPUTimer(scope: .thread)
    var frames = 0
    while frames < limits.maximumFrames
      && (frames < limits.minimumFrames || timer.elapsed < limits.cpuSeconds)
    {
      body(frames + 1)
      frames += 1
    }
    return timer.elapsed / Double(frames)
  }

  // MARK: - Pictures

  /// Returns `frames` to their pool.
  private static func release(_ frames: [FrameBuffer]) {
    for frame in frames { frame.release() }
  }

  /// Eight frames of a scene: a textured ramp drifting diagonally and a bright square moving
  /// across it, with sensor noise (±3 levels, like a camera at indoor light) drawn anew for
  /// every frame. The fresh noise matters: an encoder finds a shifted texture in its reference
  /// frame and codes it almost for free, where a camera's noise is new in every frame and has to
  /// be coded; with the texture alone, 1080p ultrafast calibrated at 8.9 ms a frame against
  /// 12.4 ms for ffmpeg's libx264 on testsrc2 with temporal noise (`PERFORMANCE.md` §8).
  ///
  /// The scene is drawn at 640×480 and scaled to the picture, as a camera sees the same room
  /// at any size: only the noise is per pixel. A texture whose detail was per pixel made large
  /// pictures far dearer than a camera's: 1920×2160 ultrafast on two threads calibrated at
  /// 37 ms a frame where takes of camera-like pictures measured 20.5–21.9.
  static func scenes(format: PixelFormat, size: ImageSize) -> [FrameBuffer] {
    let pool = FramePool(format: format, size: size, capacity: 8)
    let reference = (width: 640, rows: 480)
    var seed: UInt32 = 0x2545_F491
    let texture = (0..<(reference.width + 3 * reference.rows + 64)).map { index -> UInt8 in
      seed = seed &* 1_664_525 &+ 1_013_904_223
      return UInt8(clamping: 40 + index % 160 + Int(seed >> 29) - 3)
    }
    var noise = SensorNoise()
    return (0..<8).map { index in
      let frame = pool.lease()!
      let square = (
        x: (index * 24) % (reference.width - reference.width / 8),
        y: (index * 12) % (reference.rows - reference.rows / 8)
      )
      for plane in 0..<format.planeCount {
        let target = frame.image.plane(plane)
        let width = format.minimumBytesPerRow(plane: plane, width: size.width)
        let rows = format.rows(plane: plane, height: size.height)
        // Each byte's column in the 640-wide scene.
        let columns = (0..<width).map { $0 * reference.width / max(1, width) }
        texture.withUnsafeBufferPointer { source in
          for row in 0..<rows {
            let sceneRow = row * reference.rows / max(1, rows)
            let start = (2 * sceneRow + index * 6) % 64 + sceneRow
            let inSquareRows = sceneRow >= square.y && sceneRow < square.y + reference.rows / 8
            let line = target.row(row)
            for x in 0..<width {
              let column = columns[x]
              line[x] =
                inSquareRows && column >= square.x && column < square.x + reference.width / 8
                ? 220 : source[start + column]
            }
            noise.add(to: line, count: width)
          }
        }
      }
      return frame
    }
  }
}

/// Uniform noise of -3…3 levels from a xorshift generator: eight levels from each 64-bit draw,
/// so noising a 1920×2160 frame costs a few milliseconds.
private struct SensorNoise {
  private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// Adds noise to `count` bytes at `line`, clamped to 0…255.
  mutating func add(to line: UnsafeMutablePointer<UInt8>, count: Int) {
    var start = 0
    while start < count {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      var bits = state
      for offset in start..<min(count, start + 8) {
        line[offset] = UInt8(clamping: Int(line[offset]) + Int(bits & 0xFF) % 7 - 3)
        bits >>= 8
      }
      start += 8
    }
  }
}
