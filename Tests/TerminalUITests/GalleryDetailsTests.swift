import DualCamCore
import Foundation
import Library
import Testing

@testable import TerminalUI

/// The details panel: the take's sound, and all of its metadata reachable by scrolling with
/// keys the panel, the hint line and the help tell.
@Suite struct GalleryDetailsTests {
  typealias F = GalleryFixtures

  /// The gallery with the newest take's whole metadata read.
  static func withDetails(
    width: Int = 80, height: Int = 24, metadata: TakeMetadata = F.metadata()
  ) -> AppState {
    var state = F.gallery(width: width, height: height)
    let entry = F.entries[1]
    _ = AppUpdate.update(
      &state, .gallery(.details(id: entry.id, TakeDetails.sections(entry, metadata: metadata))),
      environment: .permissive)
    return state
  }

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

  @Test func jAndKScrollThePanelToItsLastLineAndBack() {
    var state = Self.withDetails()
    var text = AppRenderer.render(state).text
    #expect(!text.contains("skew") && text.contains("J ↓ more"))
    F.press(Array(repeating: .character("J"), count: 100), &state)
    let screen = F.galleryScreen(state)
    let panel = GalleryGeometry(app: state, screen: screen).panel!
    let layout = GalleryPanelView.Layout(screen, in: panel)
    #expect(screen.detailsScroll == layout.maximumScroll && layout.maximumScroll > 0)
    text = AppRenderer.render(state).text
    #expect(text.contains("skew") && text.contains("host") && text.contains("K ↑"))
    #expect(!text.contains("J ↓ more"))
    F.press([.character("K")], &state)
    #expect(F.galleryScreen(state).detailsScroll == layout.maximumScroll - 1)
    F.press([.down], &state)  // another take starts at its top
    #expect(F.galleryScreen(state).detailsScroll == 0)
  }

  @Test func theScrollKeysAreInTheHelpAndTheHintLine() {
    var state = Self.withDetails(width: 120, height: 40)
    #expect(AppRenderer.render(state).line(39).contains("J/K Details"))
    F.press([.character("?"), .pageDown, .pageDown, .pageDown, .pageDown], &state)
    let help = AppRenderer.render(state).text
    #expect(help.contains("Scroll the details panel down"))
    #expect(help.contains("Scroll the details panel up"))
  }

  // MARK: - Snapshots

  @Test func scrolledDetailsSnapshot() {
    var state = Self.withDetails()
    F.press(Array(repeating: .character("J"), count: 12), &state)
    assertSnapshot(AppRenderer.render(state), named: "gallery-details-scrolled-80x24")
  }

  @Test func wideDetailsSnapshot() {
    let state = Self.withDetails(width: 120, height: 40)
    assertSnapshot(AppRenderer.render(state), named: "gallery-details-120x40")
  }
}
