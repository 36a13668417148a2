import DualCamCore
import Encoding
import Foundation
import Media
import TestSupport
import Testing

/// The stream-copy writer: a camera's JPEG pictures stored byte for byte at the slot times,
/// repeats and the stand-in picture included, crash-safe like the encoding writer.
@Suite struct PacketCopyWriterTests {
  static let size = ImageSize(width: 320, height: 240)

  static func spec(
    _ url: URL, container: ContainerFormat, keyframeInterval: Int? = nil
  ) -> OutputSpec {
    OutputSpec(
      name: "front", url: url, size: size, frameRate: FrameRate(numerator: 30), codec: .mjpeg,
      container: container, preset: nil, keyframeInterval: keyframeInterval, streamCopy: true)
  }

  /// A grey "no signal" stand-in, I420 video range (a leased buffer keeps its pool alive).
  static func standIn() -> FrameBuffer {
    let pool = FramePool(format: .i420, size: size, capacity: 1)
    let frame = pool.lease()!
    frame.image.fill(plane: 0, with: 50)
    frame.image.fill(plane: 1, with: 128)
    frame.image.fill(plane: 2, with: 128)
    return frame
  }

  static func write(_ picture: Data, to writer: PacketCopyWriter, index: Int64) throws {
    try picture.withUnsafeBytes { try writer.write($0, index: index) }
  }

  @Test(
    "pictures, a repeat and the stand-in are stored byte for byte at slot times",
    arguments: [ContainerFormat.mov, .mkv, .mp4])
  func roundTrip(container: ContainerFormat) throws {
    let folder = TemporaryFolder()
    let pictures = try FakeMJPEGPictures.make(count: 5, size: Self.size, sourceID: 0)
    let standIn = Self.standIn()
    defer { standIn.release() }
    let url = folder.file("front.\(container.fileExtension)")
    let writer = try PacketCopyWriter(
      spec: Self.spec(url, container: container), standIn: standIn.image)
    // Slot 2 repeats picture 1 (a late camera), slot 4 has no camera picture.
    let plan: [Int?] = [0, 1, 1, 2, nil, 3, 4]
    for (slot, picture) in plan.enumerated() {
      if let picture {
        try Self.write(pictures[picture], to: writer, index: Int64(slot))
      } else {
        try writer.writeStandIn(index: Int64(slot))
      }
    }
    #expect(writer.framesWritten == 7)
    let summary = try writer.finish()
    #expect(summary.frames == 7 && abs(summary.duration - 7.0 / 30) < 1e-9)

    let packets = try PacketReader.packets(of: url)
    #expect(packets.count == 7)
    for (slot, picture) in plan.enumerated() {
      guard let picture else { continue }
      #expect(packets[slot].data == pictures[picture], "slot \(slot)")
    }
    // Time bases: the frame rate's own in MOV/MP4, milliseconds in Matroska.
    for (slot, packet) in packets.enumerated() {
      #expect(abs(packet.time - Double(slot) / 30) <= 0.0005, "slot \(slot)")
    }
    let info = try MediaProbe.inspect(url)
    #expect(info.codecName == "mjpeg" && info.frameCount == 7 && info.startTime == 0)
    #expect(info.size == Self.size)
    // The stand-in decodes to the grey picture it was made from.
    let reader = try VideoFileReader(url: url)
    let target = FramePool(format: .i420, size: Self.size, capacity: 1).lease()!
    defer { target.release() }
    var lumas: [UInt8] = []
    while case .frame = try reader.readFrame(into: target.image) {
      lumas.append(target.image.plane0.row(10)[10])
    }
    #expect(lumas.count == 7)
    #expect(abs(Int(lumas[4]) - 50) <= 2, "slot 4 is the stand-in, luma \(lumas[4])")
  }

  @Test("a killed recording leaves a fragmented MOV whose complete fragments hold the bytes")
  func killedRecordingKeepsFragments() throws {
    let folder = TemporaryFolder()
    let pictures = try FakeMJPEGPictures.make(count: 45, size: Self.size, sourceID: 1)
    let url = folder.file("front.mov")
    let copy = folder.file("killed.mov")
    do {
      let writer = try PacketCopyWriter(
        spec: Self.spec(url, container: .mov, keyframeInterval: 10))
      for (slot, picture) in pictures.enumerated() {
        try Self.write(picture, to: writer, index: Int64(slot))
      }
      try FileManager.default.copyItem(at: url, to: copy)
    }  // dropped unfinished, as by a crash
    #expect(FileFinalizer.isFragmented(copy))
    let survivors = try PacketReader.packets(of: copy)
    #expect(survivors.count >= 30, "fragments of a third of a second each were completed")
    #expect(survivors.map(\.data) == Array(pictures.prefix(survivors.count)))
    try FileFinalizer.makeSeekable(copy)
    #expect(!FileFinalizer.isFragmented(copy))
    #expect(try PacketReader.packets(of: copy).map(\.data) == survivors.map(\.data))
  }

  @Test("misuse is refused with a clear message")
  func misuse() throws {
    let folder = TemporaryFolder()
    var encoded = Self.spec(folder.file("a.mov"), container: .mov)
    encoded.streamCopy = false
    #expect(throws: DualCamError.self) { _ = try PacketCopyWriter(spec: encoded) }
    var h264 = Self.spec(folder.file("b.mov"), container: .mov)
    h264.codec = .h264
    #expect {
      try h264.validate()
    } throws: { error in
      (error as? DualCamError)?.problem.contains("MJPEG only, not H.264") == true
    }
    let writer = try PacketCopyWriter(spec: Self.spec(folder.file("c.mkv"), container: .mkv))
    #expect {
      try writer.write(UnsafeRawBufferPointer(start: nil, count: 0), index: 0)
    } throws: { error in
      (error as? DualCamError)?.problem.contains("has no camera picture") == true
    }
    #expect(throws: DualCamError.self) { try writer.writeStandIn(index: 0) }
    #expect(!FileManager.default.fileExists(atPath: folder.file("a.mov").path))
  }
}
