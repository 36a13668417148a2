import DualCamCore
import Foundation

/// Draws the whole interface from the state into a cell buffer: the screen on top of the
/// stack, then the diagnostics panel, toasts and overlays. A pure function, so every screen can
/// be checked as text without a terminal.
public enum AppRenderer {
  /// The screen for `state`.
  public static func render(_ state: AppState) -> CellBuffer {
    var buffer = CellBuffer(width: state.width, height: state.height)
    let glyphs = state.capabilities.glyphs
    if state.isTooSmall {
      SmallWindowView.draw(state, into: &buffer)
      return buffer
    }
    let layout = ScreenLayout(width: state.width, height: state.height)
    // Screens cover the whole window: only the one on top is drawn.
    let screen = state.screens.focused
    screen.draw(state, layout: layout, into: &buffer, glyphs: glyphs)
    let area = layout.content
    // What is drawn from here on lies over the screen: a picture it touches falls back to its
    // half blocks, which the overlay can cover cell by cell.
    let underOverlays = buffer
    if state.diagnosticsVisible {
      DiagnosticsView.draw(state, in: area, into: &buffer, glyphs: glyphs)
    }
    ToastView.draw(state.toasts, in: area, into: &buffer, glyphs: glyphs)
    for overlay in state.overlays {
      switch overlay {
      case .help(let scroll):
        HelpView.draw(screen.helpSections, scroll: scroll, in: area, into: &buffer, glyphs: glyphs)
      case .menu(let navigation):
        MenuView.draw(navigation, state: state, in: area, into: &buffer, glyphs: glyphs)
      case .confirm(let confirmation):
        DialogView.drawConfirmation(confirmation, in: area, into: &buffer, glyphs: glyphs)
      case .error(let report):
        DialogView.drawError(report, in: area, into: &buffer, glyphs: glyphs)
      case .review(let review):
        DialogView.drawReview(review, in: area, into: &buffer, glyphs: glyphs)
      }
    }
    if !state.picturesInPixels {
      // A picture drawn before pixels were turned off still carries its mark.
      buffer.clearPictures()
    } else if !buffer.pictures.isEmpty {
      buffer.dropCoveredPictures(comparedWith: underOverlays)
    }
    return buffer
  }
}

/// What a window below the minimum size shows instead of the interface.
enum SmallWindowView {
  static func draw(_ state: AppState, into buffer: inout CellBuffer) {
    let lines = [
      "Window is \(state.width)×\(state.height).",
      "DualCam needs at least \(AppState.minimumSize.width)×\(AppState.minimumSize.height).",
      state.isTakeRunning
        ? "Still recording. Enlarge it to see more." : "Enlarge it, or press q to quit.",
    ]
    let top = max((state.height - lines.count) / 2, 0)
    for (offset, line) in lines.enumerated() {
      buffer.writeCentered(
        line, in: ScreenRect(x: 0, y: top + offset, width: state.width, height: 1),
        style: offset == 2 && state.isTakeRunning
          ? CellStyle(foreground: Palette.recording) : .plain)
    }
  }
}
