import DualCamCore
import Foundation
import Media
import Testing

/// Headerless YUV files, read with the size, layout and rate given by the caller.
@Suite struct RawVideoTests {
  static let size = ImageSize(width: 64, height: 48)
  static let rate = FrameRate(numerator: 25)

  /// Frame `index` of the test pattern in `format`'s byte layout.
  static func rawFrame(_ index: Int, format: PixelFormat) -> [UInt8] {
    let planar = TestImage(size: size)
    defer { withExtendedLifetime(planar) {} }  // `image` points into its memory
    TestPattern.draw(index, into: planar.image)
    let image = planar.image
    let width = size.width
    var bytes: [UInt8] = []
    switch format {
    case .i420:
      for plane in 0..<3 {
        for row in 0..<image.planeHeight(plane) {
          bytes += UnsafeBufferPointer(
            start: image.plane(plane).row(row), count: image.planeWidth(plane))
        }
      }
    case .nv12:
      for row in 0..<size.height {
        bytes += UnsafeBufferPointer(start: image.plane0.row(row), count: width)
      }
      for row in 0..<image.planeHeight(1) {
        for column in 0..<(width / 2) {
          bytes += [image.plane1.row(row)[column], image.plane2.row(row)[column]]
        }
      }
    case .yuyv:
      for row in 0..<size.height {
        let luma = image.plane0.row(row)
        for pair in 0..<(width / 2) {
          bytes += [
            luma[2 * pair], image.plane1.row(row / 2)[pair], luma[2 * pair + 1],
            image.plane2.row(row / 2)[pair],
          ]
        }
      }
    }
    return bytes
  }

  @Test(arguments: PixelFormat.allCases)
  func readsRawFrames(format: PixelFormat) throws {
    let folder = TemporaryFolder()
    let url = folder.file("capture.\(format.rawValue)")
    try Data((0..<6).flatMap { Self.rawFrame($0, format: format) }).write(to: url)
    let raw = RawVideoFormat(size: Self.size, pixelFormat: format, frameRate: Self.rate)
    let reader = try VideoFileReader(url: url, raw: raw)
    #expect(reader.size == Self.size)
    #expect(reader.frameRate == Self.rate)
    let frames = try Recording.decodeAll(url, raw: raw)
    #expect(frames.map(\.pattern) == [0, 1, 2, 3, 4, 5])
    #expect(frames.map(\.index) == [0, 1, 2, 3, 4, 5])
    #expect(frames.map(\.time) == [0, 0.04, 0.08, 0.12, 0.16, 0.2])
    // YUYV is 4:2:2: its chroma is subsampled vertically on the way to I420.
    #expect(frames.allSatisfy { format == .yuyv ? $0.error <= 1 : $0.exact })
  }

  @Test func rewindLoopsToTheFirstFrame() throws {
    let folder = TemporaryFolder()
    let raw = folder.file("capture.yuv")
    try Data((0..<4).flatMap { Self.rawFrame($0, format: .i420) }).write(to: raw)
    let encoded = folder.file("take.mkv")
    try Recording.record(Recording.spec(encoded, container: .mkv), frames: 12)
    let readers = [
      try VideoFileReader(
        url: raw, raw: RawVideoFormat(size: Self.size, pixelFormat: .i420, frameRate: Self.rate)),
      try VideoFileReader(url: encoded),
    ]
    for reader in readers {
      let image = TestImage(size: reader.size)
      defer { withExtendedLifetime(image) {} }
      for _ in 0..<3 { _ = try reader.readFrame(into: image.image) }
      try reader.rewind()
      #expect(try reader.readFrame(into: image.image) == .frame(index: 0, presentationTime: 0))
      #expect(TestPattern.identify(image.image).index == 0)
      while try reader.readFrame(into: image.image) != .endOfStream {}
      try reader.rewind()  // also after the end
      #expect(try reader.readFrame(into: image.image) == .frame(index: 0, presentationTime: 0))
    }
  }
}
