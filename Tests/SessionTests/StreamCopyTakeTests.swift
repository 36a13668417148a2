import Capture
import Compositor
import DualCamCore
import Encoding
import Foundation
import Media
import Session
import Synchronization
import TestSupport
import Testing

/// Plays an MJPEG camera in real time: a thread hands the fake kernel one JPEG per period,
/// stamped with the monotonic clock, the way a UVC camera fills its buffers.
final class MJPEGCameraPlayer: @unchecked Sendable {
  let kernel: FakeV4L2Kernel
  let pictures: [Data]
  private let stopped = Atomic<Bool>(false)
  private var thread: Thread?

  init(kernel: FakeV4L2Kernel, pictures: [Data]) {
    self.kernel = kernel
    self.pictures = pictures
  }

  /// Emits picture n at n periods after the start, until `stop()` or the pictures run out
  /// (the test records far fewer frames than it has pictures).
  func start(rate: FrameRate) {
    let clock = SystemMonotonicClock()
    let thread = Thread { [self] in
      let start = clock.now()
      for (number, picture) in pictures.enumerated() {
        let due = start + Int64(number) * rate.periodNanoseconds
        while clock.now() < due && !stopped.load(ordering: .relaxed) {
          Thread.sleep(forTimeInterval: 0.001)
        }
        if stopped.load(ordering: .relaxed) { return }
        kernel.emitPicture(picture, timestampNanoseconds: clock.now().nanoseconds)
      }
    }
    self.thread = thread
    thread.start()
  }

  func stop() { stopped.store(true, ordering: .relaxed) }
}

/// Takes whose front and back files are stream copies of two fake MJPEG cameras: the files
/// hold exactly the cameras' JPEG bytes, frame for frame aligned with the dual view.
@Suite("Stream-copy takes store the cameras' own MJPEG", .serialized)
struct StreamCopyTakeTests {
  let size = ImageSize(width: 320, height: 240)
  let rate = FrameRate(numerator: 30)
  static let nowhere = URL(fileURLWithPath: "/nonexistent")

  func camera(
    _ kernel: FakeV4L2Kernel, _ position: CameraPosition, copy: Bool = true
  ) throws -> V4L2Camera {
    try V4L2Camera(
      path: kernel.path, position: position, size: size, rate: rate, passthrough: copy,
      system: kernel, devRoot: Self.nowhere, sysfsRoot: Self.nowhere)
  }

