import DualCamCore
import Foundation
import Testing

@testable import TerminalUI

/// Toasts sit in a frame of their own a cell in from the content's edges, so they never cut
/// the frames of the screen's boxes.
@Suite struct ToastViewTests {
  typealias F = GalleryFixtures

  static func toast(_ text: String, problem: Bool = false) -> AppState.Toast {
    AppState.Toast(text: text, isProblem: problem, expires: 10)
  }

  @Test func theFrameFitsTheToastsACellInFromTheEdges() throws {
    let area = ScreenRect(x: 0, y: 1, width: 80, height: 21)
    let box = try #require(
      ToastView.box(for: [Self.toast("Saved"), Self.toast("Sorted by name, Z to A")], in: area))
    #expect(box == ScreenRect(x: 53, y: 17, width: 26, height: 4))
    let long = try #require(
      ToastView.box(for: [Self.toast(String(repeating: "x", count: 200))], in: area))
    #expect(long.x == 1 && long.maxX == 79)
    #expect(ToastView.box(for: [], in: area) == nil)
  }

  /// The details panel's bottom frame, under the toast's corner, stays whole.
  @Test func aToastLeavesTheGallerysFramesWhole() {
    var state = F.gallery()
    F.press([.character("S")], &state)  // toasts "Sorted by date, oldest first"
    let buffer = AppRenderer.render(state)
    let bottom = Array(buffer.line(21))
    #expect(bottom[52] == "└" && bottom[79] == "┘")
    #expect(bottom[53..<79].allSatisfy { $0 == "─" })
    let toastRow = Array(buffer.line(19))
    let text = buffer.line(19)
    #expect(text.contains("│ Sorted by date, oldest first │"))
    #expect(toastRow[79] == "│", "the panel's right frame is still there")
  }

  // MARK: - Snapshots

  @Test func galleryToastSnapshot() {
    var state = F.gallery()
    F.press([.character("s"), .character("S")], &state)
    assertSnapshot(AppRenderer.render(state), named: "gallery-toasts-80x24")
  }

  @Test func wideGalleryToastSnapshot() {
    var state = F.gallery(width: 120, height: 40)
    F.press([.character("v"), .character("s")], &state)
    AppUpdate.toast(&state, "The export failed: /srv/out is not writable", problem: true)
    assertSnapshot(AppRenderer.render(state), named: "gallery-toasts-120x40")
  }
}
