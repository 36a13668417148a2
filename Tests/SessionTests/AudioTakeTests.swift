import Audio
import Capture
import DualCamCore
import Foundation
import Media
import Session
import TestSupport
import Testing

/// Takes with sound through the real pipeline: synthetic cameras, a synthetic tone with clicks
/// at known capture times, the scheduler, the audio timeline, libavcodec's AAC, the MOV muxer.
/// Every file is decoded and each click is found where its capture time puts it on the
/// pictures' timeline.
@Suite("Takes with sound", .serialized)
struct AudioTakeTests {
  let size = ImageSize(width: 320, height: 240)
  let rate = FrameRate(numerator: 30)

  func session(_ folder: URL, clickOrigin: MonotonicTime, container: ContainerFormat = .mov)
    -> SessionController
  {
    var settings = RecordingSettings()
    settings.size = size
    settings.container = container
    settings.outputDirectory = folder.path
    settings.audio = AudioSettings(input: .synthetic)
    var options = SyntheticAudioOptions()
    options.clickOrigin = clickOrigin
    options.clickEveryFrames = 10
    options.videoRate = rate
    return SessionController(
      settings: settings, front: SyntheticCamera(position: .front, size: size, rate: rate),
      back: SyntheticCamera(position: .back, size: size, rate: rate),
      audio: SyntheticAudioSource(options: options))
  }

  @Test(
    "every click is heard where the pictures put its capture time, after two pauses",
    arguments: [ContainerFormat.mov, .mkv])
  func clicksLineUpAfterPauses(container: ContainerFormat) throws {
    let folder = try TemporaryFolder()
    let clickOrigin = SystemMonotonicClock().now() + 100_000_000
    let session = session(folder.url, clickOrigin: clickOrigin, container: container)
    defer { session.shutdown() }
    try session.startRecording()
    for (record, pause) in [(1.2, 0.45), (1.1, 0.6), (1.2, 0.0)] {
      Thread.sleep(forTimeInterval: record)
      if pause > 0 {
        session.pause()
        Thread.sleep(forTimeInterval: pause)
        session.resume()
      }
    }
    let result = try session.stopRecording()
    let take = try TakeInspector(folder: result.folder)
    let audio = try #require(take.metadata.audio)
    #expect(audio.segments.count == 3)
    #expect(audio.cuts == 2)
    #expect(audio.codec == (container == .mkv ? "opus" : "aac"))
    let frames = take.metadata.sync.frames
    let videoSeconds = Double(frames) / rate.framesPerSecond
    // The sound lasts the pictures: ⌊frames·rate/fps⌋ frames written.
    #expect(audio.framesWritten == frames * 48_000 / 30)

    for name in ["dualview", "front", "back"] {
      let sound = try take.decodeAudio(name)
      #expect(sound.sampleRate == 48_000 && sound.channels == 2)
      // The sound starts with the pictures, or before them by the codec's delay (MOV keeps
      // AAC's 1024 priming frames by starting the pictures that much later).
      let videoStart = try #require(sound.videoStartTime)
      let lead = videoStart - sound.startTime
      #expect(lead > -0.001 && lead < 1_024.0 / 48_000 + 0.001, "\(name): lead \(lead) s")
      // And ends with them, within one codec frame (the last is padded).
      let soundEnd = sound.startTime + sound.duration
      let videoEnd = videoStart + videoSeconds
      #expect(abs(soundEnd - videoEnd) <= 1_024.0 / 48_000 + 0.001, "\(name)")
      let onsets = TakeInspector.clickOnsets(in: sound)
      #expect(onsets.count >= 8, "\(name): \(onsets.count) clicks")
      var offsets: [Double] = []
      for onset in onsets {
        let captured = try #require(take.captureTime(ofSoundAt: onset))
        // The click this is: the nearest click start (clicks are a third of a second apart).
        let period = Double(rate.time(ofFrame: 10))
        let number = ((captured - Double(clickOrigin.nanoseconds)) / period).rounded()
        let truth = Double(clickOrigin.nanoseconds) + number * period
        offsets.append(abs(captured - truth) / 1e6)
      }
      let mean = offsets.reduce(0, +) / Double(max(offsets.count, 1))
      let worst = offsets.max() ?? 0
      #expect(mean < 2, "\(name): mean offset \(mean) ms")
      #expect(worst < 1_000 / 30, "\(name): worst offset \(worst) ms")
    }
  }

  @Test("muted sound is written as silence, counted in metadata.json, and the input still metered")
  func mutedSoundIsSilenceAndCounted() throws {
    let folder = try TemporaryFolder()
    let session = session(folder.url, clickOrigin: SystemMonotonicClock().now())
    defer { session.shutdown() }
    try session.startRecording()
    Thread.sleep(forTimeInterval: 1.0)
    session.setMuted(true)
    Thread.sleep(forTimeInterval: 1.2)
    // The meter goes on reading the tone while muted: the user sees the input is live.
    let input = try #require(session.snapshot().soundInput)
    #expect(input.muted)
    #expect(input.levels.count == 2 && input.levels[0].peakDecibels > -40)
    session.setMuted(false)
    #expect(!session.isMuted)
    Thread.sleep(forTimeInterval: 0.8)
    let result = try session.stopRecording()
    let take = try TakeInspector(folder: result.folder)
    let audio = try #require(take.metadata.audio)
    let muted = try #require(audio.mutedFrames)
    // About 1.2 s at 48 kHz; the scheduler encodes in blocks as the sound becomes ready.
    #expect(muted > 40_000 && muted < 80_000, "muted frames \(muted)")
    #expect(muted < audio.framesWritten)
    let json = try String(
      contentsOf: result.folder.appendingPathComponent("metadata.json"), encoding: .utf8)
    #expect(json.contains("\"muted_frames\" : \(muted)"))
    for name in ["dualview", "front", "back"] {
      let sound = try take.decodeAudio(name)
      // The longest run of exact (near) silence in channel 0 is about the muted stretch.
      var longest = 0
      var run = 0
      for frame in 0..<sound.frameCount {
        run = abs(sound.samples[frame * sound.channels]) < 1e-4 ? run + 1 : 0
        longest = max(longest, run)
      }
      #expect(Double(longest) > Double(muted) * 0.8, "\(name): silent run \(longest)")
    }
  }

