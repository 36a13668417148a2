/// A rectangle of cells: column `x`, row `y`, `width` columns, `height` rows.
public struct ScreenRect: Hashable, Sendable {
  /// Left column.
  public var x: Int
  /// Top row.
  public var y: Int
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int

  /// Creates a rectangle; negative sizes become empty.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// True when the rectangle holds no cell.
  public var isEmpty: Bool { width == 0 || height == 0 }
  /// One past the right column.
  public var maxX: Int { x + width }
  /// One past the bottom row.
  public var maxY: Int { y + height }

  /// True when the cell (x, y) is inside.
  public func contains(x: Int, y: Int) -> Bool {
    x >= self.x && x < maxX && y >= self.y && y < maxY
  }

  /// The rectangle shrunk by `amount` cells on every side.
  public func inset(by amount: Int) -> ScreenRect {
    ScreenRect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
  }

  /// A rectangle of `width` × `height` centred in this one (clipped to it).
  public func centered(width: Int, height: Int) -> ScreenRect {
    let clippedWidth = min(width, self.width)
    let clippedHeight = min(height, self.height)
    return ScreenRect(
      x: x + (self.width - clippedWidth) / 2, y: y + (self.height - clippedHeight) / 2,
      width: clippedWidth, height: clippedHeight)
  }

  /// The top `rows` rows, and what is left below them.
  public func splitTop(_ rows: Int) -> (top: ScreenRect, rest: ScreenRect) {
    let taken = min(max(rows, 0), height)
    return (
      ScreenRect(x: x, y: y, width: width, height: taken),
      ScreenRect(x: x, y: y + taken, width: width, height: height - taken)
    )
  }

  /// The bottom `rows` rows, and what is left above them.
  public func splitBottom(_ rows: Int) -> (rest: ScreenRect, bottom: ScreenRect) {
    let taken = min(max(rows, 0), height)
    return (
      ScreenRect(x: x, y: y, width: width, height: height - taken),
      ScreenRect(x: x, y: maxY - taken, width: width, height: taken)
    )
  }

  /// True when the two rectangles share a cell.
  public func intersects(_ other: ScreenRect) -> Bool {
    !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY
      && other.y < maxY
  }
}
