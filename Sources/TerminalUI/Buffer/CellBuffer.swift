/// A grid of cells that views draw into; the backend copies it to the terminal and tests read
/// it as text.
///
/// Drawing outside the grid is clipped, never an error, so views can be written for any size.
public struct CellBuffer: Sendable, Equatable {
  /// Columns.
  public let width: Int
  /// Rows.
  public let height: Int
  /// Row-major cells.
  public private(set) var cells: [Cell]
  /// Where real-pixel pictures go over the cells, for a terminal that shows pixels
  /// (`PixelWriter`); the cells under them hold the same picture in half blocks.
  public private(set) var pictures: [PictureArea] = []

  /// A buffer of blank cells.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// The whole buffer as a rectangle.
  public var bounds: ScreenRect { ScreenRect(x: 0, y: 0, width: width, height: height) }

  /// The cell at column `x`, row `y`; reading outside gives a blank cell, writing there is
  /// ignored.
  public subscript(x: Int, y: Int) -> Cell {
    get { contains(x: x, y: y) ? cells[y * width + x] : .blank }
    set { if contains(x: x, y: y) { cells[y * width + x] = newValue } }
  }

  /// True when (x, y) is inside the buffer.
  public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

  // MARK: - Drawing

  /// Fills `rect` with `cell`.
  public mutating func fill(_ rect: ScreenRect, with cell: Cell) {
    let left = max(rect.x, 0)
    let right = min(rect.maxX, width)
    guard left < right else { return }
    for row in max(rect.y, 0)..<min(rect.maxY, height) {
      for column in left..<right { cells[row * width + column] = cell }
    }
  }

  /// Fills `rect` with blanks of `style`.
  public mutating func fill(_ rect: ScreenRect, style: CellStyle) {
    fill(
      rect,
      with: Cell(
        " ", foreground: style.foreground, background: style.background,
        attributes: style.attributes))
  }

  /// Writes `text` from (x, y) to the right, at most `maxWidth` columns (to the buffer's edge
  /// by default); a text that does not fit ends in `…`. Returns the columns written.
  @discardableResult
  public mutating func write(
    _ text: String, x: Int, y: Int, style: CellStyle = .plain, maxWidth: Int? = nil
  ) -> Int {
    let limit = min(maxWidth ?? (width - x), width - x)
    guard limit > 0, y >= 0, y < height else { return 0 }
    let scalars = Self.printableScalars(of: text)
    let truncated = scalars.count > limit
    let shown = truncated ? Array(scalars.prefix(limit - 1)) + ["…"] : scalars
    for (offset, scalar) in shown.enumerated() {
      self[x + offset, y] = Cell(
        scalar, foreground: style.foreground, background: style.background,
        attributes: style.attributes)
    }
    return shown.count
  }

  /// Writes `text` centred in `rect`'s first row.
  public mutating func writeCentered(_ text: String, in rect: ScreenRect, style: CellStyle = .plain)
  {
    let length = min(Self.columns(of: text), rect.width)
    write(
      text, x: rect.x + (rect.width - length) / 2, y: rect.y, style: style, maxWidth: rect.width)
  }

  /// Draws a frame around `rect` with `title` in its top edge.
  public mutating func drawBox(
    _ rect: ScreenRect, title: String? = nil, style: CellStyle, glyphs: Glyphs
  ) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    func put(_ scalar: Unicode.Scalar, _ x: Int, _ y: Int) {
      self[x, y] = Cell(
        scalar, foreground: style.foreground, background: style.background,
        attributes: style.attributes)
    }
    for column in rect.x + 1..<rect.maxX - 1 {
      put(glyphs.horizontal, column, rect.y)
      put(glyphs.horizontal, column, rect.maxY - 1)
    }
    for row in rect.y + 1..<rect.maxY - 1 {
      put(glyphs.vertical, rect.x, row)
      put(glyphs.vertical, rect.maxX - 1, row)
    }
    put(glyphs.topLeft, rect.x, rect.y)
    put(glyphs.topRight, rect.maxX - 1, rect.y)
    put(glyphs.bottomLeft, rect.x, rect.maxY - 1)
    put(glyphs.bottomRight, rect.maxX - 1, rect.maxY - 1)
    if let title, rect.width > 6 {
      write(" \(title) ", x: rect.x + 2, y: rect.y, style: style, maxWidth: rect.width - 4)
    }
  }

  // MARK: - Pictures

  /// Marks `rect` (clipped to nothing if it leaves the buffer) as showing `image` in real
  /// pixels; the cells there should already hold the picture for terminals without pixels.
  public mutating func markPicture(_ image: PixelImage, in rect: ScreenRect) {
    guard !rect.isEmpty, rect.x >= 0, rect.y >= 0, rect.maxX <= width, rect.maxY <= height
    else { return }
    pictures.removeAll { $0.rect.intersects(rect) }
    pictures.append(PictureArea(rect: rect, image: image))
  }

  /// Copies the cells of `other` to (x, y), clipped to `clip`, with its pictures that land
  /// whole inside `clip` (a cut picture shows as its half blocks).
  public mutating func place(_ other: CellBuffer, x: Int, y: Int, clip: ScreenRect) {
    for row in 0..<other.height where clip.contains(x: clip.x, y: y + row) {
      for column in 0..<other.width where clip.contains(x: x + column, y: y + row) {
        self[x + column, y + row] = other[column, row]
      }
    }
    for area in other.pictures {
      let moved = ScreenRect(
        x: area.rect.x + x, y: area.rect.y + y, width: area.rect.width, height: area.rect.height)
      guard moved.x >= clip.x, moved.y >= clip.y, moved.maxX <= clip.maxX, moved.maxY <= clip.maxY
      else { continue }
      markPicture(area.image, in: moved)
    }
  }

  /// Forgets every picture area (the cells keep their half blocks).
  public mutating func clearPictures() { pictures.removeAll() }

  /// Drops the pictures whose cells differ from `before`'s: something (a dialog, a menu, a
  /// toast) was drawn over them since, and a picture in pixels would hide it.
  public mutating func dropCoveredPictures(comparedWith before: CellBuffer) {
    guard before.width == width, before.height == height else {
      pictures.removeAll()
      return
    }
    pictures.removeAll { area in
      for row in area.rect.y..<area.rect.maxY {
        for column in area.rect.x..<area.rect.maxX
        where cells[row * width + column] != before.cells[row * width + column] {
          return true
        }
      }
      return false
    }
  }

  // MARK: - Reading

  /// The characters of every row, trailing blanks removed: what a snapshot stores.
  public var text: String {
    (0..<height).map { row in line(row) }.joined(separator: "\n")
  }

  /// The characters of row `y`, trailing blanks removed.
  public func line(_ y: Int) -> String {
    var scalars = String.UnicodeScalarView()
    for column in 0..<width { scalars.append(self[column, y].character) }
    var line = String(scalars)
    while line.last == " " { line.removeLast() }
    return line
  }

  /// The columns `text` takes when written.
  public static func columns(of text: String) -> Int { printableScalars(of: text).count }

  /// The scalars that take a column: control characters become spaces and combining marks
  /// are dropped, so a device name can never shift the rest of a line.
  static func printableScalars(of text: String) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    result.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .enclosingMark, .format: continue
      case .control, .lineSeparator, .paragraphSeparator: result.append(" ")
      default: result.append(scalar)
      }
    }
    return result
  }
}
