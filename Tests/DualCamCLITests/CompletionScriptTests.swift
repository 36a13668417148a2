import Foundation
import TestSupport
import Testing

/// The shell completions shipped in Resources/completions are what the current commands
/// generate; a flag added without regenerating them fails here.
@Suite("Shell completion scripts stay current")
struct CompletionScriptTests {
  static let resources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Resources/completions")

  @Test(
    "each shipped script equals the generated one",
    arguments: [("bash", "dualcam.bash"), ("zsh", "_dualcam"), ("fish", "dualcam.fish")])
  func current(_ shell: String, _ file: String) throws {
    let generated = try CommandRunner.run(["--generate-completion-script", shell])
    #expect(generated.status == 0)
    let shipped = try String(
      contentsOf: Self.resources.appendingPathComponent(file), encoding: .utf8)
    #expect(
      shipped == generated.standardOutput,
      "regenerate: dualcam --generate-completion-script \(shell) > Resources/completions/\(file)")
  }
}
