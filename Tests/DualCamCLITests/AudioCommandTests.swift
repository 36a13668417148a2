import DualCamCore
import Foundation
import Media
import TestSupport
import Testing

/// `dualcam record` with sound: the flags, their refusals, and a take with a sound track.
@Suite("dualcam record with sound", .serialized)
struct AudioCommandTests {
  let small = ["--size", "320x240", "--quiet", "--front", "synthetic", "--back", "synthetic"]

  static let refusals: [(arguments: [String], status: Int32, message: String)] = [
    (["--audio-bitrate", "100k"], 64, "audio bitrate 100k is not offered"),
    (["--audio-rate", "5"], 64, "outside 8000–192000 Hz"),
    (["--audio-channels", "9"], 64, "outside 1–8"),
    (["--audio-codec", "vorbis"], 64, "unknown audio codec 'vorbis'"),
    (["--audio-codec", "opus", "--container", "mov"], 64, "Opus sound is written only in MKV"),
    (["--audio-codec", "pcm", "--container", "mp4"], 64, "MP4 files cannot hold PCM"),
    (["--audio", "synthetic", "--audio-rate", "44100", "--container", "mkv"], 64, "Opus does not"),
    (["--audio", "file"], 64, "neither camera is a file"),
    (["--audio2", "synthetic", "--audio", "none"], 64, "--audio none records no first one"),
    (["--audio", "synthetic", "--audio2", "file"], 64, "--audio2 takes a device or synthetic"),
    (["--audio", "synthetic", "--audio-mix", "stereo"], 64, "unknown --audio-mix 'stereo'"),
    // A device the user named must exist: no take starts without it.
    (["--audio", "hw:9,0"], 66, "no sound capture device 'hw:9,0'"),
  ]

  @Test("a bad sound flag is named with its fix, and nothing is recorded", arguments: refusals)
  func refusal(_ arguments: [String], _ status: Int32, _ message: String) throws {
    let folder = try TemporaryFolder()
    let result = try CommandRunner.run(
      ["record", "--duration", "1s", "--output", folder.url.path] + small + arguments)
    #expect(result.status == status, "stderr: \(result.standardError)")
    #expect(result.standardError.contains(message), "stderr: \(result.standardError)")
    #expect(result.standardError.contains("hint: "))
    #expect(folder.entries.isEmpty, "nothing may be left behind: \(folder.entries)")
  }

  @Test("--audio synthetic puts the same sound track in all three files and says so")
  func syntheticSound() throws {
    let folder = try TemporaryFolder()
    let result = try CommandRunner.run(
      [
        "record", "--duration", "2s", "--audio", "synthetic", "--audio-channels", "1",
        "--output", folder.url.path,
      ] + small)
    #expect(result.status == 0, "stderr: \(result.standardError)")
    #expect(result.standardError.contains("sound: synthetic tone"))
    #expect(result.standardOutput.contains("sound: Synthetic tone"))
    let take = try TakeInspector(folder: folder.url.appendingPathComponent(folder.entries[0]))
    let audio = try #require(take.metadata.audio)
    #expect(audio.codec == "aac" && audio.channels == 1 && audio.sampleRate == 48_000)
    #expect(audio.framesWritten == 96_000)
    #expect(audio.xruns == 0 && audio.gaps == 0)
    #expect(take.metadata.settings.audio?.input == .synthetic)
    var decoded: [[Float]] = []
    for name in ["dualview", "front", "back"] {
      let sound = try take.decodeAudio(name)
      #expect(sound.channels == 1)
      #expect(abs(sound.duration - 2) <= 1_024.0 / 48_000 + 0.001)
      decoded.append(sound.samples)
    }
    // Encoded once: the three files hold the very same sound.
    #expect(decoded[0] == decoded[1] && decoded[1] == decoded[2])
  }

