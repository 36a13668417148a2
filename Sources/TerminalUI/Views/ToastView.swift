/// Short messages in the preview area's bottom-right corner, newest lowest.
enum ToastView {
  static func draw(_ toasts: [AppState.Toast], in rect: ScreenRect, into buffer: inout CellBuffer) {
    var y = rect.maxY - 1
    for toast in toasts.reversed() {
      guard y >= rect.y else { return }
      let text = " \(toast.text) "
      let width = min(BufferText.columns(text), rect.width - 2)
      let style =
        toast.isProblem
        ? CellStyle(foreground: .rgb(255, 255, 255), background: Palette.bad)
        : CellStyle(foreground: Palette.panelText, background: Palette.selection)
      buffer.write(text, x: rect.maxX - 1 - width, y: y, style: style, maxWidth: width)
      y -= 1
    }
  }
}
