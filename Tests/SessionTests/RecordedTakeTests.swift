import Capture
import Compositor
import DualCamCore
import Encoding
import Foundation
import Media
import Session
import TestSupport
import Testing

/// Whole takes through the real pipeline — synthetic cameras, scheduler, compositor, libx264,
/// the MOV muxer — checked by decoding the files and reading the stamps back.
@Suite("Recorded takes line up frame for frame", .serialized)
struct RecordedTakeTests {
  let size = ImageSize(width: 320, height: 240)

  func settings(_ folder: URL, layout: LayoutSettings = LayoutSettings()) -> RecordingSettings {
    var settings = RecordingSettings()
    settings.size = size
    settings.layout = layout
    settings.outputDirectory = folder.path
    return settings
  }

  func session(
    _ settings: RecordingSettings, front: String = "synthetic", back: String = "synthetic"
  )
    throws -> SessionController
  {
    SessionController(
      settings: settings,
      front: try SourceSpec(parsing: front).makeSource(
        position: .front, size: settings.size, rate: settings.frameRate),
      back: try SourceSpec(parsing: back).makeSource(
        position: .back, size: settings.size, rate: settings.frameRate))
  }

  func recordFrames(_ session: SessionController, _ count: Int64) throws -> TakeResult {
    try session.startRecording(frameLimit: count)
    let deadline = Date().addingTimeInterval(60)
    while !session.snapshot().takeEnded {
      try #require(Date() < deadline, "the take did not end")
      Thread.sleep(forTimeInterval: 0.02)
    }
    return try session.stopRecording()
  }

  @Test(
    "dual-view frame k holds exactly front frame k and back frame k, in every layout",
    arguments: [
      ("full stack", LayoutSettings()),
      (
        "swapped portrait fill",
        {
          var layout = LayoutSettings()
          layout.order = .backOnTop
          layout.canvas = .custom(ImageSize(width: 360, height: 640))
          layout.split = .sixtyForty
          return layout
        }()
      ),
      (
        "landscape fit with border",
        {
          var layout = LayoutSettings()
          layout.canvas = .custom(ImageSize(width: 640, height: 360))
          layout.frontScaling = .fit
          layout.backScaling = .fit
          layout.border = LayoutSettings.Border(thickness: 4, color: .white)
          return layout
        }()
      ),
    ])
  func framesLineUp(_ name: String, _ layout: LayoutSettings) throws {
    let folder = try TemporaryFolder()
    let session = try session(settings(folder.url, layout: layout))
    defer { session.shutdown() }
    let result = try recordFrames(session, 45)

    let take = try TakeInspector(folder: result.folder)
    let front = try take.decodeCamera("front")
    let back = try take.decodeCamera("back")
    let dual = try take.decodeDualView(
      layout: StackLayout(settings: layout, frontSize: size, backSize: size))

    // A machine too slow for the encoders (a sanitizer's build) holds slots: each file then
    // has fewer frames over the same 1.5 s, and the same ones in all three.
    let sync = take.metadata.sync
    #expect(sync.frames == 45)
    let frames = Int(sync.framesInEachFile)
    for file in [front, back, dual] {
      #expect(file.times.count == frames)
      #expect(file.info.frameCount == frames)
      #expect(file.info.startTime == 0)
      #expect(abs(file.info.duration - 1.5) < 1e-6)
      #expect(file.times.first == 0)
    }
    #expect(front.times == dual.times && back.times == dual.times)
    let compared = min(frames, front.stamps.count, back.stamps.count, dual.frontStamps.count)
    for k in 0..<compared {
      let frontStamp = try #require(front.stamps[k], "front frame \(k) has no readable stamp")
      let backStamp = try #require(back.stamps[k], "back frame \(k) has no readable stamp")
      #expect(frontStamp.sourceID == 0 && backStamp.sourceID == 1)
      #expect(dual.frontStamps[k] == frontStamp, "\(name): dual-view frame \(k), front region")
      #expect(dual.backStamps[k] == backStamp, "\(name): dual-view frame \(k), back region")
    }
    // Every repeated stamp in a file is a repeat the metadata counted, and vice versa, under any
    // load (a stalled machine adds encoder-lag repeats, and the metadata says so).
    let repeatedFront = (1..<max(compared, 1)).filter { front.stamps[$0] == front.stamps[$0 - 1] }
      .count
    let repeatedBack = (1..<max(compared, 1)).filter { back.stamps[$0] == back.stamps[$0 - 1] }
      .count
    #expect(Int64(repeatedFront) == take.metadata.sync.frontRepeatsWritten)
    #expect(Int64(repeatedBack) == take.metadata.sync.backRepeatsWritten)
    if take.metadata.sync.repeatedForEncoderLag == 0 {
      #expect(repeatedFront == take.metadata.sync.front.duplicates)
      #expect(repeatedBack == take.metadata.sync.back.duplicates)
    }
  }

