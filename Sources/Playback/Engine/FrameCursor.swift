import DualCamCore
import Media

/// Decodes one of a take's files into a small pool of its own, landing on any frame exactly.
/// Used only by the engine's thread.
final class FrameCursor {
  /// The file it reads.
  let output: PlaybackOutput
  private let reader: VideoFileReader
  private let pool: FramePool
  /// The frame a plain read gives next.
  private var nextFrame: Int64 = 0

  /// Buffers per file: one the interface is drawing, one published, one being decoded, and one
  /// spare, so the decoder never waits for the interface.
  static let poolCapacity = 4

  /// Opens `file`.
  init(_ output: PlaybackOutput, file: PlaybackTake.File) throws(DualCamError) {
    self.output = output
    reader = try VideoFileReader(url: file.url)
    pool = FramePool(format: .i420, size: reader.size, capacity: Self.poolCapacity)
  }

  /// Decodes frame `index` into a pooled buffer, with one reference for the caller; nil when
  /// every buffer is still held (the interface has not let go of older pictures yet).
  func decode(_ index: Int64) throws(DualCamError) -> FrameBuffer? {
    guard let buffer = pool.lease() else { return nil }
    do throws(DualCamError) {
      if index != nextFrame { try reader.seek(toFrame: index) }
      guard case .frame(let decoded, _) = try reader.readFrame(into: buffer.image) else {
        throw .unreadableMedia(
          "\(reader.url.lastPathComponent) ends before frame \(index)",
          fix: "the file is cut short or damaged; play up to there, or run dualcam recover")
      }
      guard decoded == index else {
        // A file whose timestamps do not follow its frame rate: better said than shown wrong.
        throw .unreadableMedia(
          "\(reader.url.lastPathComponent) gave frame \(decoded) when asked for frame \(index)",
          fix: "its timestamps are irregular; play it in another player")
      }
      nextFrame = decoded + 1
      buffer.sequence = UInt64(max(decoded, 0))
      return buffer
    } catch {
      buffer.release()
      nextFrame = -1  // unknown: the next decode seeks
      throw error
    }
  }
}
