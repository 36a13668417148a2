import Budget
import Capture
import DualCamCore
import Foundation
import Session
import Synchronization
import TestSupport
import Testing

@testable import TerminalUI

/// The session executor on synthetic cameras: every command's result comes back as events.
@Suite(.serialized) struct SessionExecutorTests {
  /// Opens synthetic sources; "broken" fails as a missing camera would.
  static let opener: SourceOpener = { front, back, settings throws(DualCamError) in
    if front == "broken" {
      throw .sourceUnavailable("no camera at broken", fix: "plug it in")
    }
    let frontText = front ?? "synthetic"
    let backText = back ?? "synthetic"
    return OpenedSources(
      front: try SourceSpec(parsing: frontText).makeSource(
        position: .front, size: settings.size, rate: settings.frameRate),
      back: try SourceSpec(parsing: backText).makeSource(
        position: .back, size: settings.size, rate: settings.frameRate),
      frontSpec: frontText, backSpec: backText, notes: [])
  }

  /// Presses record; while the budget's background calibration (started by opening) still
  /// runs, record says that the take waits for it, the stages are told as they begin, and the
  /// take starts once it ends: the events that start it.
  static func recordOnceCalibrated(_ executor: SessionExecutor) -> [AppEvent] {
    var events = executor.startRecording()
    guard executor.isCalibrating else { return events }
    if case .recordingWaitsForCalibration = events.first, events.count == 1 {
    } else {
      Issue.record("record during the calibration waits for it: \(events)")
    }
    var told: [AppEvent] = []
    let deadline = Date().addingTimeInterval(120)
    while Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
      told += executor.collectCalibration()
      if told.contains(where: Self.isCalibrationEnd) { break }
    }
    #expect(!executor.isCalibrating)
    let ended = told.firstIndex(where: Self.isCalibrationEnd) ?? told.endIndex
    for event in told[..<ended] {
      guard case .calibrationStage(let number, let count) = event, 1...count ~= number else {
        Issue.record("only stages are told before the end: \(event)")
        continue
      }
    }
    events = Array(told.dropFirst(ended + 1))
    return events
  }

  static func isCalibrationEnd(_ event: AppEvent) -> Bool {
    if case .calibrationEnded = event { true } else { false }
  }

  static func settings(folder: URL) -> RecordingSettings {
    var settings = RecordingSettings()
    settings.size = ImageSize(width: 320, height: 240)
    settings.outputDirectory = folder.path
    // Not the machine's default input: the tests must not depend on whether it has one.
    settings.audio = AudioSettings(input: .none)
    return settings
  }

  @Test func opensRecordsPausesAndFinishesATake() throws {
    let folder = try TemporaryFolder()
    let executor = SessionExecutor(openSources: Self.opener)
    defer { executor.shutdown(takeRunning: false) }
    let settings = Self.settings(folder: folder.url)
    let opened = executor.open(front: "synthetic", back: "synthetic", settings: settings)
    guard case .sessionOpened(let sources, let used) = opened.first else {
      Issue.record("expected the session to open: \(opened)")
      return
    }
    #expect(sources.frontSpec == "synthetic" && used == settings)
    var copying = settings
    copying.cameraCodec = .copy
    #expect(executor.environment.checkSettings(copying) != nil, "synthetic sources cannot copy")

    guard case .recordingStarted(let take) = Self.recordOnceCalibrated(executor).first else {
      Issue.record("the take did not start")
      return
    }
    #expect(FileManager.default.fileExists(atPath: take.path))
    Thread.sleep(forTimeInterval: 0.5)
    guard case .pauseToggled(true) = executor.togglePause().first else {
      Issue.record("pausing says so")
      return
    }
    guard case .pauseToggled(false) = executor.togglePause().first else {
      Issue.record("resuming says so")
      return
    }
    var zoomed = settings.layout
    zoomed.frontZoom = LayoutSettings.Zoom(factor: 2)
    #expect(executor.zoom(.front, to: 2, hardware: false, layout: zoomed).isEmpty)
    #expect(executor.session?.settings.layout.frontZoom.factor == 2)

    executor.startStop()
    #expect(executor.isFinishing)
    let snapshot = executor.snapshot(previous: executor.session?.snapshot())
    #expect(snapshot?.state == .finalizing)
    guard case .takeFinished(let review) = executor.waitForStop() else {
      Issue.record("the take was not finished")
      return
    }
    #expect(review.frames > 0 && review.pauses == 1 && review.files.count == 3)
    #expect(!executor.isFinishing)
  }

  @Test func aTakeWaitingForTheCalibrationCanBeCancelled() throws {
    let folder = try TemporaryFolder()
    let cache = try TemporaryFolder()
    // A calibration of a few tenths of a second a stage, as on a slow machine.
    let calibrator = OverBudgetTests.standInCalibrator(in: cache.url) { _, _ in
      Thread.sleep(forTimeInterval: 0.3)
      return 0.0001
    }
    let executor = SessionExecutor(openSources: Self.opener, calibrator: calibrator)
    defer { executor.shutdown(takeRunning: false) }
    _ = executor.open(
      front: "synthetic", back: "synthetic", settings: Self.settings(folder: folder.url))
    #expect(executor.isCalibrating)
    guard case .recordingWaitsForCalibration = executor.startRecording().first else {
      Issue.record("record waits for the calibration")
      return
    }
    var told: [AppEvent] = []
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline,
      !told.contains(where: { if case .calibrationStage = $0 { true } else { false } })
    {
      Thread.sleep(forTimeInterval: 0.02)
      told += executor.collectCalibration()
    }
    guard case .calibrationStage(let number, let count) = told.last else {
      Issue.record("each stage is told as it begins: \(told)")
      return
    }
    #expect(number >= 1 && count >= number)
    guard case .notice(let text) = executor.cancelRecordingWhenCalibrated().first else {
      Issue.record("cancelling says so")
      return
    }
    #expect(text.hasPrefix("Not recording"))
    told = []
    while Date() < deadline, !told.contains(where: Self.isCalibrationEnd) {
      Thread.sleep(forTimeInterval: 0.05)
      told += executor.collectCalibration()
    }
    #expect(!told.contains { if case .recordingStarted = $0 { true } else { false } })
    #expect(executor.session?.state == .previewing, "no take started")
    #expect(folder.entries.isEmpty)
  }

  @Test func aTakeThatFitsStartsWithoutWaitingForTheAlternativesAndTheyAreMeasuredAfter() throws {
    let folder = try TemporaryFolder()
    let cache = try TemporaryFolder()
    // The take's own works (preset medium) are measured at once; each other preset, which only
    // the menus and a take over budget need, takes 0.4 s.
    let alternativesBegun = Mutex(0)
    let calibrator = OverBudgetTests.standInCalibrator(in: cache.url) { work, _ in
      if work.kind == .encode && work.preset != "medium" {
        alternativesBegun.withLock { $0 += 1 }
        Thread.sleep(forTimeInterval: 0.4)
      }
      return 0.0001
    }
    let executor = SessionExecutor(openSources: Self.opener, calibrator: calibrator)
    defer { executor.shutdown(takeRunning: false) }
    var settings = Self.settings(folder: folder.url)
    settings.preset = "medium"
    _ = executor.open(front: "synthetic", back: "synthetic", settings: settings)
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline, alternativesBegun.withLock({ $0 }) == 0 {
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(executor.isCalibrating, "the alternatives are being measured")
    guard case .recordingWaitsForCalibration = executor.startRecording().first else {
      Issue.record("record waits for the stage under way")
      return
    }
    var told: [AppEvent] = []
    while Date() < deadline,
      !told.contains(where: { if case .recordingStarted = $0 { true } else { false } })
    {
      Thread.sleep(forTimeInterval: 0.02)
      told += executor.collectCalibration()
    }
    // The calibration stopped after the stage it was in: far from all five faster presets.
    #expect(alternativesBegun.withLock { $0 } < 3, "\(told)")
    #expect(told.contains { if case .recordingStarted = $0 { true } else { false } })
    executor.startStop()
    var finished: AppEvent?
    while Date() < deadline, finished == nil {
      Thread.sleep(forTimeInterval: 0.02)
      finished = executor.collectFinishedStop()
    }
    // Once the take is over, the rest is measured in the background.
    #expect(executor.isCalibrating)
    while Date() < deadline, executor.isCalibrating {
      Thread.sleep(forTimeInterval: 0.05)
      _ = executor.collectCalibration()
    }
    #expect(alternativesBegun.withLock { $0 } >= 5, "every faster preset measured in the end")
  }

  @Test func theReviewSaysPerCameraWhatTheMetadataSays() throws {
    let folder = try TemporaryFolder()
    let executor = SessionExecutor(openSources: Self.opener)
    defer { executor.shutdown(takeRunning: false) }
    // The back camera is half as fast as the output: about half its file repeats.
    _ = executor.open(
      front: "synthetic", back: "synthetic:fps=15", settings: Self.settings(folder: folder.url))
    guard case .recordingStarted = Self.recordOnceCalibrated(executor).first else {
      Issue.record("the take did not start")
      return
    }
    Thread.sleep(forTimeInterval: 1)
    executor.startStop()
    guard case .takeFinished(let review) = executor.waitForStop() else {
      Issue.record("the take was not finished")
      return
    }
    let sync = try TakeInspector(folder: review.folder).metadata.sync
    #expect(review.frames == sync.frames)
    #expect(
      review.front
        == .init(dropped: sync.front.droppedTotal, repeatsInFile: sync.frontRepeatsWritten))
    #expect(
      review.back == .init(dropped: sync.back.droppedTotal, repeatsInFile: sync.backRepeatsWritten))
    #expect(review.encoderLagRepeats == sync.repeatedForEncoderLag)
    #expect(review.back.repeatsInFile >= review.frames / 3, "the slow camera's repeats: \(review)")
  }

  @Test func theSessionRecordsTheSoundTheSettingsAskForAndSaysWhich() throws {
    let folder = try TemporaryFolder()
    let executor = SessionExecutor(openSources: Self.opener)
    defer { executor.shutdown(takeRunning: false) }
    var settings = Self.settings(folder: folder.url)
    settings.audio = AudioSettings(input: .synthetic)
    settings.audio?.muted = true
    let events = executor.open(front: "synthetic", back: "synthetic", settings: settings)
    let notices = events.compactMap { event in
      if case .notice(let text) = event { return text }
      return nil
    }
    #expect(notices.contains { $0.hasPrefix("Sound: synthetic tone") && $0.contains("MUTED") })
    let session = try #require(executor.session)
    #expect(session.audioSource?.info.kind == "synthetic")
    #expect(session.isMuted, "the settings' mute holds from the start")
    // The meter reads from the preview on, before any take.
    var input = session.snapshot().soundInput
    for _ in 0..<50 where (input?.levels.first?.peakDecibels ?? -96) < -40 {
      Thread.sleep(forTimeInterval: 0.05)
      input = session.snapshot().soundInput
    }
    #expect((input?.levels.first?.peakDecibels ?? -96) > -40)
  }

  @Test func aSoundInputThatCannotOpenAtStartLeavesTheCamerasRunning() throws {
    let folder = try TemporaryFolder()
    let executor = SessionExecutor(openSources: Self.opener)
    defer { executor.shutdown(takeRunning: false) }
    var settings = Self.settings(folder: folder.url)
    settings.audio = AudioSettings(input: .device("hw:CARD=NoSuchCard,DEV=0"))
    let events = executor.open(front: "synthetic", back: "synthetic", settings: settings)
    #expect(events.contains { if case .sessionOpened = $0 { true } else { false } })
    #expect(!events.contains { if case .failed = $0 { true } else { false } })
    #expect(
      events.contains {
        if case .notice(let text) = $0 { text.hasPrefix("No sound") } else { false }
      }
    )
    #expect(executor.session?.snapshot().soundInput == nil)
    // Chosen in the sound menu instead, the same input is refused and the session kept.
    let outcome = executor.reopen(
      front: "synthetic", back: "synthetic", settings: settings,
      previous: (
        AppState.Sources(
          front: executor.session!.front.info, back: executor.session!.back.info,
          frontSpec: "synthetic", backSpec: "synthetic"), Self.settings(folder: folder.url)
      ))
    #expect(!outcome.opened)
    guard case .sessionFailed(let report, _) = outcome.events.first else {
      Issue.record("a sound input the user chose must open: \(outcome.events)")
      return
    }
    #expect(report.title == "Not changed")
  }

  @Test func brokenSourcesFallBackToSyntheticOnes() throws {
    let folder = try TemporaryFolder()
    let executor = SessionExecutor(openSources: Self.opener)
    defer { executor.shutdown(takeRunning: false) }
    let events = executor.open(
      front: "broken", back: nil, settings: Self.settings(folder: folder.url))
    let opened = events.compactMap { event in
      if case .sessionOpened(let sources, _) = event { return sources }
      return nil
    }
    guard case .failed(let report) = events.first, let sources = opened.last else {
      Issue.record("expected a failure, then synthetic sources: \(events)")
      return
    }
    #expect(report.title == "Cameras could not be opened")
    #expect(report.fix?.hasPrefix("plug it in; synthetic test sources") == true)
    #expect(sources.frontSpec == "synthetic")
  }

  @Test func aFailedReopenKeepsThePreviousSourcesAndSettings() throws {
    let folder = try TemporaryFolder()
    let executor = SessionExecutor(openSources: Self.opener)
    defer { executor.shutdown(takeRunning: false) }
    let settings = Self.settings(folder: folder.url)
    guard
      case .sessionOpened(let sources, _) = executor.open(
        front: "synthetic", back: "synthetic", settings: settings
      ).first
    else {
      Issue.record("the first session did not open")
      return
    }
    var wanted = settings
    wanted.frameRate = FrameRate(numerator: 15)
    let outcome = executor.reopen(
      front: "broken", back: "synthetic", settings: wanted, previous: (sources, settings))
    #expect(!outcome.opened)
    let reopenedSettings = outcome.events.compactMap { event in
      if case .sessionOpened(_, let settings) = event { return settings }
      return nil
    }
    guard case .sessionFailed(let report, let restored) = outcome.events.first,
      let reopened = reopenedSettings.last
    else {
      Issue.record("expected the failure, then the previous session: \(outcome.events)")
      return
    }
    #expect(report.title == "Not changed" && restored == settings && reopened == settings)
    #expect(executor.session != nil)
  }

  @Test func withoutASessionNothingRecords() {
    let executor = SessionExecutor(openSources: Self.opener)
    guard case .failed(let report) = executor.startRecording().first else {
      Issue.record("recording without cameras must fail with a reason")
      return
    }
    #expect(report.title == "Cannot record")
    #expect(executor.zoom(.back, to: 2, hardware: true, layout: LayoutSettings()).isEmpty)
  }
}