  @Test(
    "every codec and container keeps the three files aligned",
    arguments: [
      (VideoCodec.hevc, ContainerFormat.mp4), (.mjpeg, .mkv), (.ffv1, .mkv), (.h264, .mkv),
    ])
  func codecsAndContainers(_ codec: VideoCodec, _ container: ContainerFormat) throws {
    let folder = try TemporaryFolder()
    var settings = settings(folder.url)
    settings.codec = codec
    settings.container = container
    let session = try session(settings)
    defer { session.shutdown() }
    let result = try recordFrames(session, 20)
    let take = try TakeInspector(folder: result.folder)
    #expect(take.metadata.settings.codec == codec)
    let front = try take.decodeCamera("front")
    let back = try take.decodeCamera("back")
    let dual = try take.decodeDualView(
      layout: StackLayout(settings: LayoutSettings(), frontSize: size, backSize: size))
    #expect(take.metadata.sync.frames == 20)
    let frames = Int(take.metadata.sync.framesInEachFile)  // fewer when slots were held
    for (name, file) in [("front", front), ("back", back), ("dualview", dual)] {
      #expect(file.times.count == frames, "\(name)")
      #expect(file.info.startTime == 0, "\(name)")
      #expect(take.url(of: name).pathExtension == container.fileExtension)
    }
    for k in 0..<min(frames, front.stamps.count, back.stamps.count, dual.frontStamps.count) {
      #expect(front.stamps[k] != nil && dual.frontStamps[k] == front.stamps[k], "frame \(k)")
      #expect(back.stamps[k] != nil && dual.backStamps[k] == back.stamps[k], "frame \(k)")
    }
  }

