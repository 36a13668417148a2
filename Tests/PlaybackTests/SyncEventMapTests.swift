import DualCamCore
import Foundation
import Playback
import TestSupport
import Testing

/// Pauses and lost signal from `metadata.json`, placed on frames.
@Suite struct SyncEventMapTests {
  @Test("pauses at their frame, lost-signal stretches with the pauses taken out")
  func eventsOnFrames() throws {
    let recorded = try RecordedTake.get()
    var metadata = try TakeInspector(folder: recorded.folder).metadata
    #expect(SyncEventMap(metadata: metadata).events.isEmpty)
    metadata.pauses = [.init(startSeconds: 1.0, endSeconds: 2.5, atFrame: 30)]
    metadata.errors = [
      "at 0.5 s: front camera: signal lost (end of lecture.mp4)",
      "at 2.0 s: back camera: signal lost (unplugged)",
      "at 3.0 s: front camera: signal restored",
      "front output: could not flush",
    ]
    metadata.sync.frontRepeatsWritten = 4
    let map = SyncEventMap(metadata: metadata)
    #expect(
      map.events == [
        SyncEvent(kind: .lostSignal(.front), frames: 15...45),
        SyncEvent(kind: .pause, frames: 30...30),
        // Lost during the pause, never restored: from the resume to the end.
        SyncEvent(kind: .lostSignal(.back), frames: 30...74),
      ])
    #expect(map.frontRepeats == 4 && map.backRepeats == 0)
  }
}
