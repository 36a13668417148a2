/// A frame's identity written into its own pixels: source id, frame number and capture time.
///
/// The code is a grid of large black and white luma cells (16 × 7) in the middle of the
/// picture, where a centred crop or a downscale keeps it. Cells are big enough (about 1/24 of
/// the short side) to survive H.264 and HEVC at ordinary bitrates; a reader samples the middle of each
/// cell and thresholds it. Eight fixed marker bits and a CRC-16 reject anything that is not a
/// stamp. Tests read stamps back from decoded files to prove which source frame landed in
/// which output frame.
public struct FrameStamp: Hashable, Sendable, Codable {
  /// Which source drew the frame (0 = front, 1 = back, anything up to 255).
  public var sourceID: UInt8
  /// The source's frame number (its sequence number), modulo 2³².
  public var frameNumber: UInt32
  /// Capture time in microseconds on the monotonic clock, modulo 2⁴⁸.
  public var captureMicroseconds: UInt64

  /// Creates a stamp.
  public init(sourceID: UInt8, frameNumber: UInt32, captureMicroseconds: UInt64) {
    self.sourceID = sourceID
    self.frameNumber = frameNumber
    self.captureMicroseconds = captureMicroseconds & Self.timeMask
  }

  static let columns = 16
  static let rows = 7
  static let marker: UInt64 = 0b1011_0010
  static let timeMask: UInt64 = (1 << 48) - 1
  static let darkLuma: UInt8 = 16
  static let lightLuma: UInt8 = 235

  // MARK: - Geometry

  /// Where the code sits in a picture of `size`: a pixel rectangle, all values even.
  public static func codeRect(in size: ImageSize) -> (x: Int, y: Int, width: Int, height: Int) {
    let cell = cellSize(for: size)
    let width = cell * columns
    let height = cell * rows
    let x = ((size.width - width) / 2) & ~1
    let y = ((size.height - height) / 2) & ~1
    return (x, y, width, height)
  }

  /// Side of one cell in pixels (even, at least 4).
  public static func cellSize(for size: ImageSize) -> Int {
    // About 1/24 of the short side: 10 px at 240 lines, 30 at 720. Smaller cells were blurred
    // past reading by HEVC at low bitrates now and then.
    let cell = max(4, (min(size.width, size.height) / 24) & ~1)
    // Narrow pictures: keep the whole grid inside the width.
    return min(cell, max(2, (size.width / columns) & ~1))
  }

  // MARK: - Writing

  /// Draws the code into the luma plane of `image` (and neutral chroma beneath it).
  public func draw(into image: ImageView) {
    let rect = Self.codeRect(in: image.size)
    let cell = Self.cellSize(for: image.size)
    let bits = payloadBits()
    for row in 0..<Self.rows {
      for column in 0..<Self.columns {
        let bit = (bits >> UInt64(Self.columns * Self.rows - 1 - (row * Self.columns + column))) & 1
        let value = bit == 1 ? Self.lightLuma : Self.darkLuma
        let x = rect.x + column * cell
        let y = rect.y + row * cell
        for line in y..<min(y + cell, image.size.height) {
          image.plane0.row(line).advanced(by: x).update(
            repeating: value, count: max(0, min(cell, image.size.width - x)))
        }
      }
    }
    if image.format == .i420 {
      for line in (rect.y / 2)..<min((rect.y + rect.height) / 2, image.size.height / 2) {
        image.plane1.row(line).advanced(by: rect.x / 2).update(
          repeating: 128, count: rect.width / 2)
        image.plane2.row(line).advanced(by: rect.x / 2).update(
          repeating: 128, count: rect.width / 2)
      }
    }
  }

  // MARK: - Reading

  /// Reads a stamp from where `codeRect(in: image.size)` puts it.
  public static func read(from image: ImageView) -> FrameStamp? {
    let rect = codeRect(in: image.size)
    return read(
      from: image, x: Double(rect.x), y: Double(rect.y), width: Double(rect.width),
      height: Double(rect.height))
  }

  /// Reads a stamp whose grid has been mapped onto the rectangle given (in pixels of `image`,
  /// fractional after scaling); nil when no valid stamp is there.
  public static func read(
    from image: ImageView, x: Double, y: Double, width: Double, height: Double
  ) -> FrameStamp? {
    let cellWidth = width / Double(columns)
    let cellHeight = height / Double(rows)
    // Average the middle half of each cell: edges blur under compression and scaling.
    let radiusX = max(0, Int(cellWidth / 4))
    let radiusY = max(0, Int(cellHeight / 4))
    var bits: UInt128 = 0
    for row in 0..<rows {
      for column in 0..<columns {
        let centerX = Int(x + (Double(column) + 0.5) * cellWidth)
        let centerY = Int(y + (Double(row) + 0.5) * cellHeight)
        var sum = 0
        var samples = 0
        for sampleY in (centerY - radiusY)...(centerY + radiusY) {
          guard sampleY >= 0, sampleY < image.size.height else { continue }
          let line = image.plane0.row(sampleY)
          for sampleX in (centerX - radiusX)...(centerX + radiusX)
          where sampleX >= 0 && sampleX < image.size.width {
            sum += Int(line[sampleX])
            samples += 1
          }
        }
        guard samples > 0 else { return nil }
        let threshold = (Int(darkLuma) + Int(lightLuma)) / 2
        bits = bits << 1 | (sum / samples > threshold ? 1 : 0)
      }
    }
    return decode(bits)
  }

  // MARK: - Payload

  /// marker(8) | source(8) | frame(32) | time(48) | crc(16) = 112 bits, most significant first.
  func payloadBits() -> UInt128 {
    let body =
      UInt128(Self.marker) << 88 | UInt128(sourceID) << 80 | UInt128(frameNumber) << 48
      | UInt128(captureMicroseconds)
    return body << 16 | UInt128(Self.crc16(of: body))
  }

  static func decode(_ bits: UInt128) -> FrameStamp? {
    let body = bits >> 16
    guard UInt16(truncatingIfNeeded: bits) == crc16(of: body),
      UInt64(truncatingIfNeeded: body >> 88) == marker
    else { return nil }
    return FrameStamp(
      sourceID: UInt8(truncatingIfNeeded: body >> 80),
      frameNumber: UInt32(truncatingIfNeeded: body >> 48),
      captureMicroseconds: UInt64(truncatingIfNeeded: body) & timeMask)
  }

  /// CRC-16/CCITT-FALSE over the 96-bit body, most significant byte first.
  static func crc16(of body: UInt128) -> UInt16 {
    var crc: UInt16 = 0xFFFF
    for index in stride(from: 11, through: 0, by: -1) {
      crc ^= UInt16(UInt8(truncatingIfNeeded: body >> (UInt128(index) * 8))) << 8
      for _ in 0..<8 {
        crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1
      }
    }
    return crc
  }
}