  @Test(
    "front and back files hold the cameras' JPEGs byte for byte, aligned with the dual view",
    arguments: [ContainerFormat.mov, .mkv])
  func copiedTake(_ container: ContainerFormat) throws {
    let frames: Int64 = 30
    let folder = try TemporaryFolder()
    var settings = RecordingSettings()
    settings.size = size
    settings.frameRate = rate
    settings.container = container
    settings.cameraCodec = .copy
    settings.outputDirectory = folder.url.path
    let modes: [FakeV4L2Kernel.Mode] = [
      .init("YUYV", size, rates: [rate]), .init("MJPG", size, rates: [rate]),
    ]
    let kernels = [
      FakeV4L2Kernel(path: "/dev/video0", modes: modes),
      FakeV4L2Kernel(path: "/dev/video2", modes: modes),
    ]
    // Ten seconds of pictures: far more than the take and the wait for first frames use.
    let pictures = try [0, 1].map {
      try FakeMJPEGPictures.make(count: 300, size: size, sourceID: $0)
    }
    let session = SessionController(
      settings: settings, front: try camera(kernels[0], .front), back: try camera(kernels[1], .back)
    )
    try session.validate()
    let players = (0..<2).map { MJPEGCameraPlayer(kernel: kernels[$0], pictures: pictures[$0]) }
    try session.startPreview()
    defer {
      for player in players { player.stop() }
      session.shutdown()
    }
    for player in players { player.start(rate: rate) }
    try session.startRecording(frameLimit: frames)
    let deadline = Date().addingTimeInterval(60)
    while !session.snapshot().takeEnded {
      try #require(Date() < deadline, "the take did not end")
      Thread.sleep(forTimeInterval: 0.02)
    }
    let result = try session.stopRecording()

    let take = try TakeInspector(folder: result.folder)
    #expect(take.metadata.settings.cameraCodec == .copy)
    #expect(take.metadata.outputs["front"]?.codec == "mjpeg")
    let dual = try take.decodeDualView(
      layout: StackLayout(settings: LayoutSettings(), frontSize: size, backSize: size))
    // Fewer frames a file when the machine was too slow and slots were held.
    #expect(take.metadata.sync.frames == frames)
    let inFile = Int(take.metadata.sync.framesInEachFile)
    #expect(dual.times.count == inFile)
    for (index, name) in ["front", "back"].enumerated() {
      let url = take.url(of: name)
      #expect(url.pathExtension == container.fileExtension)
      let packets = try PacketReader.packets(of: url)
      let decoded = try take.decodeCamera(name)
      let info = try MediaProbe.inspect(url)
      #expect(info.codecName == "mjpeg", "\(name)")
      #expect(packets.count == inFile, "\(name): as many frames as the dual view")
      #expect(decoded.times.count == inFile, "\(name)")
      #expect(info.startTime == 0 && abs(info.duration - dual.info.duration) < 1e-6, "\(name)")
      for (k, packet) in packets.enumerated()
      where k < min(dual.times.count, decoded.stamps.count) {
        // At its slot's time, as the dual view's frame k (Matroska keeps times in milliseconds;
        // MOV in the frame rate's own time base).
        let slot = (packet.time * 30).rounded()
        #expect(abs(packet.time - slot / 30) <= 0.0005, "\(name) frame \(k) at a slot time")
        #expect(abs(packet.time - dual.times[k]) <= 0.0005, "\(name) frame \(k)")
        // The stamp says which picture the camera sent; the file holds exactly its bytes.
        let stamp = try #require(decoded.stamps[k], "\(name) frame \(k) has no readable stamp")
        #expect(stamp.sourceID == UInt8(index))
        #expect(packet.data == pictures[index][Int(stamp.frameNumber)], "\(name) frame \(k)")
        let region = index == 0 ? dual.frontStamps[k] : dual.backStamps[k]
        #expect(region == stamp, "dual-view frame \(k) shows \(name) frame \(k)")
      }
    }
  }

  func settings(_ folder: TemporaryFolder, copy: Bool) -> RecordingSettings {
    var settings = RecordingSettings()
    settings.size = size
    settings.frameRate = rate
    settings.cameraCodec = copy ? .copy : nil
    settings.outputDirectory = folder.url.path
    return settings
  }

  func record(_ session: SessionController, frames: Int64, during: () -> Void = {}) throws
    -> TakeResult
  {
    try session.startRecording(frameLimit: frames)
    during()
    let deadline = Date().addingTimeInterval(60)
    while !session.snapshot().takeEnded {
      try #require(Date() < deadline, "the take did not end")
      Thread.sleep(forTimeInterval: 0.02)
    }
    return try session.stopRecording()
  }

