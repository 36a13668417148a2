public import DualCamCore

/// An axis-aligned rectangle of whole pixels: origin at the top-left, `x` to the right, `y` down.
///
/// The layout keeps every rectangle on even coordinates and sizes, so that the matching
/// rectangle in a 4:2:0 chroma plane is exactly half as large and starts at half the origin.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
  /// Left edge (first column inside).
  public var x: Int
  /// Top edge (first row inside).
  public var y: Int
  /// Number of columns.
  public var width: Int
  /// Number of rows.
  public var height: Int

  /// Creates a rectangle.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// A rectangle at the origin covering `size`.
  public init(size: ImageSize) {
    self.init(x: 0, y: 0, width: size.width, height: size.height)
  }

  /// One past the last column.
  public var maxX: Int { x + width }
  /// One past the last row.
  public var maxY: Int { y + height }
  /// Width and height as an `ImageSize`.
  public var size: ImageSize { ImageSize(width: width, height: height) }
  /// True when the rectangle covers no pixel.
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// True when origin and size are all even, as 4:2:0 chroma alignment requires.
  public var isEvenAligned: Bool { (x | y | width | height) & 1 == 0 }

  /// True when the pixel at column `px`, row `py` lies inside.
  public func contains(x px: Int, y py: Int) -> Bool {
    px >= x && px < maxX && py >= y && py < maxY
  }

  /// True when `other` lies entirely inside this rectangle.
  public func contains(_ other: PixelRect) -> Bool {
    other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
  }

  /// The same rectangle on a plane subsampled by two in both directions (4:2:0 chroma).
  public var halved: PixelRect {
    PixelRect(x: x / 2, y: y / 2, width: width / 2, height: height / 2)
  }

  /// `(x,y) WIDTHxHEIGHT`.
  public var description: String { "(\(x),\(y)) \(width)x\(height)" }
}
