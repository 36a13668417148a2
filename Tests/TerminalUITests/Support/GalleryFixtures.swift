import DualCamCore
import Foundation
import Library

@testable import TerminalUI

/// Takes and gallery states to render and update without a disk.
enum GalleryFixtures {
  static let root = URL(fileURLWithPath: "/videos/DualCam")
  /// 2026-11-24 12:00:00 UTC, the time of the listing.
  static let now = Date(timeIntervalSince1970: 1_795_521_600)

  static func entry(
    _ name: String, state: TakeEntry.State = .finished, summary: TakeSummary?,
    unreadable: String? = nil, bytes: Int64
  ) -> TakeEntry {
    TakeEntry(
      folder: root.appendingPathComponent(name + (state == .finished ? "" : ".partial")),
      root: root, name: name, state: state, summary: summary, unreadableReason: unreadable,
      bytesOnDisk: bytes)
  }

  /// A long take with drops and a pause, a short clean one, an interrupted one and one whose
  /// metadata is not JSON.
  static let entries: [TakeEntry] = [
    entry(
      "2026-11-23_14-03-22",
      summary: TakeSummary(
        startedAt: now.addingTimeInterval(-79_000), durationSeconds: 83, frames: 2490,
        frameRate: 30, resolution: ImageSize(width: 1280, height: 1440),
        cameraResolution: ImageSize(width: 1280, height: 720), codec: "h264", container: "mov",
        outputFiles: ["dualview": "dualview_2026-11-23_14-03-22.mov"], droppedFrames: 2,
        pauseCount: 1, notes: "kitchen test", tags: ["demo"], frontDevice: "C920"),
      bytes: 63_000_000),
    entry(
      "2026-11-24_09-15-00",
      summary: TakeSummary(
        startedAt: now.addingTimeInterval(-10_000), durationSeconds: 12, frames: 360,
        frameRate: 30, resolution: ImageSize(width: 640, height: 720),
        cameraResolution: ImageSize(width: 640, height: 360), codec: "h264", container: "mov"),
      bytes: 9_100_000),
    entry(
      "2026-11-22_08-00-00", state: .interrupted,
      summary: TakeSummary(
        status: "recording", startedAt: now.addingTimeInterval(-187_200), durationSeconds: 40,
        frames: 1200, frameRate: 30, resolution: ImageSize(width: 640, height: 720),
        codec: "h264", container: "mov"),
      bytes: 30_000_000),
    entry(
      "2020-01-01_00-00-00", summary: nil, unreadable: "metadata.json is not JSON", bytes: 120),
  ]

  /// The whole metadata of `entries[1]` (the newest take) as `metadata.json` would hold it,
  /// with sound from a USB microphone when `sound` is true.
  static func metadata(sound: Bool = true) -> TakeMetadata {
    let counters = CameraSyncCounters()
    func source(_ label: String, _ position: String) -> TakeMetadata.SourceRecord {
      TakeMetadata.SourceRecord(
        kind: "v4l2", label: label, identity: "usb:\(position)", width: 640, height: 360,
        frameRate: 30, nativeFormat: "MJPG", details: [:], framesDelivered: 362,
        framesDroppedNoBuffer: 0, framesDroppedInbox: 0, sync: counters)
    }
    func output(_ name: String, height: Int) -> TakeMetadata.OutputRecord {
      TakeMetadata.OutputRecord(
        file: "\(name)_2026-11-24_09-15-00.mov", width: 640, height: height, codec: "h264",
        container: "mov", bitrate: 2_000_000, frames: 360, durationSeconds: 12,
        bytes: 3_000_000)
    }
    var metadata = TakeMetadata(
      status: .complete, app: .init(name: "dualcam", version: "0.1.0"),
      host: .init(hostname: "studio", operatingSystem: "Debian", processorCount: 2),
      startedAt: "2026-11-24T09:13:20.000Z", endedAt: "2026-11-24T09:13:32.000Z",
      settings: RecordingSettings(),
      sources: ["front": source("C920", "front"), "back": source("Razer Kiyo", "back")],
      outputs: [
        "dualview": output("dualview", height: 720), "front": output("front", height: 360),
        "back": output("back", height: 360),
      ],
      sync: TakeMetadata.SyncRecord(
        clockOriginNanoseconds: 0, frames: 360, frameRate: 30, frameRateFraction: "30",
        durationSeconds: 12, wallSeconds: 12, pausedSeconds: 0, skewMeanMilliseconds: 2.1,
        skewMaxMilliseconds: 4.5, repeatedForEncoderLag: 0, frontRepeatsWritten: 0,
        backRepeatsWritten: 0, front: counters, back: counters),
      pauses: [], errors: [])
    if sound {
      metadata.audio = TakeMetadata.AudioRecord(
        input: "auto", kind: "alsa", label: "Blue Yeti", device: "hw:1,0", sampleRate: 48_000,
        channels: 2, codec: "aac", bitrate: 160_000)
    }
    return metadata
  }

  /// A 16×18 picture: red on top, blue below, like a dual view.
  static let picture: Thumbnail = {
    var rgb: [UInt8] = []
    for row in 0..<18 {
      for _ in 0..<16 { rgb += row < 9 ? [220, 40, 40] : [40, 60, 220] }
    }
    return Thumbnail(size: ImageSize(width: 16, height: 18), rgb: rgb)!
  }()

  /// The interface with the gallery open and listed, at `width` × `height`.
  static func gallery(
    width: Int = 80, height: Int = 24, entries: [TakeEntry] = GalleryFixtures.entries
  ) -> AppState {
    var state = StateFixtures.previewing(width: width, height: height)
    state.system.outputFolder = root.path
    _ = AppUpdate.update(&state, .key(.character("g")), environment: .permissive)
    _ = AppUpdate.update(
      &state, .gallery(.listed(entries, problems: [], now: now)), environment: .permissive)
    for entry in entries where entry.isReadable && entry.state == .finished {
      _ = AppUpdate.update(
        &state, .gallery(.thumbnail(id: entry.id, .ready(picture))), environment: .permissive)
    }
    if let first = galleryScreen(state).selected {
      _ = AppUpdate.update(
        &state,
        .gallery(.details(id: first.id, TakeDetails.sections(first, metadata: nil))),
        environment: .permissive)
    }
    return state
  }

  static func galleryScreen(_ state: AppState) -> GalleryScreen {
    state.screens.focused as! GalleryScreen
  }

  /// Presses `keys` in order; returns every command they produced.
  @discardableResult
  static func press(_ keys: [Key], _ state: inout AppState) -> [AppCommand] {
    keys.flatMap { AppUpdate.update(&state, .key($0), environment: .permissive) }
  }

  static func type(_ text: String, _ state: inout AppState) -> [AppCommand] {
    press(text.map { Key.character($0) }, &state)
  }
}
