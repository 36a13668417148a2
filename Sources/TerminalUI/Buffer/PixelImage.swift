public import DualCamCore
import Synchronization

/// A picture in real pixels (packed RGB, 3 bytes a pixel) that a view marks on a cell buffer
/// for a terminal that can show pixels (`PixelWriter`). The cells under it still hold the half
/// blocks, which are what a terminal without pixels, a test, or a dialog over it sees.
///
/// Two images are the same drawing when their `serial` is: comparing the bytes of every frame
/// would cost more than drawing it, and each new drawing gets a new serial.
public struct PixelImage: Sendable, Equatable {
  /// Its size in pixels.
  public let size: ImageSize
  /// `size.width × size.height × 3` bytes.
  public let rgb: [UInt8]
  /// Tells one drawing from the next (unique within the process).
  public let serial: UInt64

  private static let counter = Atomic<UInt64>(0)

  /// A new drawing; nil when `rgb` does not hold exactly `size`'s pixels.
  public init?(size: ImageSize, rgb: [UInt8]) {
    guard size.width > 0, size.height > 0, rgb.count == size.width * size.height * 3 else {
      return nil
    }
    self.size = size
    self.rgb = rgb
    serial = Self.counter.add(1, ordering: .relaxed).newValue
  }

  /// A drawing known by `identity` rather than by a new serial: a picture that is redrawn
  /// from the same bytes (a cached thumbnail) is then the same drawing every time, and is sent
  /// to the terminal once. The top bit keeps these apart from the counted serials.
  public init?(size: ImageSize, rgb: [UInt8], identity: UInt64) {
    guard size.width > 0, size.height > 0, rgb.count == size.width * size.height * 3 else {
      return nil
    }
    self.size = size
    self.rgb = rgb
    serial = identity | 1 << 63
  }

  public static func == (lhs: PixelImage, rhs: PixelImage) -> Bool {
    lhs.serial == rhs.serial && lhs.size == rhs.size
  }

  /// An I420 picture converted to RGB at `size` (nearest pixel, BT.601 limited range like the
  /// half blocks), e.g. a decoded frame for the player.
  public static func converting(_ image: ImageView, to size: ImageSize) -> PixelImage? {
    guard size.width > 0, size.height > 0, image.size.width > 0, image.size.height > 0 else {
      return nil
    }
    var rgb = [UInt8](repeating: 0, count: size.width * size.height * 3)
    let sourceWidth = image.size.width
    let sourceHeight = image.size.height
    rgb.withUnsafeMutableBufferPointer { out in
      var offset = 0
      for y in 0..<size.height {
        let sourceY = min(y * sourceHeight / size.height, sourceHeight - 1)
        for x in 0..<size.width {
          let sourceX = min(x * sourceWidth / size.width, sourceWidth - 1)
          let pixel = PreviewRenderer.rgb(image, sourceX, sourceY)
          out[offset] = pixel.0
          out[offset + 1] = pixel.1
          out[offset + 2] = pixel.2
          offset += 3
        }
      }
    }
    return PixelImage(size: size, rgb: rgb)
  }
}

/// A rectangle of cells where a real-pixel picture goes.
public struct PictureArea: Sendable, Equatable {
  /// The cells the picture covers.
  public var rect: ScreenRect
  /// The picture, stretched over `rect` (the view keeps the proportions by choosing `rect`).
  public var image: PixelImage

  /// Creates an area.
  public init(rect: ScreenRect, image: PixelImage) {
    self.rect = rect
    self.image = image
  }
}