  @Test("--audio file plays a file camera's own sound, following its loops; auto picks it")
  func fileCameraSound() throws {
    let folder = try TemporaryFolder()
    let first = try CommandRunner.run(
      [
        "record", "--duration", "2s", "--audio", "synthetic", "--audio-channels", "1",
        "--output", folder.url.path,
      ] + small)
    try #require(first.status == 0, "stderr: \(first.standardError)")
    let original = try TakeInspector(folder: folder.url.appendingPathComponent(folder.entries[0]))
    let source = original.url(of: "front")
    // The original's clicks start on camera frames: which ones (modulo the click interval).
    let clickPhases = try Self.clickFrames(original).map { $0 % 30 }
    try #require(clickPhases.count >= 1 && Set(clickPhases).count == 1, "\(clickPhases)")
    for input in ["file", nil] {
      let output = try TemporaryFolder()
      let result = try CommandRunner.run(
        [
          "record", "--duration", "5s", "--size", "320x240", "--quiet", "--front",
          "file:\(source.path)?loop", "--back", "synthetic", "--output", output.url.path,
        ] + (input.map { ["--audio", $0] } ?? []))
      #expect(result.status == 0, "stderr: \(result.standardError)")
      #expect(
        result.standardError.contains("sound: the sound track of \(source.lastPathComponent)"))
      let take = try TakeInspector(folder: output.url.appendingPathComponent(output.entries[0]))
      let audio = try #require(take.metadata.audio)
      #expect(audio.kind == "file" && audio.framesWritten == 5 * 48_000)
      // The file's clicks, across its loops (2 s each), land on the very pictures of the file
      // they were recorded with: the front pictures carry the original camera's frame numbers.
      let frames = try Self.clickFrames(take)
      #expect(frames.count >= 4, "clicks on frames \(frames)")
      for frame in frames {
        let distance = abs(frame % 30 - clickPhases[0])
        #expect(min(distance, 30 - distance) <= 1, "click on original frame \(frame)")
      }
    }
    // A file without sound is named.
    let silent = try TemporaryFolder()
    let none = try CommandRunner.run(
      ["record", "--duration", "1s", "--audio", "none", "--output", silent.url.path] + small)
    try #require(none.status == 0)
    let mute = try TakeInspector(folder: silent.url.appendingPathComponent(silent.entries[0]))
      .url(of: "front")
    let refused = try CommandRunner.run(
      [
        "record", "--duration", "1s", "--quiet", "--front", "file:\(mute.path)", "--back",
        "synthetic", "--audio", "file", "--output", folder.url.path,
      ])
    #expect(refused.status == 65, "stderr: \(refused.standardError)")
    #expect(refused.standardError.contains("has no sound track"), "\(refused.standardError)")
  }

  /// The original camera frame number shown in `take`'s front file when each click starts.
  static func clickFrames(_ take: TakeInspector) throws -> [Int] {
    let pictures = try take.decodeCamera("front")
    let sound = try take.decodeAudio("front")
    return TakeInspector.clickOnsets(in: sound).compactMap { onset in
      let index = Int((onset * 30).rounded())
      guard pictures.stamps.indices.contains(index) else { return nil }
      return pictures.stamps[index].map { Int($0.frameNumber) }
    }
  }

  @Test("--audio2 with --audio-mix tracks or mix: two sound streams in each file, or one")
  func secondInput() throws {
    for (arrangement, streams) in [("tracks", 2), ("mix", 1)] {
      let folder = try TemporaryFolder()
      let result = try CommandRunner.run(
        [
          "record", "--duration", "1s", "--audio", "synthetic", "--audio2", "synthetic",
          "--audio-mix", arrangement, "--output", folder.url.path,
        ] + small)
      #expect(result.status == 0, "stderr: \(result.standardError)")
      #expect(result.standardError.contains("second sound: synthetic tone"))
      #expect(result.standardOutput.contains("sound: track 2") == (arrangement == "tracks"))
      let take = try TakeInspector(folder: folder.url.appendingPathComponent(folder.entries[0]))
      #expect(take.metadata.audio2?.arrangement == arrangement)
      #expect(take.metadata.audio2?.track == (arrangement == "tracks" ? 2 : 1))
      #expect(take.metadata.settings.audio?.input2 == .synthetic)
      for name in ["dualview", "front", "back"] {
        let kinds = try StreamSummary.streams(of: take.url(of: name)).map(\.kind)
        #expect(kinds.filter { $0 == .audio }.count == streams, "\(name): \(kinds)")
      }
    }
  }

  @Test("SIGKILL mid-take keeps the sound, and recovery finishes it in all three files")
  func killedTakeKeepsSound() throws {
    let folder = try TemporaryFolder()
    let child = try CommandRunner(
      ["record", "--audio", "synthetic", "--output", folder.url.path] + small)
    Thread.sleep(forTimeInterval: 4)
    child.send(SIGKILL)
    _ = child.wait(timeout: 30)
    let partial = try #require(folder.entries.first { $0.hasSuffix(".partial") })
    let recovered = try CommandRunner.run(
      ["recover", folder.url.appendingPathComponent(partial).path])
    #expect(recovered.status == 0, "stderr: \(recovered.standardError)")
    let entries = folder.entries.filter { !$0.hasSuffix(".partial") }
    try #require(entries.count == 1, "\(folder.entries)")
    let take = try TakeInspector(folder: folder.url.appendingPathComponent(entries[0]))
    #expect(take.metadata.status == .recovered)
    let seconds = Double(take.metadata.sync.frames) / 30
    #expect(seconds >= 2, "only \(seconds) s recovered")
    for name in ["dualview", "front", "back"] {
      let sound = try take.decodeAudio(name)
      // The sound reaches as far as the pictures kept (within a fragment's worth).
      #expect(sound.duration >= seconds - 1.1, "\(name): \(sound.duration) s for \(seconds) s")
    }
  }
}
