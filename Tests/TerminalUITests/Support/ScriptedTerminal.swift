import Foundation
import Synchronization

@testable import TerminalUI

/// A terminal for `AppRunner` tests: it answers with scripted keys, each once the screen shows
/// what the step waits for, and keeps every screen it was shown.
final class ScriptedTerminal: TerminalBackend, @unchecked Sendable {
  struct Step {
    /// What the screen must contain before the key is pressed.
    var waitFor: String
    /// The key, or nil to only wait.
    var input: TerminalInput?
  }

  let size: (width: Int, height: Int)
  let capabilities: TerminalCapabilities
  private var steps: [Step]
  private(set) var screens = 0
  private(set) var lastScreen = CellBuffer(width: 0, height: 0)
  /// Every distinct text seen, for failure messages.
  private(set) var seen: [String] = []
  /// The step that never came true, if the script timed out.
  private(set) var stuckAt: String?
  private let deadline: Date
  private(set) var closed = false

  init(width: Int, height: Int, capabilities: TerminalCapabilities, steps: [Step], timeout: Double)
  {
    size = (width, height)
    self.capabilities = capabilities
    self.steps = steps
    deadline = Date().addingTimeInterval(timeout)
  }

  /// The screen when the script got stuck (before the quit keys it sends then).
  private(set) var screenWhenStuck: CellBuffer?

  /// Steps not reached yet.
  var remainingSteps: Int { steps.count }

  func nextEvent(timeoutMilliseconds: Int) -> TerminalInput? {
    if Date() > deadline {
      // A stuck script must still end the runner: quit, confirming if asked.
      if stuckAt == nil {
        stuckAt = steps.first?.waitFor ?? "(end)"
        screenWhenStuck = lastScreen
      }
      return .key(
        lastScreen.text.contains("y Stop, save and quit") ? .character("y") : .character("q"))
    }
    if let step = steps.first, lastScreen.text.contains(step.waitFor) {
      steps.removeFirst()
      if let input = step.input { return input }
    }
    Thread.sleep(forTimeInterval: Double(min(timeoutMilliseconds, 5)) / 1000)
    return nil
  }

  func present(_ buffer: CellBuffer) {
    screens += 1
    lastScreen = buffer
    let text = buffer.text
    if seen.last != text && seen.count < 2000 { seen.append(text) }
  }

  func close() { closed = true }
}
