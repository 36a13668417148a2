import DualCamCore
import Foundation
import Media

/// Plays a take's dual view in the preview area: decodes frames at the file's rate into one
/// preallocated picture.
final class TakePlayer {
  let name: String
  let duration: Double
  private let reader: VideoFileReader
  private let frame: FrameBuffer
  private let startedAt: Double
  private var shownTime = -1.0
  private var finished = false

  /// Opens the dual view file of the take in `folder`.
  init(folder: URL, now: Double) throws(DualCamError) {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    guard let file = files.sorted().first(where: { $0.hasPrefix("dualview_") }) else {
      throw .sourceUnavailable(
        "the take in \(folder.path) has no dualview file", fix: "check the folder's contents")
    }
    let url = folder.appendingPathComponent(file)
    reader = try VideoFileReader(url: url)
    name = file
    duration = (try? MediaProbe.inspect(url).duration) ?? 0
    let pool = FramePool(format: .i420, size: reader.size, capacity: 1)
    frame = pool.lease()!
    startedAt = now
  }

  deinit { frame.release() }

  /// The picture to show at `now`: decodes up to the frame due by then. Nil once the file ends.
  func picture(at now: Double) -> (image: ImageView, position: Double)? {
    guard !finished else { return nil }
    let due = now - startedAt
    while shownTime + 1 / reader.frameRate.framesPerSecond <= due || shownTime < 0 {
      guard case .frame(_, let time) = (try? reader.readFrame(into: frame.image)) ?? .endOfStream
      else {
        finished = true
        return nil
      }
      shownTime = time
    }
    return (frame.image, shownTime)
  }
}
