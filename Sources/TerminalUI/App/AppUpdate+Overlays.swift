import Capture
import DualCamCore
import Foundation

extension AppUpdate {
  /// Keys while an overlay is in front: the overlay takes them all.
  static func handleOverlayKey(
    _ key: Key, _ overlay: Overlay, _ state: inout AppState, _ environment: AppEnvironment
  ) -> [AppCommand] {
    switch overlay {
    case .help(let scroll):
      switch key {
      case .up, .character("k"): state.replaceTop(.help(scroll: max(scroll - 1, 0)))
      case .down, .character("j"): state.replaceTop(.help(scroll: scroll + 1))
      case .pageUp: state.replaceTop(.help(scroll: max(scroll - 10, 0)))
      case .pageDown: state.replaceTop(.help(scroll: scroll + 10))
      default: state.overlays.removeLast()
      }
      return []
    case .menu(let navigation):
      return handleMenuKey(key, navigation, &state, environment)
    case .confirm(let confirmation):
      switch key {
      case .character("y"), .character("Y"), .enter:
        state.overlays.removeLast()
        return confirm(confirmation.action, &state)
      case .character("n"), .character("N"), .escape, .character("q"):
        state.overlays.removeLast()
      case .character(let typed):
        guard let alternative = confirmation.alternative,
          typed.lowercased() == alternative.key.lowercased()
        else { break }
        state.overlays.removeLast()
        return confirm(alternative.action, &state)
      case .up, .down, .pageUp, .pageDown:
        // A message taller than the screen (the budget's table at 80×24) scrolls; the view
        // stops at its last line.
        let steps = [Key.up: -1, .down: 1, .pageUp: -10, .pageDown: 10][key] ?? 0
        var scrolled = confirmation
        let lines = confirmation.message.split(separator: "\n", omittingEmptySubsequences: false)
        scrolled.scroll = min(max(confirmation.scroll + steps, 0), lines.count)
        state.replaceTop(.confirm(scrolled))
      default: break
      }
      return []
    case .error:
      if [.enter, .escape, .character("q"), .character(" ")].contains(key) {
        state.overlays.removeLast()
      }
      return []
    case .review(let review):
      return handleReviewKey(key, review, &state)
    }
  }

  private static func confirm(_ action: Confirmation.ConfirmedAction, _ state: inout AppState)
    -> [AppCommand]
  {
    switch action {
    case .stopAndQuit:
      return quitAfterSaving(&state)
    case .dismiss:
      return []
    case .quitLeavingTake:
      state.leavesTakeUnsaved = true
      state.quitting = true
      return [.quit]
    case .stopAndDiscard:
      guard state.isTakeRunning, !state.stopPending else { return [] }
      state.discardAfterStop = true
      state.stopPending = true
      return [.stopRecording]
    case .recordOverBudget:
      return [.startRecordingOverBudget]
    case .recordAdapted:
      return [.startRecordingAdapted]
    case .discardTake(let folder):
      state.overlays.removeAll {
        if case .review = $0 { return true }
        return false
      }
      return [.discardTake(folder)]
    }
  }

  private static func handleReviewKey(_ key: Key, _ review: TakeReview, _ state: inout AppState)
    -> [AppCommand]
  {
    switch key {
    case .character("k"), .enter, .escape:
      state.overlays.removeLast()
      toast(&state, "Kept \(review.folder.lastPathComponent)")
    case .character("x"), .character("X"):
      state.overlays.append(
        .confirm(
          Confirmation(
            title: "Discard this take?",
            message: "Deletes \(review.folder.lastPathComponent) and its three files for good.",
            confirmLabel: "Delete", action: .discardTake(review.folder))))
    case .character("p"):
      state.overlays.removeLast()
      return state.camera.play(review)
    case .character("o"):
      return [.openInPlayer(review.folder)]
    default: break
    }
    return []
  }

  // MARK: - Menus