  @Test("a camera that loses its signal shows NO SIGNAL, the take goes on, and the gap is counted")
  func signalLossKeepsTakeGoing() throws {
    let folder = try TemporaryFolder()
    let settings = settings(folder.url)
    let session = SessionController(
      settings: settings,
      front: SyntheticCamera(position: .front, size: size, rate: settings.frameRate),
      back: BlackoutCamera(
        position: .back, size: size, rate: settings.frameRate, from: 0.8, until: 1.8))
    defer { session.shutdown() }
    let result = try recordFrames(session, 75)
    let take = try TakeInspector(folder: result.folder)
    let front = try take.decodeCamera("front")
    let back = try take.decodeCamera("back")
    let sync = take.metadata.sync

    let frames = Int(sync.framesInEachFile)  // 75, fewer when slots were held
    #expect(front.times.count == frames && back.times.count == frames)
    // About a second without signal: those frames carry no stamp (they show NO SIGNAL), the
    // front camera's frames go on regardless, and the count is in the metadata.
    let dark = back.stamps.filter { $0 == nil }.count
    if sync.held == 0 {
      #expect(abs(dark - 30) <= 4, "\(dark) frames without signal")
      #expect(dark == sync.back.missingSlots)
    } else {
      #expect(dark <= sync.back.missingSlots, "held slots are in no file")
    }
    #expect(front.stamps.allSatisfy { $0 != nil })
    let firstDark = try #require(back.stamps.firstIndex { $0 == nil })
    #expect(back.stamps[firstDark...].prefix(dark).allSatisfy { $0 == nil }, "one gap, not several")
    #expect(back.stamps.last! != nil, "the camera came back into the same take")
    #expect(
      take.metadata.errors.contains { $0.contains("back camera: signal lost (test blackout)") })
    #expect(take.metadata.errors.contains { $0.contains("back camera: signal restored") })
    #expect(take.metadata.status == .complete)
  }

  @Test("metadata.json agrees with what the files decode to")
  func metadataAgrees() throws {
    let folder = try TemporaryFolder()
    let session = try session(settings(folder.url))
    defer { session.shutdown() }
    let result = try recordFrames(session, 30)
    let take = try TakeInspector(folder: result.folder)

    #expect(take.metadata == result.metadata)
    #expect(take.metadata.status == .complete)
    #expect(take.metadata.sync.frames == 30)
    #expect(take.metadata.sources["front"]?.kind == "synthetic")
    #expect(take.metadata.sources["back"]?.identity == "synthetic:back")
    for name in ["dualview", "front", "back"] {
      let output = try #require(take.metadata.outputs[name])
      let info = try MediaProbe.inspect(take.url(of: name))
      #expect(output.frames == Int64(info.frameCount))
      #expect(output.bytes == info.fileSize)
      #expect(abs(output.durationSeconds - info.duration) < 1e-6)
      #expect(output.file.hasPrefix("\(name)_") && output.file.hasSuffix(".mov"))
      #expect(!info.isFragmented, "a finished take is a plain seekable file")
    }
    #expect(take.metadata.outputs["dualview"]?.height == 480)
    #expect(!result.folder.lastPathComponent.hasSuffix(".partial"))
  }

  @Test("a layout change mid-take redraws the dual view from exactly the frame the metadata names")
  func layoutChangeMidTake() throws {
    let folder = try TemporaryFolder()
    let session = try session(settings(folder.url))
    defer { session.shutdown() }
    try session.startRecording(frameLimit: 75)
    while session.snapshot().recordedFrames < 20 { Thread.sleep(forTimeInterval: 0.01) }
    var swapped = LayoutSettings()
    swapped.order = .backOnTop
    try session.updateLayout(swapped)
    var portrait = swapped
    portrait.canvas = .portrait
    #expect(throws: DualCamError.self, "a running take keeps its canvas size") {
      try session.updateLayout(portrait)
    }
    let deadline = Date().addingTimeInterval(60)
    while !session.snapshot().takeEnded {
      try #require(Date() < deadline, "the take did not end")
      Thread.sleep(forTimeInterval: 0.02)
    }
    let result = try session.stopRecording()
    let take = try TakeInspector(folder: result.folder)
    #expect(take.metadata.settings.layout.order == .frontOnTop, "settings keep the starting layout")
    let change = try #require(take.metadata.layoutChanges?.first)
    #expect(take.metadata.layoutChanges?.count == 1)
    #expect(change.layout.order == .backOnTop)
    #expect(change.atFrame >= 20 && change.atFrame < 75)

    let front = try take.decodeCamera("front")
    let back = try take.decodeCamera("back")
    let before = try take.decodeDualView(
      layout: StackLayout(settings: LayoutSettings(), frontSize: size, backSize: size))
    let after = try take.decodeDualView(
      layout: StackLayout(settings: swapped, frontSize: size, backSize: size))
    for k in 0..<75 {
      let dual = k < Int(change.atFrame) ? before : after
      #expect(dual.frontStamps[k] == front.stamps[k], "frame \(k), front region")
      #expect(dual.backStamps[k] == back.stamps[k], "frame \(k), back region")
    }
  }

  @Test("a pause removes exactly the paused span from all three files")
  func pauseRemovesSpan() throws {
    let folder = try TemporaryFolder()
    let session = try session(settings(folder.url))
    defer { session.shutdown() }
    try session.startRecording()
    Thread.sleep(forTimeInterval: 0.8)
    let clock = SystemMonotonicClock()
    let beforePause = clock.now()
    session.pause()
    Thread.sleep(forTimeInterval: 0.7)
    session.resume()
    let afterResume = clock.now()
    Thread.sleep(forTimeInterval: 0.8)
    let result = try session.stopRecording()
    let take = try TakeInspector(folder: result.folder)
    let metadata = take.metadata

    let pause = try #require(metadata.pauses.first)
    #expect(metadata.pauses.count == 1)
    let origin = metadata.sync.clockOriginNanoseconds
    let pausedFrom = origin + Int64(pause.startSeconds * 1e9)
    let pausedTo = origin + Int64(try #require(pause.endSeconds) * 1e9)
    for name in ["front", "back"] {
      let file = try take.decodeCamera(name)
      #expect(Int64(file.times.count) == metadata.sync.frames)
      for (k, stamp) in file.stamps.enumerated() {
        let captured = Int64(try #require(stamp).captureMicroseconds) * 1000
        #expect(
          captured < pausedFrom || captured >= pausedTo - 1000,
          "\(name) frame \(k) was captured while paused")
      }
      // Timestamps run on without a gap: every frame lasts exactly one frame period.
      for k in 1..<file.times.count {
        #expect(abs(file.times[k] - file.times[k - 1] - 1.0 / 30) < 1e-6)
      }
    }
    let recorded = metadata.sync.wallSeconds - metadata.sync.pausedSeconds
    #expect(abs(metadata.sync.durationSeconds - recorded) <= 1.0 / 30 + 1e-6)
    // The pause lasted from the pause call to the resume call, however long the sleep really was.
    #expect(metadata.sync.pausedSeconds >= 0.7)
    #expect(metadata.sync.pausedSeconds <= Double(afterResume - beforePause) / 1e9)
    #expect(pause.atFrame > 0 && pause.atFrame < metadata.sync.frames)
  }

  @Test("rate mismatch and lost frames are counted, and the files show exactly those counts")
  func faultsAreCounted() throws {
    let folder = try TemporaryFolder()
    let session = try session(
      settings(folder.url), front: "synthetic:drop-every=7", back: "synthetic:fps=25,phase=9ms")
    defer { session.shutdown() }
    let result = try recordFrames(session, 60)
    let take = try TakeInspector(folder: result.folder)
    let sync = take.metadata.sync
    let front = try take.decodeCamera("front")
    let back = try take.decodeCamera("back")

    // 25 fps against a 30 fps clock: one slot in six repeats the back camera's previous frame.
    // In real time a busy machine can deliver a frame too late for its slot and add a repeat;
    // the exact counts and the skew bound are checked on the manual clock
    // (`ManualClockTakeTests`). Here everything must still add up.
    #expect(sync.back.duplicates >= 8)
    #expect(sync.back.droppedUnused == 0)
    let frames = min(Int(sync.framesInEachFile), front.stamps.count, back.stamps.count)
    let backRepeats = (1..<max(frames, 1)).filter { back.stamps[$0] == back.stamps[$0 - 1] }.count
    #expect(Int64(backRepeats) == sync.backRepeatsWritten)
    #expect(Int64(backRepeats) >= Int64(sync.back.duplicates) - sync.repeatedForEncoderLag)

    // Every 7th front frame never existed: it is counted as lost and never appears.
    let frontNumbers = front.stamps.compactMap { $0?.frameNumber }
    #expect(frontNumbers.count == Int(sync.framesInEachFile))
    #expect(!frontNumbers.contains { $0 > 0 && $0 % 7 == 0 })
    #expect(sync.front.droppedBySource >= 7)
    // The skew the metadata reports is that of the pairs decided; the files hold those pairs
    // (and, under encoder lag, repeats of them).
    let skews = (0..<frames).map { k in
      abs(
        Double(front.stamps[k]!.captureMicroseconds) - Double(back.stamps[k]!.captureMicroseconds))
        / 1000
    }
    #expect(skews.max()! <= sync.skewMaxMilliseconds + 0.01)
    if sync.repeatedForEncoderLag == 0 {
      #expect(abs(sync.skewMaxMilliseconds - skews.max()!) < 0.01)
      #expect(abs(sync.skewMeanMilliseconds - skews.reduce(0, +) / Double(frames)) < 0.01)
    }
    #expect(sync.skewMeanMilliseconds > 0)
  }
}
