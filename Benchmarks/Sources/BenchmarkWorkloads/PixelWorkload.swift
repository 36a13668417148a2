public import DualCamCore
public import TerminalUI

/// The cost of a real-pixel picture per frame, as the `PixelWriter` pays it: converting the
/// composed I420 preview to RGB, framing it for kitty (chunked base64), and encoding it as
/// sixel with libchafa over the cells it covers.
public final class PixelWorkload {
  /// The steps measured.
  public enum Step: String, CaseIterable, Sendable {
    case convert = "I420 -> RGB (PixelImage.converting)"
    case kitty = "kitty framing (KittyGraphics)"
    case sixel = "sixel encoding (libchafa)"
  }

  /// The picture's size in pixels.
  public let size: ImageSize
  /// The cells it covers (sixel is drawn at their pixels).
  public let columns: Int
  public let rows: Int
  private let frame: FrameBuffer
  private let rgb: [UInt8]
  private var output: [UInt8] = []
  private let sixel: ChafaPixelEncoder
  /// Bytes the last run of each step wrote.
  public private(set) var bytes: [Step: Int] = [:]

  /// A picture of `size` over `columns` × `rows` cells of `cellWidth` × `cellHeight` pixels.
  public init(size: ImageSize, columns: Int, rows: Int, cellWidth: Int, cellHeight: Int) throws {
    self.size = size
    self.columns = columns
    self.rows = rows
    let pool = FramePool(format: .i420, size: size, capacity: 1)
    guard let frame = pool.lease() else {
      throw DualCamError.invalidArgument("no frame for the picture", fix: "")
    }
    self.frame = frame
    PictureWorkload.paint(frame.image)
    guard let converted = PixelImage.converting(frame.image, to: size) else {
      throw DualCamError.invalidArgument("cannot convert the picture", fix: "")
    }
    rgb = converted.rgb
    sixel = ChafaPixelEncoder(pixelProtocol: .sixel, cellWidth: cellWidth, cellHeight: cellHeight)
  }

  deinit { frame.release() }

  /// Does `step` once.
  public func run(_ step: Step) {
    switch step {
    case .convert:
      bytes[step] = PixelImage.converting(frame.image, to: size)?.rgb.count ?? 0
    case .kitty:
      output.removeAll(keepingCapacity: true)
      rgb.withUnsafeBufferPointer {
        KittyGraphics.transmitAndPlace(
          $0, format: .rgb, width: size.width, height: size.height, id: 1, columns: columns,
          rows: rows, into: &output)
      }
      bytes[step] = output.count
    case .sixel:
      let encoded = rgb.withUnsafeBufferPointer {
        sixel.encode(
          rgb: $0.baseAddress!, width: size.width, height: size.height, columns: columns,
          rows: rows)
      }
      bytes[step] = encoded.count
    }
  }
}
