import DualCamCore
import Foundation
import Playback
import Testing

/// The engine against a real recorded take: every picture is checked against what sequential
/// decoding says that frame is (its stamp, its checksum).
@Suite("The playback engine lands on exact frames", .serialized)
struct PlaybackEngineTests {
  func open(
    _ recorded: RecordedTake, view: PlaybackView = .front, clock: ManualClock = ManualClock()
  )
    throws -> PlaybackEngine
  {
    try PlaybackEngine(take: PlaybackTake(folder: recorded.folder), clock: clock, view: view)
  }

  func expectFrame(
    _ shown: EngineProbe.Shown?, _ frame: Int64, _ recorded: RecordedTake,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let shown else {
      Issue.record("no picture for frame \(frame)", sourceLocation: sourceLocation)
      return
    }
    #expect(shown.frame == frame, sourceLocation: sourceLocation)
    let index = Int(frame)
    switch shown.view {
    case .front:
      #expect(shown.primaryStamp == recorded.frontStamps[index], sourceLocation: sourceLocation)
      #expect(
        shown.primaryChecksum == recorded.checksums["front"]![index],
        sourceLocation: sourceLocation)
    case .back:
      #expect(shown.primaryStamp == recorded.backStamps[index], sourceLocation: sourceLocation)
      #expect(
        shown.primaryChecksum == recorded.checksums["back"]![index],
        sourceLocation: sourceLocation)
    case .dualview:
      #expect(
        shown.primaryChecksum == recorded.checksums["dualview"]![index],
        sourceLocation: sourceLocation)
    case .sideBySide:
      #expect(shown.primaryStamp == recorded.frontStamps[index], sourceLocation: sourceLocation)
      #expect(shown.secondaryStamp == recorded.backStamps[index], sourceLocation: sourceLocation)
      #expect(
        shown.secondaryChecksum == recorded.checksums["back"]![index],
        sourceLocation: sourceLocation)
    }
  }

  @Test("the take reads as one timeline")
  func takeOpens() throws {
    let recorded = try RecordedTake.get()
    let take = try PlaybackTake(folder: recorded.folder)
    #expect(take.frameCount == RecordedTake.frames)
    #expect(recorded.frameCount == RecordedTake.frames)
    #expect(take.frameRate == FrameRate(numerator: 30))
    #expect(Set(take.files.keys) == Set(PlaybackOutput.allCases))
    #expect(take.files.values.allSatisfy { $0.frameCount == RecordedTake.frames })
    // Distinct stamps: the checks below could not pass by showing a neighbour.
    #expect(Set(recorded.frontStamps.compactMap { $0 }).count > 60)
  }

  @Test("seeking forwards and backwards, across keyframes, shows exactly the frame asked for")
  func seeksAreExact() throws {
    let recorded = try RecordedTake.get()
    let engine = try open(recorded)
    defer { engine.close() }
    var probe = EngineProbe(engine)
    expectFrame(probe.settleAndTake(), 0, recorded)
    for target: Int64 in [47, 1, 29, 30, 31, 74, 12, 60, 59, 3, 45, 44] {
      engine.seek(toFrame: target)
      expectFrame(probe.settleAndTake(), target, recorded)
    }
  }

  @Test(
    "seeks are exact in every codec and container",
    arguments: [(VideoCodec.hevc, ContainerFormat.mp4), (.h264, .mkv), (.mjpeg, .mkv)])
  func seeksInOtherFormats(_ codec: VideoCodec, _ container: ContainerFormat) throws {
    let recorded = try RecordedTake.record(codec: codec, container: container, frames: 70)
    defer { try? FileManager.default.removeItem(at: recorded.folder.deletingLastPathComponent()) }
    #expect(recorded.frameCount == 70)
    for view in [PlaybackView.sideBySide, .dualview] {
      let engine = try open(recorded, view: view)
      defer { engine.close() }
      var probe = EngineProbe(engine)
      expectFrame(probe.settleAndTake(), 0, recorded)
      for target: Int64 in [65, 31, 30, 29, 2, 47] {
        engine.seek(toFrame: target)
        expectFrame(probe.settleAndTake(), target, recorded)
      }
    }
  }

  @Test("±1 s, ±10 s, frame steps, start and end")
  func relativeMoves() throws {
    let recorded = try RecordedTake.get()
    let engine = try open(recorded, view: .back)
    defer { engine.close() }
    var probe = EngineProbe(engine)
    _ = probe.settleAndTake()
    engine.seek(toFrame: 10)
    expectFrame(probe.settleAndTake(), 10, recorded)
    engine.seek(bySeconds: 1)
    expectFrame(probe.settleAndTake(), 40, recorded)
    engine.step(by: 1)
    expectFrame(probe.settleAndTake(), 41, recorded)
    engine.step(by: -1)
    engine.step(by: -1)
    expectFrame(probe.settleAndTake(), 39, recorded)
    engine.seek(bySeconds: -1)
    expectFrame(probe.settleAndTake(), 9, recorded)
    engine.seek(bySeconds: -10)
    expectFrame(probe.settleAndTake(), 0, recorded)
    engine.seek(bySeconds: 10)
    expectFrame(probe.settleAndTake(), 74, recorded)
    engine.seekToStart()
    expectFrame(probe.settleAndTake(), 0, recorded)
    // Keys pressed faster than frames decode each count, whatever the thread is doing.
    for _ in 0..<12 { engine.step(by: 1) }
    expectFrame(probe.settleAndTake(), 12, recorded)
    engine.seekToEnd()
    expectFrame(probe.settleAndTake(), 74, recorded)
  }

  @Test("switching between dual view, front and back keeps the frame number")
  func switchingKeepsTheFrame() throws {
    let recorded = try RecordedTake.get()
    let clock = ManualClock()
    let engine = try open(recorded, view: .dualview, clock: clock)
    defer { engine.close() }
    var probe = EngineProbe(engine)
    _ = probe.settleAndTake()
    engine.seek(toFrame: 37)
    expectFrame(probe.settleAndTake(), 37, recorded)
    for view in [PlaybackView.front, .back, .dualview, .back, .front] {
      engine.setView(view)
      let shown = probe.settleAndTake()
      #expect(shown?.view == view)
      expectFrame(shown, 37, recorded)
    }
    // While playing: the other file takes over at the frame shown, then plays on from there.
    engine.play()
    engine.settle()
    clock.advance(by: 333_333_334)  // 10 frames at 1×
    expectFrame(probe.settleAndTake(), 47, recorded)
    engine.setView(.back)
    let switched = probe.settleAndTake()
    #expect(switched?.view == .back)
    expectFrame(switched, 47, recorded)
    clock.advance(by: 100_000_000)  // 3 frames
    expectFrame(probe.settleAndTake(), 50, recorded)
  }

  @Test("side by side shows front and back at the same frame number, also while playing")
  func sideBySideIsLocked() throws {
    let recorded = try RecordedTake.get()
    let clock = ManualClock()
    let engine = try open(recorded, view: .sideBySide, clock: clock)
    defer { engine.close() }
    var probe = EngineProbe(engine)
    expectFrame(probe.settleAndTake(), 0, recorded)
    for target: Int64 in [33, 5, 70] {
      engine.seek(toFrame: target)
      expectFrame(probe.settleAndTake(), target, recorded)
    }
    engine.seek(toFrame: 20)
    _ = probe.settleAndTake()
    engine.setSpeed(.double)
    engine.play()
    engine.settle()
    for step in 1...10 {
      clock.advance(by: 33_333_334)
      let shown = probe.settleAndTake()
      expectFrame(shown, 20 + 2 * Int64(step), recorded)
      // The two stamps come from one output frame: the synchronizer paired them.
      #expect(shown?.primaryStamp?.sourceID == 0 && shown?.secondaryStamp?.sourceID == 1)
    }
  }

  @Test(
    "each speed shows and drops exactly the frames the clock says",
    arguments: [
      (PlaybackSpeed.quarter, 5, 5, 0), (.half, 10, 10, 0), (.normal, 20, 20, 0),
      (.oneAndHalf, 30, 20, 10), (.double, 40, 20, 20),
    ])
  func speedsKeepTime(_ speed: PlaybackSpeed, _ frame: Int64, _ shown: Int64, _ dropped: Int64)
    throws
  {
    let recorded = try RecordedTake.get()
    let clock = ManualClock()
    let engine = try open(recorded, clock: clock)
    defer { engine.close() }
    var probe = EngineProbe(engine)
    _ = probe.settleAndTake()
    engine.setSpeed(speed)
    engine.play()
    let before = engine.settle()
    let start = clock.now()
    var previous: Int64 = 0
    for period: Int64 in 1...20 {
      clock.advance(to: start + (period * 1_000_000_000 + 29) / 30)
      let status = engine.settle()
      #expect(status.frame == period * speed.quarters / 4, "period \(period)")
      // A picture comes exactly when the frame moved on, and it is that frame.
      let picture = probe.settleAndTake()
      #expect((picture != nil) == (status.frame != previous), "period \(period)")
      if picture != nil { expectFrame(picture, status.frame, recorded) }
      previous = status.frame
    }
    let after = engine.settle()
    #expect(after.frame == frame)
    #expect(after.shownFrames - before.shownFrames == shown)
    #expect(after.droppedFrames - before.droppedFrames == dropped)
    #expect(after.isPlaying)
  }

  @Test("no frame is shown before its moment, none later than it")
  func framesOnTime() throws {
    let recorded = try RecordedTake.get()
    let clock = ManualClock()
    let engine = try open(recorded, clock: clock)
    defer { engine.close() }
    engine.play()
    engine.settle()
    let start = clock.now()
    for frame: Int64 in 1...12 {
      let moment = start + (frame * 1_000_000_000 + 29) / 30
      clock.advance(to: moment - 1)
      #expect(engine.settle().frame == frame - 1)
      clock.advance(to: moment)
      #expect(engine.settle().frame == frame)
    }
    #expect(engine.status.droppedFrames == 0)
  }

  @Test("on the system clock, playing keeps to real time and accounts for every frame")
  func systemClock() throws {
    let recorded = try RecordedTake.get()
    let clock = SystemMonotonicClock()
    let engine = try PlaybackEngine(
      take: PlaybackTake(folder: recorded.folder), clock: clock, view: .sideBySide)
    defer { engine.close() }
    let before = engine.settle()
    let start = clock.now()
    engine.play()
    while clock.now() - start < 1_000_000_000 {
      let frame = engine.status.frame
      // Never ahead of the clock (the elapsed time is read after the frame).
      #expect(frame <= (clock.now() - start) * 30 / 1_000_000_000)
      Thread.sleep(forTimeInterval: 0.01)
    }
    engine.pause()
    let after = engine.settle()
    #expect(after.frame >= 10, "playback moved on")
    // Every frame passed was either shown or skipped and counted.
    #expect(
      (after.shownFrames - before.shownFrames) + (after.droppedFrames - before.droppedFrames)
        == after.frame)
  }

  @Test("playing to the end stops on the last frame; playing again starts over")
  func endOfTake() throws {
    let recorded = try RecordedTake.get()
    let clock = ManualClock()
    let engine = try open(recorded, clock: clock)
    defer { engine.close() }
    var probe = EngineProbe(engine)
    _ = probe.settleAndTake()
    engine.seek(toFrame: 70)
    engine.play()
    engine.settle()
    clock.advance(by: 1_000_000_000)
    let status = engine.settle()
    #expect(status.frame == 74 && !status.isPlaying && status.reachedEnd)
    expectFrame(probe.settleAndTake(), 74, recorded)
    engine.play()
    expectFrame(probe.settleAndTake(), 0, recorded)
    #expect(engine.status.isPlaying)
  }
}
