import DualCamCore
import Foundation
import Playback

@testable import TerminalUI

/// Player screens to update and render without a take or a terminal.
enum PlayerFixtures {
  /// A one-minute take at 30 fps, with a pause and lost signal when `events` is set.
  static func take(events: Bool) -> PlayerScreen.Take {
    PlayerScreen.Take(
      folder: URL(fileURLWithPath: "/takes/2026-11-24_09-41-07"), frameCount: 1800,
      frameRate: FrameRate(numerator: 30),
      syncEvents: events
        ? SyncEventMap(
          events: [
            SyncEvent(kind: .lostSignal(.back), frames: 420...600),
            SyncEvent(kind: .pause, frames: 900...900),
          ], frontRepeats: 3, backRepeats: 0)
        : SyncEventMap(events: []))
  }

  /// The interface with the player open over the camera screen.
  static func state(
    width: Int = 80, height: Int = 24, events: Bool = false, view: PlaybackView = .dualview,
    playing: Bool = true, frame: Int64 = 372
  ) -> AppState {
    var state = StateFixtures.previewing(width: width, height: height)
    var screen = PlayerScreen(take: take(events: events))
    screen.status.isPlaying = playing
    screen.status.frame = frame
    screen.status.view = view
    screen.method = .halfBlocks
    let area = PlayerScreen.pictureArea(ScreenLayout(width: width, height: height))
    screen.picture = picture(view: view, fitting: area)
    state.screens.push(screen)
    return state
  }

  /// Cells drawn by the player's own drawing code from synthetic I420 gradients (16:9 for
  /// the cameras, 9:32 for the stacked dual view).
  static func picture(view: PlaybackView, fitting area: ScreenRect) -> CellBuffer {
    let cameraSize = ImageSize(width: 64, height: 36)
    let pool = FramePool(
      format: .i420, size: view == .dualview ? ImageSize(width: 64, height: 72) : cameraSize,
      capacity: 2)
    let first = gradient(pool.lease()!, shift: 0)
    let second = view == .sideBySide ? gradient(pool.lease()!, shift: 90) : nil
    let picture = PlaybackPicture(frame: 372, view: view, primary: first, secondary: second)
    defer { picture.release() }
    return PlayerExecutor.draw(picture, fitting: area, method: .halfBlocks, glyphs: .unicode)
  }

  private static func gradient(_ buffer: FrameBuffer, shift: Int) -> FrameBuffer {
    let image = buffer.image
    for y in 0..<image.size.height {
      for x in 0..<image.size.width {
        image.plane0.base[y * image.plane0.bytesPerRow + x] = UInt8(
          (16 + (x * 3 + y * 2 + shift) % 220))
      }
    }
    for plane in [image.plane1, image.plane2] {
      for y in 0..<image.size.height / 2 {
        for x in 0..<image.size.width / 2 { plane.base[y * plane.bytesPerRow + x] = 128 }
      }
    }
    return buffer
  }
}
