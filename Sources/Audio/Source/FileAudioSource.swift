public import DualCamCore
public import Foundation
public import Media

/// The sound track of a file that plays as a camera (`--audio file`): decoded and delivered in
/// periods at the pace of the pictures, as if a microphone had recorded it alongside them.
///
/// Periods are stamped from the camera's playback origin (`FilePlayback`) on the same
/// monotonic clock: the sound's frame `n` of a pass over the file is captured at the pass's
/// start plus `n / rate` (plus the sound's offset from the video in the file). When the camera
/// loops, the sound starts again with it: sound longer than the pictures is cut where the next
/// pass begins, sound shorter leaves a gap that is counted and recorded as silence. A period is
/// delivered once the time of its last frame has come, like a sound card's.
public final class FileAudioSource: AudioSource, @unchecked Sendable {
  // Safe to share: `reader` is used by the capture thread only, one thread after another
  // (`stop()` joins it before the next `start`); the rest is immutable or thread-safe.
  public let info: AudioSourceInfo
  private let reader: FileAudioReader
  private let playback: FilePlayback
  private let loop = AudioCaptureLoop()

  /// Periods last 10 ms, like the ALSA source's.
  static func periodFrames(rate: Int) -> Int { max(rate / 100, 64) }

  /// Opens the sound track of `url`, played by a camera whose passes `playback` records,
  /// converted to `rate` Hz and `channels` channels.
  /// - Throws: `unreadableMedia` when the file has no sound track or it cannot be decoded.
  public init(
    url: URL, playback: FilePlayback, rate: Int = 48_000, channels: Int = 2
  ) throws(DualCamError) {
    let format = try AudioFormat(sampleRate: rate, channels: channels, sampleFormat: .float)
      .validated()
    reader = try FileAudioReader(url: url, sampleRate: rate, channels: channels)
    self.playback = playback
    info = AudioSourceInfo(
      kind: "file", label: "Sound of \(url.lastPathComponent)", device: "file:\(url.path)",
      format: format, periodFrames: Self.periodFrames(rate: rate))
  }

  public var counters: AudioCaptureCounters { loop.counters }

  /// True when `url` has a sound track this source can play.
  public static func hasSoundTrack(_ url: URL) -> Bool { FileAudioReader.hasSoundTrack(url) }

  public func start(
    clock: any MonotonicClock, sink: any AudioSink, bufferCount: Int
  ) throws(DualCamError) {
    let format = info.format
    let periodFrames = info.periodFrames
    let pool = AudioPeriodPool(
      format: format, capacityFrames: periodFrames, capacity: max(bufferCount, 2))
    let playback = playback
    let offset = reader.offsetFromVideoNanoseconds
    loop.start(name: "audio-file") { [self] loop in
      var player = PassPlayer(format: format, offset: offset)
      while loop.isRunning {
        guard let pass = playback.current else {
          // The camera has not started yet: its first pass sets the origin.
          guard clock.sleep(until: clock.now() + 10_000_000, interrupt: loop.interrupt) else {
            break
          }
          continue
        }
        // A new pass takes over once the sound has reached its start (or has ended): the
        // camera announces a loop a little before its first picture is due.
        if pass != player.pass,
          player.pass == nil || player.soundEnded || player.captureTime >= pass.start
        {
          do throws(DualCamError) {
            if player.pass != nil { try self.reader.rewind() }
          } catch {
            sink.audioEvent(.signalLost(reason: error.problem))
            loop.count { $0.signalLosses += 1 }
            return
          }
          player.begin(pass)
        }
        guard !player.soundEnded, let buffer = pool.lease() else {
          // The pass's sound is over (or every buffer is downstream): wait for the next pass.
          if !player.soundEnded { loop.count { $0.droppedNoBuffer += 1 } }
          guard clock.sleep(until: clock.now() + 10_000_000, interrupt: loop.interrupt) else {
            break
          }
          continue
        }
        let frames: Int
        do throws(DualCamError) {
          frames = try self.reader.read(
            into: buffer.mutableBytes.assumingMemoryBound(to: Float.self), frames: periodFrames)
        } catch {
          buffer.release()
          sink.audioEvent(.signalLost(reason: error.problem))
          loop.count { $0.signalLosses += 1 }
          return
        }
        guard frames > 0 else {
          buffer.release()
          player.soundEnded = true
          continue
        }
        let first = player.captureTime
        let end = first + format.nanoseconds(ofFrames: Int64(frames))
        guard clock.sleep(until: end, interrupt: loop.interrupt), loop.isRunning else {
          buffer.release()
          break
        }
        // The pictures may have started their next pass meanwhile: this pass's sound ends there.
        var kept = frames
        if let next = playback.current, next != player.pass {
          kept = Int(min(max(format.frames(inNanoseconds: next.start - first), 0), Int64(frames)))
        }
        guard kept > 0 else {
          buffer.release()
          continue
        }
        let (index, gap) = player.deliver(frames: kept)
        if gap > 0 {
          loop.count {
            $0.gaps += 1
            $0.missingFrames += gap
          }
        }
        buffer.stamp(frames: kept, firstFrameIndex: index, captureTime: first, followsGap: gap != 0)
        loop.count {
          $0.periodsDelivered += 1
          $0.framesDelivered += Int64(kept)
        }
        sink.deliver(buffer)
      }
    }
  }

  public func stop() { loop.stop() }

  /// Where the sound stands in the current pass, and the source's sample clock.
  private struct PassPlayer {
    let format: AudioFormat
    let offset: Int64
    var pass: FilePlayback.Pass?
    /// The first pass's start: frame index 0 of the source's sample clock.
    var origin: MonotonicTime?
    /// Frames of this pass's sound delivered or skipped.
    var framesIntoPass: Int64 = 0
    /// The index the next frame has when nothing was lost.
    var expectedIndex: Int64?
    var soundEnded = false

    init(format: AudioFormat, offset: Int64) {
      self.format = format
      self.offset = offset
    }

    mutating func begin(_ pass: FilePlayback.Pass) {
      self.pass = pass
      if origin == nil { origin = pass.start }
      framesIntoPass = 0
      soundEnded = false
    }

    /// The capture time of the next frame read.
    var captureTime: MonotonicTime {
      pass!.start + offset + format.nanoseconds(ofFrames: framesIntoPass)
    }

    /// Places `frames` frames read at the current position on the sample clock: their first
    /// index, and the frames missing before them (not positive: none).
    mutating func deliver(frames: Int) -> (index: Int64, gap: Int64) {
      let passIndex = format.frames(inNanoseconds: pass!.start + offset - origin!)
      let index = passIndex + framesIntoPass
      let gap = expectedIndex.map { index - $0 } ?? 0
      framesIntoPass += Int64(frames)
      expectedIndex = index + Int64(frames)
      return (index, gap)
    }
  }
}
