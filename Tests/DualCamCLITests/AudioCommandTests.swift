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
    (["--audio", "file"], 64, "not supported yet"),
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
