import DualCamCore
import Media

/// Decodes one of a take's files into a small pool of its own, landing on any frame exactly.
/// Used only by the engine's thread.
///
/// Frame numbers are slots on the take's constant-rate timeline. A take that held frames while
/// its encoders were behind has no frame for some slots; the frame before lasts through them,
/// so the cursor keeps the frame last shown and the one decoded past a gap.
final class FrameCursor {
  /// The file it reads.
  let output: PlaybackOutput
  private let reader: VideoFileReader
  private let pool: FramePool
  /// The last frame decoded at or before the position (one reference held here).
  private var shown: (index: Int64, buffer: FrameBuffer)?
  /// A frame decoded past a gap, waiting for its slot (one reference held here).
  private var ahead: (index: Int64, buffer: FrameBuffer)?
  /// True while the reader is at the file's start with nothing read.
  private var atStart = true

  /// Buffers per file: one the interface is drawing, one published, one being decoded, the two
  /// kept here, and one spare, so the decoder never waits for the interface.
  static let poolCapacity = 6

  /// Opens `file`, numbering its frames at `frameRate` (the take's rate).
  init(_ output: PlaybackOutput, file: PlaybackTake.File, frameRate: FrameRate? = nil)
    throws(DualCamError)
  {
    self.output = output
    reader = try VideoFileReader(url: file.url, frameRate: frameRate)
    pool = FramePool(format: .i420, size: reader.size, capacity: Self.poolCapacity)
  }

  deinit {
    shown?.buffer.release()
    ahead?.buffer.release()
  }

  /// Decodes frame `index` into a pooled buffer, with one reference for the caller; nil when
  /// every buffer is still held (the interface has not let go of older pictures yet).
  func decode(_ index: Int64) throws(DualCamError) -> FrameBuffer? {
    do throws(DualCamError) {
      if let next = ahead, next.index <= index {
        keep(next)
        ahead = nil
      }
      if let current = shown, current.index == index || (current.index < index && ahead != nil) {
        // The frame itself, or the one before the gap the slot falls in.
        return handOut(current)
      }
      let readOn = shown.map { index == $0.index + 1 } ?? (atStart && index == 0)
      if !readOn {
        forget()
        try reader.seek(toFrame: index)
      }
      atStart = false
      while true {
        guard let buffer = pool.lease() else { return nil }
        let result: VideoFileReader.ReadResult
        do throws(DualCamError) {
          result = try reader.readFrame(into: buffer.image)
        } catch {
          buffer.release()
          throw error
        }
        guard case .frame(let decoded, _) = result else {
          buffer.release()
          // The last frame lasts to the end of the take.
          if let current = shown, current.index < index { return handOut(current) }
          throw .unreadableMedia(
            "\(reader.url.lastPathComponent) ends before frame \(index)",
            fix: "the file is cut short or damaged; play up to there, or run dualcam recover")
        }
        buffer.sequence = UInt64(max(decoded, 0))
        if decoded <= index {
          keep((decoded, buffer))
          if decoded == index { return handOut((decoded, buffer)) }
          continue
        }
        ahead = (decoded, buffer)
        guard let current = shown else {
          // A file whose timestamps do not follow its frame rate: better said than shown wrong.
          throw .unreadableMedia(
            "\(reader.url.lastPathComponent) gave frame \(decoded) when asked for frame \(index)",
            fix: "its timestamps are irregular; play it in another player")
        }
        return handOut(current)
      }
    } catch {
      forget()
      throw error
    }
  }

  private func handOut(_ frame: (index: Int64, buffer: FrameBuffer)) -> FrameBuffer {
    frame.buffer.retain()
    return frame.buffer
  }

  private func keep(_ frame: (index: Int64, buffer: FrameBuffer)) {
    shown?.buffer.release()
    shown = frame
  }

  /// Lets go of both kept frames (before a seek, or after an error: the next decode seeks).
  private func forget() {
    atStart = false
    shown?.buffer.release()
    shown = nil
    ahead?.buffer.release()
    ahead = nil
  }
}