  private static func handleMenuKey(
    _ key: Key, _ navigation: MenuNavigation, _ state: inout AppState,
    _ environment: AppEnvironment
  ) -> [AppCommand] {
    var navigation = navigation
    let page = MenuCatalog.page(navigation.page, in: state)
    let count = page.items.count
    navigation.selected = min(max(navigation.selected, 0), max(count - 1, 0))
    let item = count > 0 ? page.items[navigation.selected] : nil
    var delta: Int?
    switch key {
    case .click(let x, let y):
      let area = ScreenLayout(width: state.width, height: state.height).content
      let geometry = MenuView.Geometry(
        page: page, selected: navigation.selected, area: area,
        budget: MenuView.budgetLines(navigation, state: state))
      guard let index = geometry.item(atRow: y, x: x, itemCount: count) else {
        // A click outside the box closes the page, as Esc does.
        if !(geometry.box.contains(x: x, y: y)) {
          return handleMenuKey(.escape, navigation, &state, environment)
        }
        return []
      }
      // The first click selects a row, a click on the selected row acts on it.
      if index == navigation.selected { delta = 0 } else { navigation.selected = index }
    case .up, .character("k"):
      navigation.selected = (navigation.selected - 1 + count) % max(count, 1)
    case .down, .character("j"):
      navigation.selected = (navigation.selected + 1) % max(count, 1)
    case .home: navigation.selected = 0
    case .end: navigation.selected = max(count - 1, 0)
    case .left, .character("h"): delta = -1
    case .right, .character("l"): delta = 1
    case .pageUp: delta = -10
    case .pageDown: delta = 10
    case .enter, .character(" "): delta = 0
    case .tab:
      state.camera.focused = state.camera.focused == .front ? .back : .front
    case .character("r") where navigation.page == .cameraControls:
      if let item, let name = item.resettableControl {
        state.replaceTop(.menu(navigation))
        return [.resetControls(state.camera.focused, name: name)]
      }
    case .escape, .backspace, .character("q"):
      if navigation.path.count > 1 {
        navigation.path.removeLast()
      } else {
        state.overlays.removeLast()
        return []
      }
    case .character("?"), .function(1):
      state.overlays.append(.help(scroll: 0))
      return []
    default: break
    }
    state.replaceTop(.menu(navigation))
    guard let delta, let item else { return [] }
    guard item.enabled else {
      if let note = item.note { toast(&state, note, problem: true) }
      return []
    }
    if case .slider = item.kind {} else if abs(delta) > 1 { return [] }
    let step = delta == 0 ? 0 : delta
    guard let effect = item.adjust(step) else { return [] }
    return apply(effect, navigation: navigation, &state, environment)
  }

  private static func apply(
    _ effect: MenuEffect, navigation: MenuNavigation, _ state: inout AppState,
    _ environment: AppEnvironment
  ) -> [AppCommand] {
    var navigation = navigation
    switch effect {
    case .open(let page):
      navigation.path.append((page, 0))
      state.replaceTop(.menu(navigation))
      switch page {
      case .devices: return [.refreshDevices]
      case .sound: return [.refreshSoundInputs, .readSoundGain]
      default: return []
      }
    case .recording(let settings):
      return applySettings(settings, &state, environment)
    case .layout(let layout):
      return applyLayout(layout, &state, environment)
    case .command(let command):
      if case .setZoom(let camera, let factor) = command {
        return zoom(&state, camera: camera, to: factor)
      }
      if case .setLogLevel(let level) = command { state.logLevel = level }
      if case .setMuted(let muted) = command { return setMuted(muted, &state) }
      if case .setSoundGain(let percent) = command { return setGain(percent, &state) }
      return [command]
    case .focus(let camera):
      state.camera.focused = camera
      return []
    case .fpsCounter(let on):
      state.fpsCounterVisible = on
      return [.saveSettings]
    case .diagnostics(let on):
      state.diagnosticsVisible = on
      return []
    case .colors(let depth):
      state.colorPreference = depth
      return [.saveSettings]
    case .pictures(let choice):
      state.picturePreference = choice
      return [.saveSettings]
    case .overBudget(let answer):
      state.overBudgetAnswer = answer
      return [.saveSettings]
    case .action(let action):
      state.overlays.removeAll {
        if case .menu = $0 { return true }
        return false
      }
      return state.updateFocusedScreen { screen, app in
        screen.perform(anyAction: action, app: &app, environment: environment)
      }
    case .refuse(let reason):
      toast(&state, reason, problem: true)
      return []
    }
  }
}

extension AppState {
  /// Replaces the overlay in front.
  mutating func replaceTop(_ overlay: Overlay) {
    guard !overlays.isEmpty else { return }
    overlays[overlays.count - 1] = overlay
  }
}
