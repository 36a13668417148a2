import DualCamCore
import Foundation
import Media
import Synchronization
import Testing

@testable import Encoding

/// H.264 goes through libx264's own API (`X264VideoEncoder`): what the files must still be.
@Suite struct X264DirectTests {
  /// With B-frames and two slice threads (the dual view's settings), every frame comes back in
  /// order, the delayed ones drained by `finish()`, and no two keyframes are further apart than
  /// the interval (x264 may add one at a scene cut; the test pattern changes a lot).
  @Test(arguments: ContainerFormat.allCases)
  func bFramesAndSliceThreadsKeepEveryFrame(container: ContainerFormat) throws {
    let folder = TemporaryFolder()
    let url = folder.file("take.\(container.fileExtension)")
    var spec = Recording.spec(url, container: container, keyframeInterval: 10)
    spec.preset = "veryfast"  // three B-frames, pyramid
    spec.encoderThreads = 2
    spec.size = ImageSize(width: 320, height: 240)
    let summary = try Recording.record(spec, frames: 45)
    #expect(summary.frames == 45)

    let frames = try Recording.decodeAll(url)
    #expect(frames.map(\.pattern) == Array(0..<45))
    #expect(frames.allSatisfy { $0.error <= 4 })

    let packets = try PacketReader.packets(of: url)
    #expect(packets.count == 45)
    let keyframeTimes = packets.filter(\.isKeyframe).map { Int(($0.time * 30).rounded()) }
    #expect(keyframeTimes.first == 0)
    let gaps =
      zip(keyframeTimes.dropFirst(), keyframeTimes).map { $0 - $1 } + [45 - keyframeTimes.last!]
    #expect(gaps.allSatisfy { $0 <= 10 }, "keyframes at \(keyframeTimes)")
  }

  /// With ultrafast (no B-frames, no lookahead) nothing is held back: each frame is in the file
  /// when its write returns, with one slice thread or two (the record key's first frame
  /// depends on it).
  @Test(arguments: [1, 2])
  func eachFrameIsMuxedBeforeItsWriteReturns(threads: Int) throws {
    let folder = TemporaryFolder()
    var spec = Recording.spec(folder.file("take.mov"))
    spec.encoderThreads = threads
    let writer = try VideoFileWriter(spec: spec)
    for index in 0..<5 {
      try Recording.writeFrames(1, to: writer, from: index)
      #expect(writer.framesWritten == Int64(index + 1), "frame \(index), \(threads) threads")
    }
    #expect(try writer.finish().frames == 5)
  }

  /// The slice threads x264 starts are the writer's to count (the budget learns an encoder's
  /// cost from them and the thread feeding it); one thread starts none. Opened on a thread of
  /// its own name, as a take opens its writers, so that encoders other tests open meanwhile
  /// are not taken for this one's.
  @Test(arguments: [1, 2])
  func sliceThreadsAreCounted(threads: Int) throws {
    let folder = TemporaryFolder()
    // x264 keeps a tiny picture on one thread whatever it is asked.
    var spec = Recording.spec(
      folder.file("take.mkv"), container: .mkv, size: ImageSize(width: 640, height: 480))
    spec.encoderThreads = threads
    let counted = Mutex<Result<(threads: Int, seconds: Double), any Error>?>(nil)
    WorkerThread(name: "slices-\(threads)") { [spec] in
      do {
        let writer = try VideoFileWriter(spec: spec)
        try Recording.writeFrames(20, to: writer, from: 0)
        let result = (writer.encoderThreadCount, writer.encoderThreadsSeconds)
        _ = try writer.finish()
        counted.withLock { $0 = .success(result) }
      } catch {
        counted.withLock { $0 = .failure(error) }
      }
    }.join()
    let result = try #require(counted.withLock { $0 }).get()
    if threads == 1 {
      #expect(result.threads == 0 && result.seconds == 0)
    } else {
      #expect(result.threads >= 1)
      #expect(result.seconds > 0)
    }
  }

  /// Packets hold length-prefixed NAL units (as MOV, MP4 and Matroska store them with an
  /// avcC record), not Annex B start codes.
  @Test(arguments: ContainerFormat.allCases)
  func packetsAreLengthPrefixed(container: ContainerFormat) throws {
    let folder = TemporaryFolder()
    let url = folder.file("take.\(container.fileExtension)")
    try Recording.record(Recording.spec(url, container: container), frames: 12)
    let packets = try PacketReader.packets(of: url)
    #expect(packets.count == 12)
    for packet in packets {
      let bytes = [UInt8](packet.data)
      var offset = 0
      while offset + 4 <= bytes.count {
        let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        #expect(length > 0)
        offset += 4 + length
      }
      #expect(offset == bytes.count, "NAL lengths do not add up to the packet's size")
    }
  }

  /// `write(_:index:)` hands the caller's planes to x264, which copies them before returning:
  /// one buffer redrawn for every frame still gives every frame, B-frames and all.
  @Test func readsCallerImagesWithoutCopying() throws {
    let folder = TemporaryFolder()
    let url = folder.file("caller.mov")
    var spec = Recording.spec(url)
    spec.preset = "veryfast"
    let writer = try VideoFileWriter(spec: spec)
    let source = TestImage(size: Recording.smallSize)
    for index in 0..<20 {
      TestPattern.draw(index, into: source.image)
      try writer.write(source.image, index: Int64(index))
    }
    _ = try writer.finish()
    #expect(try Recording.decodeAll(url).map(\.pattern) == Array(0..<20))
  }

  /// The SPS and PPS are in the file's header, not repeated per keyframe; x264's own
  /// description travels once, in front of the first picture, as libavcodec stored it.
  @Test func headersOnceAndTheVersionNoteInTheFirstPacket() throws {
    let folder = TemporaryFolder()
    let url = folder.file("take.mov")
    try Recording.record(Recording.spec(url, keyframeInterval: 5), frames: 15)
    let packets = try PacketReader.packets(of: url)
    let note = Data("x264 - core".utf8)
    #expect(packets.first?.data.range(of: note) != nil)
    #expect(packets.dropFirst().allSatisfy { $0.data.range(of: note) == nil })
    for packet in packets {
      let types = Self.nalTypes(packet.data)
      #expect(!types.contains(7) && !types.contains(8), "SPS or PPS inside a packet")
    }
  }

  private static func nalTypes(_ data: Data) -> [UInt8] {
    let bytes = [UInt8](data)
    var offset = 0
    var types: [UInt8] = []
    while offset + 5 <= bytes.count {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      types.append(bytes[offset + 4] & 0x1F)
      offset += 4 + length
    }
    return types
  }
}
