public import DualCamCore
public import Foundation
public import Library
import Media

/// The library's thumbnail maker on libavcodec: decodes a take's dual view up to the frame at
/// the asked share of its length and scales it down to RGB. Runs on the thumbnail queue's
/// thread; each call opens its own reader, so nothing is shared between calls.
public struct MediaThumbnailMaker: ThumbnailMaker {
  /// At most this many frames are decoded to reach the picture: a long take's thumbnail is
  /// taken earlier rather than decoding minutes of video on a shared machine.
  public var frameBudget: Int64

  /// A maker that decodes at most `frameBudget` frames per picture.
  public init(frameBudget: Int64 = 300) {
    self.frameBudget = frameBudget
  }

  public func makeThumbnail(of video: URL, at fraction: Double, fitting bounds: ImageSize)
    throws(DualCamError) -> Thumbnail
  {
    let reader = try VideoFileReader(url: video)
    let duration = (try? MediaProbe.inspect(video).duration) ?? 0
    let target = duration * min(max(fraction, 0), 1)
    let pool = FramePool(format: .i420, size: reader.size, capacity: 1)
    guard let frame = pool.lease() else {
      throw .unreadableMedia("no memory for a thumbnail of \(video.lastPathComponent)", fix: "")
    }
    defer { frame.release() }
    var decoded: Int64 = 0
    var haveFrame = false
    while decoded < frameBudget {
      guard case .frame(_, let time) = try reader.readFrame(into: frame.image) else { break }
      decoded += 1
      haveFrame = true
      if time >= target { break }
    }
    guard haveFrame else {
      throw .unreadableMedia(
        "\(video.lastPathComponent) has no picture to show", fix: "the take may be empty")
    }
    return Self.scale(frame.image, fitting: bounds)
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
