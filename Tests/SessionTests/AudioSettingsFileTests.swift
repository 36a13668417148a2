import DualCamCore
import Foundation
import Session
import Testing

/// The `[audio]` table of the settings file.
@Suite struct AudioSettingsFileTests {
  @Test func roundTripKeepsTheSound() throws {
    var file = SettingsFile()
    var audio = AudioSettings(input: .device("plughw:CARD=Mic,DEV=0"))
    audio.sampleRate = 44_100
    audio.channels = 1
    audio.bitrate = .kbps256
    audio.codec = .pcm24
    audio.gain = 65
    audio.muted = true
    file.recording.audio = audio
    let parsed = try SettingsFile.parse(file.text)
    #expect(parsed == file)
    #expect(try SettingsFile.parse(SettingsFile().text) == SettingsFile())
  }

  @Test func aSecondMicrophoneAndItsArrangementRoundTrip() throws {
    var file = SettingsFile()
    var audio = AudioSettings(input: .device("hw:1,0"))
    audio.input2 = .device("hw:2,0")
    audio.arrangement = .mix
    file.recording.audio = audio
    #expect(file.text.contains("input2 = \"hw:2,0\""))
    #expect(try SettingsFile.parse(file.text) == file)
    #expect(!SettingsFile().text.contains("input2"))
  }

  @Test(arguments: [
    ("[audio]\nrate = 5\n", "[audio] rate"),
    ("[audio]\nchannels = 1.5\n", "[audio] channels"),
    ("[audio]\nbitrate = \"96k\"\n", "[audio] bitrate"),
    ("[audio]\ncodec = \"mp3\"\n", "[audio] codec"),
    ("[audio]\ninput = \"two words\"\n", "[audio] input"),
    ("[audio]\nvolume = 3\n", "unknown key"),
    ("[audio]\ngain = 101\n", "[audio] gain"),
    ("[audio]\ngain = -1\n", "[audio] gain"),
    ("[audio]\ngain = 12.5\n", "[audio] gain"),
    ("[audio]\ngain = 1e300\n", "[audio] gain"),
    ("[audio]\ngain = \"loud\"\n", "[audio] gain"),
    ("[audio]\nmuted = \"yes\"\n", "[audio] muted"),
    ("[audio]\nmix = \"stereo\"\n", "[audio] mix"),
  ])
  func mistakesAreNamed(text: String, expected: String) {
    #expect {
      _ = try SettingsFile.parse(text)
    } throws: { error in
      guard let error = error as? DualCamError else { return false }
      return error.problem.contains(expected) && error.exitCode == 64
    }
  }

  @Test func gainAndMuteAreReadAndLeftOutGainKeepsTheMixer() throws {
    let parsed = try SettingsFile.parse("[audio]\ngain = 0\nmuted = true\n")
    #expect(parsed.recording.audioSettings.gain == 0)
    #expect(parsed.recording.audioSettings.muted)
    let defaults = try SettingsFile.parse("[audio]\nrate = 48000\n")
    #expect(defaults.recording.audioSettings.gain == nil)
    #expect(!defaults.recording.audioSettings.muted)
    // Written only when set: a file without gain leaves the mixer as it is.
    #expect(!SettingsFile().text.contains("gain ="))
    #expect(SettingsFile().text.contains("muted = false"))
  }

  @Test func settingsWithoutGainOrMuteStillDecode() throws {
    // metadata.json of takes recorded before gain and mute existed.
    let json = #"{"input":"auto","sampleRate":48000,"channels":2,"bitrate":128000}"#
    let audio = try JSONDecoder().decode(AudioSettings.self, from: Data(json.utf8))
    #expect(audio.gain == nil && !audio.muted && audio.sampleRate == 48_000)
    var muted = audio
    muted.muted = true
    muted.gain = 40
    let again = try JSONDecoder().decode(
      AudioSettings.self, from: try JSONEncoder().encode(muted))
    #expect(again == muted)
    muted.gain = 140
    #expect(throws: DualCamError.self) { try muted.validated(container: .mov, videoCodec: .h264) }
  }

  @Test func audioSettingsAreCheckedAgainstTheContainer() throws {
    var audio = AudioSettings()
    #expect(audio.effectiveCodec(container: .mov, videoCodec: .h264) == .aac)
    #expect(audio.effectiveCodec(container: .mkv, videoCodec: .h264) == .opus)
    #expect(audio.effectiveCodec(container: .mkv, videoCodec: .ffv1) == .pcm16)
    #expect(audio.effectiveCodec(container: .mp4, videoCodec: .ffv1) == .aac)
    audio.codec = .opus
    #expect(throws: DualCamError.self) { try audio.validated(container: .mov, videoCodec: .h264) }
    #expect(throws: DualCamError.self) { try audio.validated(container: .mp4, videoCodec: .h264) }
    audio.sampleRate = 44_100
    #expect(throws: DualCamError.self) { try audio.validated(container: .mkv, videoCodec: .h264) }
    #expect(try AudioBitrate(parsing: "320") == .kbps320)
    #expect(try AudioBitrate(parsing: "256kbps") == .kbps256)
    #expect(throws: DualCamError.self) { try AudioBitrate(parsing: "192k") }
    #expect(try AudioInput(parsing: "hw:1,0") == .device("hw:1,0"))
    #expect(try AudioInput(parsing: "NONE") == .none)
  }
}
