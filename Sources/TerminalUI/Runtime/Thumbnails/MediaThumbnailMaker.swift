public import DualCamCore
public import Foundation
public import Library
import Media

/// The library's thumbnail maker on libavcodec: lands on the frame at the asked share of a
/// take's dual view (a seek to the keyframe before it, then decoding forward to the exact
/// frame) and scales it down to RGB. Runs on the thumbnail queue's thread; each call opens its
/// own reader, so nothing is shared between calls.
public struct MediaThumbnailMaker: ThumbnailMaker {
  /// A maker.
  public init() {}

  public func makeThumbnail(of video: URL, at fraction: Double, fitting bounds: ImageSize)
    throws(DualCamError) -> Thumbnail
  {
    let (_, frame) = try decodeFrame(of: video, at: fraction)
    defer { frame.release() }
    return Self.scale(frame.image, fitting: bounds)
  }

  /// The frame at `fraction` (0…1) of `video`'s frames (frame ⌊count × fraction⌋, numbered
  /// from 0 as the player numbers them), decoded into a buffer of its own that the caller
  /// releases, with its number.
  func decodeFrame(of video: URL, at fraction: Double) throws(DualCamError) -> (
    index: Int64, frame: FrameBuffer
  ) {
    // The exact count (packets read, not decoded) so that the picture is the frame the player
    // shows at that number, not one guessed from a rounded duration.
    let count = Int64(try MediaProbe.inspect(video).frameCount)
    guard count > 0 else {
      throw .unreadableMedia(
        "\(video.lastPathComponent) has no picture to show", fix: "the take may be empty")
    }
    let target = min(Int64((Double(count) * min(max(fraction, 0), 1)).rounded(.down)), count - 1)
    let reader = try VideoFileReader(url: video)
    let pool = FramePool(format: .i420, size: reader.size, capacity: 1)
    guard let frame = pool.lease() else {
      throw .unreadableMedia("no memory for a thumbnail of \(video.lastPathComponent)", fix: "")
    }
    do throws(DualCamError) {
      if target > 0 { try reader.seek(toFrame: target) }
      guard case .frame(let index, _) = try reader.readFrame(into: frame.image) else {
        throw .unreadableMedia(
          "\(video.lastPathComponent) ends before frame \(target)",
          fix: "the file is cut short or damaged; dualcam recover may repair it")
      }
      return (index, frame)
    } catch {
      frame.release()
      throw error
    }
  }

  /// `image` scaled (box average of the pixels each output pixel covers) to fit `bounds`,
  /// keeping its proportions, as RGB.
  static func scale(_ image: ImageView, fitting bounds: ImageSize) -> Thumbnail {
    let source = image.size
    let factor = min(
      Double(bounds.width) / Double(source.width), Double(bounds.height) / Double(source.height), 1)
    let width = max(Int(Double(source.width) * factor), 1)
    let height = max(Int(Double(source.height) * factor), 1)
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      let top = y * source.height / height
      let bottom = max((y + 1) * source.height / height, top + 1)
      for x in 0..<width {
        let left = x * source.width / width
        let right = max((x + 1) * source.width / width, left + 1)
        var sum = (0, 0, 0)
        // Sampling a few pixels per side is enough for a card and keeps big frames cheap.
        let stepY = max((bottom - top) / 4, 1)
        let stepX = max((right - left) / 4, 1)
        var count = 0
        for row in stride(from: top, to: bottom, by: stepY) {
          for column in stride(from: left, to: right, by: stepX) {
            let pixel = PreviewRenderer.rgb(image, column, row)
            sum = (sum.0 + Int(pixel.0), sum.1 + Int(pixel.1), sum.2 + Int(pixel.2))
            count += 1
          }
        }
        let offset = (y * width + x) * 3
        rgb[offset] = UInt8(sum.0 / count)
        rgb[offset + 1] = UInt8(sum.1 / count)
        rgb[offset + 2] = UInt8(sum.2 / count)
      }
    }
    return Thumbnail(size: ImageSize(width: width, height: height), rgb: rgb)!
  }
}
