import Audio
import Capture
import DualCamCore
import Foundation
import Media
import Session
import TestSupport
import Testing

/// Takes with two sound inputs on a `ManualClock`: two synthetic tones clicking on different
/// camera frames, recorded as two tracks or mixed into one, every file decoded.
@Suite("Takes with two sound inputs", .serialized)
struct TwoInputTakeTests {
  static let size = ImageSize(width: 320, height: 240)
  static let rate = FrameRate(numerator: 30)
  /// Two cameras and the scheduler, and the two sound sources.
  static let previewThreads = 5
  /// During a take also one per output file and the checkpoint writer.
  static let takeThreads = 9

  /// Records `frames` frames with input 1 clicking every 10th camera frame and input 2 every
  /// 15th, arranged as `arrangement`.
  func record(
    _ arrangement: AudioArrangement, frames: Int64
  ) throws -> (TakeInspector, TemporaryFolder) {
    let folder = try TemporaryFolder()
    let clock = ManualClock()
    var settings = RecordingSettings()
    settings.size = Self.size
    settings.frameRate = Self.rate
    settings.outputDirectory = folder.url.path
    var audio = AudioSettings(input: .synthetic)
    audio.input2 = .synthetic
    audio.arrangement = arrangement
    settings.audio = audio
    func tone(hertz: Double, every: Int) -> SyntheticAudioSource {
      var options = SyntheticAudioOptions()
      options.clickOrigin = clock.now()
      options.clickEveryFrames = every
      options.toneHertz = hertz
      options.videoRate = Self.rate
      return SyntheticAudioSource(options: options)
    }
    let session = SessionController(
      settings: settings,
      front: SyntheticCamera(position: .front, size: Self.size, rate: Self.rate),
      back: SyntheticCamera(position: .back, size: Self.size, rate: Self.rate), clock: clock,
      audio: tone(hertz: 440, every: 10), audio2: tone(hertz: 1_000, every: 15))
    var driver = ClockDriver(clock: clock, threads: Self.previewThreads)
    try session.startPreview()
    try driver.settle()
    try session.startRecording(frameLimit: frames)
    driver.threads = Self.takeThreads
    try driver.run(until: { session.snapshot().takeEnded }, within: 60_000_000_000)
    let result = try session.stopRecording()
    driver.threads = Self.previewThreads
    let done = ClockInterrupt()
    let ticker = WorkerThread(name: "ticker") {
      while !done.isFired {
        clock.advance(by: 10_000_000)
        usleep(1000)
      }
    }
    session.shutdown()
    done.fire()
    ticker.join()
    return (try TakeInspector(folder: result.folder), folder)
  }

  /// How far each click in `sound` is from the nearest click of an input clicking every
  /// `every` frames (any of them), in ms.
  func offsets(
    _ take: TakeInspector, _ sound: AudioTrackDecoder.Decoded, every: [Int64],
    threshold: Float = 0.45
  ) throws -> [Double] {
    return try TakeInspector.clickOnsets(in: sound, threshold: threshold).map { onset in
      let captured = try #require(take.captureTime(ofSoundAt: onset))
      return every.map { frames in
        let period = Double(Self.rate.time(ofFrame: frames))
        let truth = ((captured - clickOrigin) / period).rounded() * period + clickOrigin
        return abs(captured - truth) / 1e6
      }.min()!
    }
  }

  /// The clock's start: the cameras' frame 0 and the clicks' origin (ManualClock's default).
  let clickOrigin = Double(ManualClock().now().nanoseconds)

  @Test("tracks: each input its own sound stream in all three files, each on the pictures")
  func twoTracks() throws {
    let (take, folder) = try record(.tracks, frames: 60)
    defer { withExtendedLifetime(folder) {} }
    let first = try #require(take.metadata.audio)
    let second = try #require(take.metadata.audio2)
    #expect(first.track == 1 && second.track == 2)
    #expect(first.arrangement == "tracks" && second.arrangement == "tracks")
    #expect(second.input == "synthetic" && second.kind == "synthetic")
    #expect(first.framesWritten == 60 * 1_600 && second.framesWritten == 60 * 1_600)
    var secondStreams: [Data] = []
    for name in ["dualview", "front", "back"] {
      let streams = try StreamSummary.streams(of: take.url(of: name))
      #expect(streams.map(\.kind) == [.video, .audio, .audio], "\(name)")
      secondStreams.append(streams.last?.audioBytes ?? Data())
      for (track, every) in [(1, Int64(10)), (2, Int64(15))] {
        let sound = try take.decodeAudio(name, track: track)
        let found = try offsets(take, sound, every: [every])
        // Two seconds: clicks on frames 10…50 (track 1) and 15, 30, 45 (track 2).
        #expect(found.count >= (track == 1 ? 5 : 3), "\(name) track \(track): \(found)")
        let mean = found.reduce(0, +) / Double(max(found.count, 1))
        #expect(mean < 2 && (found.max() ?? 0) < 1_000 / 30, "\(name) track \(track): \(found)")
      }
    }
    // Encoded once: the second track is the same in all three files, and not the first.
    #expect(secondStreams[0] == secondStreams[1] && secondStreams[1] == secondStreams[2])
    #expect(!secondStreams[0].isEmpty)
  }

  @Test("mix: both inputs in one sound stream, with headroom, each click on its picture")
  func mixed() throws {
    let (take, folder) = try record(.mix, frames: 60)
    defer { withExtendedLifetime(folder) {} }
    let first = try #require(take.metadata.audio)
    let second = try #require(take.metadata.audio2)
    #expect(first.track == 1 && second.track == 1)
    #expect(first.arrangement == "mix" && second.arrangement == "mix")
    #expect(first.framesWritten == 60 * 1_600 && second.framesWritten == 60 * 1_600)
    for name in ["dualview", "front", "back"] {
      let streams = try StreamSummary.streams(of: take.url(of: name))
      #expect(streams.map(\.kind) == [.video, .audio], "\(name)")
      let sound = try take.decodeAudio(name)
      // Each input at −6 dB: where both click at once (every 30th frame: 0.9 + 0.9) the sum
      // reaches 0.9 of full scale, not 1.8 clipped or wrapped around.
      let peak = sound.samples.map(abs).max() ?? 0
      #expect(peak > 0.7 && peak < 1, "\(name): peak \(peak)")
      let found = try offsets(take, sound, every: [10, 15], threshold: 0.3)
      // Clicks on frames 10, 15, 20, 30, 40, 45, 50: input 2's alone on 15 and 45.
      #expect(found.count >= 6, "\(name): \(found)")
      let mean = found.reduce(0, +) / Double(max(found.count, 1))
      #expect(mean < 2 && (found.max() ?? 0) < 1_000 / 30, "\(name): \(found)")
      let onlySecond = TakeInspector.clickOnsets(in: sound, threshold: 0.3).filter { onset in
        let captured = take.captureTime(ofSoundAt: onset) ?? 0
        let frame = ((captured - clickOrigin) / Double(Self.rate.periodNanoseconds)).rounded()
        return frame.truncatingRemainder(dividingBy: 15) == 0
          && frame.truncatingRemainder(dividingBy: 10) != 0
      }
      #expect(!onlySecond.isEmpty, "\(name): input 2's clicks are in the mix")
    }
  }
}