  @Test(
    "a killed take keeps its sound as far as its pictures", arguments: [ContainerFormat.mov, .mkv])
  func killedTakeKeepsSound(container: ContainerFormat) throws {
    let folder = try TemporaryFolder()
    let session = session(
      folder.url, clickOrigin: SystemMonotonicClock().now(), container: container)
    defer { session.shutdown() }
    let partial = try session.startRecording()
    Thread.sleep(forTimeInterval: 3.5)
    // What a kill would leave now: the files as they are on disk mid-take.
    let file = try #require(
      try FileManager.default.contentsOfDirectory(atPath: partial.path).first {
        $0.hasPrefix("front")
      })
    let killed = folder.url.appendingPathComponent("killed-\(file)")
    try FileManager.default.copyItem(at: partial.appendingPathComponent(file), to: killed)
    _ = try session.stopRecording()
    if container == .mov { try FileFinalizer.makeSeekable(killed) }
    let streams = try StreamSummary.streams(of: killed)
    #expect(streams.map(\.kind) == [.video, .audio])
    let video = try #require(streams.first { $0.kind == .video })
    let sound = try AudioTrackDecoder.decode(killed)
    // At least two of the three and a half seconds were complete fragments, with their sound.
    #expect(video.duration >= 2, "video \(video.duration) s")
    #expect(sound.duration >= video.duration - 0.5, "sound \(sound.duration) s")
  }

  @Test func theLevelMeterIsLiveDuringThePreview() throws {
    let folder = try TemporaryFolder()
    let session = session(folder.url, clickOrigin: SystemMonotonicClock().now())
    defer { session.shutdown() }
    #expect(session.audioLevels().isEmpty)
    try session.startPreview()
    Thread.sleep(forTimeInterval: 0.6)
    let levels = session.audioLevels()
    #expect(levels.count == 2)
    // The tone is at -20 dBFS (RMS -23) and a click (0.9 of full scale, -0.9 dBFS) comes every
    // third of a second; the peak falls 20 dB/s after each.
    #expect(
      levels.allSatisfy { $0.peakDecibels > -8 && $0.rmsDecibels > -30 && $0.rmsDecibels < -15 },
      "\(levels)")
    #expect(levels.allSatisfy { !$0.clipping })
  }

  @Test func aTakeWithoutSoundHasNoSoundStream() throws {
    let folder = try TemporaryFolder()
    var settings = RecordingSettings()
    settings.size = size
    settings.outputDirectory = folder.url.path
    settings.audio = AudioSettings(input: .none)
    let session = SessionController(
      settings: settings, front: SyntheticCamera(position: .front, size: size, rate: rate),
      back: SyntheticCamera(position: .back, size: size, rate: rate))
    defer { session.shutdown() }
    try session.startRecording(frameLimit: 10)
    while !session.snapshot().takeEnded { Thread.sleep(forTimeInterval: 0.02) }
    let result = try session.stopRecording()
    let take = try TakeInspector(folder: result.folder)
    #expect(take.metadata.audio == nil)
    #expect(throws: DualCamError.self) { _ = try take.decodeAudio("front") }
  }

  @Test func aNamedDeviceThatIsMissingStopsBeforeAnyTake() throws {
    let folder = try TemporaryFolder()
    var settings = RecordingSettings()
    settings.size = size
    settings.outputDirectory = folder.url.path
    let session = SessionController(
      settings: settings, front: SyntheticCamera(position: .front, size: size, rate: rate),
      back: SyntheticCamera(position: .back, size: size, rate: rate),
      audio: ALSACaptureSource(device: "hw:9,0", format: AudioFormat()), audioRequired: true)
    defer { session.shutdown() }
    #expect(throws: DualCamError.self) { try session.startPreview() }
    #expect(session.state == .idle)
    #expect(folder.entries.isEmpty)
  }

  @Test func anAutomaticInputThatCannotOpenRecordsWithoutSound() throws {
    let folder = try TemporaryFolder()
    var settings = RecordingSettings()
    settings.size = size
    settings.outputDirectory = folder.url.path
    let session = SessionController(
      settings: settings, front: SyntheticCamera(position: .front, size: size, rate: rate),
      back: SyntheticCamera(position: .back, size: size, rate: rate),
      audio: ALSACaptureSource(device: "hw:9,0", format: AudioFormat()), audioRequired: false)
    defer { session.shutdown() }
    try session.startRecording(frameLimit: 5)
    #expect(session.audioNote?.hasPrefix("no sound:") == true)
    while !session.snapshot().takeEnded { Thread.sleep(forTimeInterval: 0.02) }
    let result = try session.stopRecording()
    #expect(result.metadata.audio == nil)
    #expect(result.metadata.sync.frames == 5)
  }
}
