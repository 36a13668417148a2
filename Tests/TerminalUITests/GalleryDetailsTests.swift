import DualCamCore
import Foundation
import Library
import Testing

@testable import TerminalUI

/// The details panel shows the take's sound.
@Suite struct GalleryDetailsTests {
  typealias F = GalleryFixtures

  static func rows(_ title: String, _ sections: [TakeDetails.Section]) -> [String] {
    sections.first { $0.title == title }?.rows.map { "\($0.label): \($0.value)" } ?? []
  }

  @Test func soundShowsTheInputItsCodecRateAndChannels() {
    let sections = TakeDetails.sections(F.entries[1], metadata: F.metadata())
    #expect(
      Self.rows("Sound", sections) == [
        "input: Blue Yeti (hw:1,0)", "codec: aac, 160 kb/s", "format: 48 kHz, stereo",
      ])
    let silent = TakeDetails.sections(F.entries[1], metadata: F.metadata(sound: false))
    #expect(Self.rows("Sound", silent) == [": none: the take has no sound"])
  }

  @Test func twoInputsSayWhichTrackEachWentTo() throws {
    var metadata = F.metadata()
    var first = try #require(metadata.audio)
    first.track = 1
    first.arrangement = "tracks"
    var second = TakeMetadata.AudioRecord(
      input: "hw:2,0", kind: "alsa", label: "Lavalier", device: "hw:2,0", sampleRate: 44_100,
      channels: 1, codec: "pcm_s16le", bitrate: nil)
    second.track = 2
    second.arrangement = "tracks"
    metadata.audio = first
    metadata.audio2 = second
    let rows = Self.rows("Sound", TakeDetails.sections(F.entries[1], metadata: metadata))
    #expect(rows.contains("track: 1 of 2") && rows.contains("track: 2 of 2"))
    #expect(rows.contains("input: Lavalier (hw:2,0)") && rows.contains("codec: pcm_s16le"))
    #expect(rows.contains("format: 44.1 kHz, mono"))
    metadata.audio?.arrangement = "mix"
    metadata.audio2?.arrangement = "mix"
    metadata.audio2?.track = 1
    let mixed = Self.rows("Sound", TakeDetails.sections(F.entries[1], metadata: metadata))
    #expect(mixed.contains("track: 1, mixed with the other input"))
  }
}