  @Test("an unplugged camera's copied file holds NO SIGNAL pictures for exactly its gap")
  func unplugDuringCopy() throws {
    let frames: Int64 = 60
    let folder = try TemporaryFolder()
    let modes: [FakeV4L2Kernel.Mode] = [.init("MJPG", size, rates: [rate])]
    let kernels = [
      FakeV4L2Kernel(path: "/dev/video0", modes: modes),
      FakeV4L2Kernel(path: "/dev/video2", modes: modes),
    ]
    let pictures = try [0, 1].map {
      try FakeMJPEGPictures.make(count: 300, size: size, sourceID: $0)
    }
    let session = SessionController(
      settings: settings(folder, copy: true), front: try camera(kernels[0], .front),
      back: try camera(kernels[1], .back))
    try session.validate()
    let players = (0..<2).map { MJPEGCameraPlayer(kernel: kernels[$0], pictures: pictures[$0]) }
    try session.startPreview()
    defer {
      for player in players { player.stop() }
      session.shutdown()
    }
    for player in players { player.start(rate: rate) }
    let result = try record(session, frames: frames) {
      // Unplugged about a third of a second into the take, back a quarter second later.
      Thread.sleep(forTimeInterval: 0.33)
      kernels[0].unplug()
      Thread.sleep(forTimeInterval: 0.25)
      kernels[0].replug()
    }

    let take = try TakeInspector(folder: result.folder)
    let packets = try PacketReader.packets(of: take.url(of: "front"))
    let decoded = try take.decodeCamera("front")
    let dual = try take.decodeDualView(
      layout: StackLayout(settings: LayoutSettings(), frontSize: size, backSize: size))
    let inFile = Int(take.metadata.sync.framesInEachFile)  // fewer when slots were held
    #expect(packets.count == inFile && dual.times.count == inFile)
    let cameraPictures = Set(pictures[0])
    let standIns = packets.filter { !cameraPictures.contains($0.data) }
    #expect(!standIns.isEmpty, "the gap is in the file")
    #expect(
      Set(standIns.map(\.data)).count == 1, "one NO SIGNAL picture, stored as often as needed")
    #expect(standIns.count == take.metadata.sync.front.missingSlots)
    for (k, packet) in packets.enumerated() {
      if cameraPictures.contains(packet.data) {
        let stamp = try #require(decoded.stamps[k])
        #expect(packet.data == pictures[0][Int(stamp.frameNumber)])
        #expect(dual.frontStamps[k] == stamp, "dual-view frame \(k)")
      } else {
        #expect(decoded.stamps[k] == nil && dual.frontStamps[k] == nil, "frame \(k) has no signal")
      }
    }
  }

  @Test("a camera that switched to MJPEG for bandwidth says so in the take's metadata")
  func bandwidthSwitchInMetadata() throws {
    let folder = try TemporaryFolder()
    let kernel = FakeV4L2Kernel(modes: [
      .init("YUYV", size, rates: [rate]), .init("MJPG", size, rates: [rate]),
    ])
    kernel.failStreamOn(whileFormatIs: "YUYV", with: ENOSPC)
    let session = SessionController(
      settings: settings(folder, copy: false), front: try camera(kernel, .front, copy: false),
      back: SyntheticCamera(position: .back, size: size, rate: rate))
    try session.validate()
    let player = MJPEGCameraPlayer(
      kernel: kernel, pictures: try FakeMJPEGPictures.make(count: 300, size: size, sourceID: 0))
    try session.startPreview()
    defer {
      player.stop()
      session.shutdown()
    }
    player.start(rate: rate)
    let take = try TakeInspector(folder: try record(session, frames: 10).folder)
    let front = try #require(take.metadata.sources["front"])
    #expect(front.nativeFormat == "MJPEG")
    #expect(front.details["format_switch"]?.contains("switched to MJPEG 320x240 at 30 fps") == true)
    #expect(try take.decodeCamera("front").stamps.allSatisfy { $0?.sourceID == 0 })
  }

  @Test("copy with sources that deliver no MJPEG is refused before any file is created")
  func refusedWithoutMJPEG() throws {
    let folder = try TemporaryFolder()
    var settings = RecordingSettings()
    settings.size = size
    settings.cameraCodec = .copy
    settings.outputDirectory = folder.url.path
    let yuyv = FakeV4L2Kernel(modes: [.init("YUYV", size, rates: [rate])])
    let session = SessionController(
      settings: settings,
      front: SyntheticCamera(position: .front, size: size, rate: rate),
      back: try V4L2Camera(
        path: yuyv.path, position: .back, size: size, rate: rate, system: yuyv,
        devRoot: Self.nowhere, sysfsRoot: Self.nowhere))
    #expect {
      try session.validate()
    } throws: { error in
      let problem = (error as? DualCamError)?.problem ?? ""
      return problem.contains("the front source (Synthetic")
        && problem.contains("delivers I420, not MJPEG")
    }
    #expect(folder.entries.isEmpty)
  }
}
