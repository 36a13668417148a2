public import DualCamCore
public import Foundation
public import Media

/// A source that plays a video file (anything libavformat reads, or raw YUV) in real time, as
/// if a camera were filming it: frame n is "captured" at start + n / rate.
///
/// Useful for replaying a rig's recordings through the pipeline and for benchmarks that must
/// feed both programs identical frames. At the end of the file it loops or reports a lost
/// signal.
///
/// `@unchecked Sendable` for `frames`, which only the capture thread uses, one thread after
/// another across stops and starts (`stop()` joins the thread before the next `start`).
public final class FileCamera: CameraSource, @unchecked Sendable {
  public let info: SourceInfo
  private let url: URL
  private let raw: RawVideoFormat?
  private let position: CameraPosition
  private let capture = CaptureLoop()
  /// Where frames come from; it keeps its place in the file across stops and starts.
  private let frames: FrameFeed
  /// When each pass over the file began, for the file's own sound (`--audio file`).
  public let playback = FilePlayback()
  /// The file played.
  public var fileURL: URL { url }

  /// Opens `url` (checking that it decodes) as camera `position`.
  /// - Parameters:
  ///   - raw: the layout of a raw YUV file; nil for files with headers.
  ///   - rate: overrides the file's own frame rate when pacing.
  ///   - loop: start again at the end instead of losing signal.
  public init(
    url: URL, position: CameraPosition, raw: RawVideoFormat? = nil, rate: FrameRate? = nil,
    loop: Bool = false
  ) throws(DualCamError) {
    self.url = url
    self.raw = raw
    self.position = position
    let reader = try VideoFileReader(url: url, raw: raw)
    // Raw I420 files are read without libav (see `RawFrameFile`).
    let rawFile = try raw.flatMap { raw throws(DualCamError) in
      raw.pixelFormat == .i420 ? try RawFrameFile(url: url, size: raw.size) : nil
    }
    frames = FrameFeed(reader: reader, rawFile: rawFile, loop: loop)
    info = SourceInfo(
      kind: .file, label: "File \(url.lastPathComponent) (\(position))",
      identity: "file:\(url.path)",
      size: reader.size, frameRate: rate ?? reader.frameRate, nativeFormat: reader.codecName,
      details: ["path": url.path, "loop": String(loop)])
  }

  public func start(
    clock: any MonotonicClock, sink: any FrameSink, bufferCount: Int
  ) throws(DualCamError) {
    let pool = FramePool(format: .i420, size: info.size, capacity: bufferCount)
    let position = position
    let frames = frames
    let rate = info.frameRate
    let origin = clock.now()
    let playback = playback
    let frameBytes = PixelFormat.i420.byteCount(of: info.size)
    // The next picture (captured at `origin`) is picture `framesIntoPass` of the file.
    playback.beginPass(at: origin - rate.time(ofFrame: Int64(frames.framesIntoPass)))
    capture.start(name: "file-\(position)") { [url] capture in
      var sequence: UInt64 = 0
      var signalLost = false
      while capture.isRunning {
        let due = origin + rate.time(ofFrame: Int64(sequence))
        guard let frame = pool.lease() else {
          guard clock.sleep(until: due, interrupt: capture.interrupt) else { break }
          capture.countDroppedNoBuffer()
          sequence += 1
          continue
        }
        let gotFrame: Bool
        do throws(DualCamError) {
          let result = try frames.read(into: frame.image)
          gotFrame = result != .end
          // The file starts again: its first picture is the one due now.
          if result == .frameAfterLoop { playback.beginPass(at: due) }
        } catch {
          frame.release()
          sink.sourceEvent(.signalLost(reason: error.problem), from: position)
          return
        }
        guard gotFrame else {
          frame.release()
          if !signalLost {
            signalLost = true
            sink.sourceEvent(.signalLost(reason: "end of \(url.lastPathComponent)"), from: position)
          }
          guard clock.sleep(until: clock.now() + 50_000_000, interrupt: capture.interrupt) else {
            break
          }
          continue
        }
        guard clock.sleep(until: due, interrupt: capture.interrupt) else {
          frame.release()
          break
        }
        guard capture.isRunning else {
          frame.release()
          break
        }
        frame.captureTime = due
        frame.sequence = sequence
        sequence += 1
        // A file has no bus; its decoded picture stands for what a camera would send.
        capture.countReceived(bytes: frameBytes)
        capture.countDelivered()
        sink.deliver(frame, from: position)
      }
    }
  }

  public func stop() { capture.stop() }

  /// The next frame of the file, from the raw reader or libav, looping at the end if asked.
  /// Used by the capture thread only (`@unchecked Sendable`: one such thread at a time, as
  /// `FileCamera` says).
  private final class FrameFeed: @unchecked Sendable {
    private let reader: VideoFileReader
    private let rawFile: RawFrameFile?
    private let loop: Bool
    private var rawIndex = 0
    /// Pictures read since the file last started from its beginning.
    private(set) var framesIntoPass = 0

    enum Result: Equatable {
      /// The next picture.
      case frame
      /// The file's first picture again: it looped.
      case frameAfterLoop
      /// The end of a file that does not loop.
      case end
    }

    init(reader: VideoFileReader, rawFile: RawFrameFile?, loop: Bool) {
      self.reader = reader
      self.rawFile = rawFile
      self.loop = loop
    }

    /// Fills `image` with the next frame, saying whether the file looped for it.
    func read(into image: ImageView) throws(DualCamError) -> Result {
      var looped = false
      if let rawFile {
        if rawIndex == rawFile.frameCount && loop {
          rawIndex = 0
          looped = true
        }
        guard rawIndex < rawFile.frameCount else { return .end }
        try rawFile.read(frame: rawIndex, into: image)
        rawIndex += 1
      } else {
        var result = try reader.readFrame(into: image)
        if result == .endOfStream, loop {
          try reader.rewind()
          looped = true
          result = try reader.readFrame(into: image)
        }
        guard case .frame = result else { return .end }
      }
      framesIntoPass = looped ? 1 : framesIntoPass + 1
      return looped ? .frameAfterLoop : .frame
    }
  }

  public var counters: CaptureCounters { capture.counters }
}
