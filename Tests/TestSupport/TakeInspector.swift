public import Compositor
public import DualCamCore
public import Foundation
public import Media

/// Decodes a take's files with libavformat/libavcodec and reads back every frame's stamp: the
/// evidence that the three files line up frame for frame.
public struct TakeInspector {
  /// One decoded output file.
  public struct DecodedFile {
    /// What the container says.
    public var info: MediaInfo
    /// Presentation time of every decoded frame, in seconds.
    public var times: [Double]
    /// For camera files: the stamp of every frame (nil where unreadable).
    public var stamps: [FrameStamp?]
    /// For the dual view: the stamps found in the front and back regions.
    public var frontStamps: [FrameStamp?]
    public var backStamps: [FrameStamp?]
  }

  /// The take folder.
  public let folder: URL
  /// `metadata.json`, decoded.
  public let metadata: TakeMetadata

  /// Opens the take in `folder` and decodes its metadata.
  public init(folder: URL) throws {
    self.folder = folder
    let data = try Data(contentsOf: folder.appendingPathComponent("metadata.json"))
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    metadata = try decoder.decode(TakeMetadata.self, from: data)
  }

  /// The URL of output `name` (`dualview`, `front`, `back`).
  public func url(of name: String) -> URL {
    folder.appendingPathComponent(metadata.outputs[name]!.file)
  }

  /// Decodes camera file `name` and reads the stamp of each frame.
  public func decodeCamera(_ name: String) throws -> DecodedFile {
    try decode(url(of: name)) { image in
      (FrameStamp.read(from: image), nil, nil)
    }
  }

  /// Decodes the dual view and reads both cameras' stamps where `layout` puts them.
  public func decodeDualView(layout: StackLayout) throws -> DecodedFile {
    let regions = CameraPosition.allCases.map { position -> (Double, Double, Double, Double)? in
      let source = layout.sourceSize(of: position)
      let code = FrameStamp.codeRect(in: source)
      guard
        let topLeft = layout.canvasPoint(
          forSourcePoint: (Double(code.x), Double(code.y)), of: position),
        let bottomRight = layout.canvasPoint(
          forSourcePoint: (
            Double(code.x + code.width) - 0.001, Double(code.y + code.height) - 0.001
          ),
          of: position)
      else { return nil }
      return (topLeft.x, topLeft.y, bottomRight.x - topLeft.x, bottomRight.y - topLeft.y)
    }
    return try decode(url(of: "dualview")) { image in
      let stamps = regions.map { region in
        region.flatMap { FrameStamp.read(from: image, x: $0.0, y: $0.1, width: $0.2, height: $0.3) }
      }
      return (nil, stamps[0], stamps[1])
    }
  }

  private func decode(
    _ url: URL, read: (ImageView) -> (FrameStamp?, FrameStamp?, FrameStamp?)
  ) throws -> DecodedFile {
    let info = try MediaProbe.inspect(url)
    let reader = try VideoFileReader(url: url)
    let pool = FramePool(format: .i420, size: reader.size, capacity: 1)
    let frame = pool.lease()!
    defer { frame.release() }
    var file = DecodedFile(info: info, times: [], stamps: [], frontStamps: [], backStamps: [])
    while case .frame(_, let time) = try reader.readFrame(into: frame.image) {
      let (stamp, front, back) = read(frame.image)
      file.times.append(time)
      file.stamps.append(stamp)
      file.frontStamps.append(front)
      file.backStamps.append(back)
    }
    return file
  }
}
