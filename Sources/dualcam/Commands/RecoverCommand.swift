import ArgumentParser
import DualCamCore
import Foundation
import Session

/// `dualcam recover`: finish takes that a crash or kill left as `.partial` folders.
struct RecoverCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "recover",
    abstract: "Finish interrupted takes (.partial folders) so they play and seek everywhere.",
    discussion: """
      With no folder given, every interrupted take in the recordings folder is recovered.
      `dualcam record` does the same before it starts recording.
      """)

  @Argument(help: "Interrupted take folders (…​.partial). Default: all in the recordings folder.")
  var folders: [String] = []

  @Option(name: [.customShort("o"), .long], help: "Recordings folder (default ~/Videos/DualCam).")
  var output: String?

  func run() throws {
    do {
      let targets: [URL]
      if folders.isEmpty {
        let root = try OutputLocation.prepare(explicit: output)
        targets = TakeRecovery.interruptedTakes(in: root)
        if targets.isEmpty { Console.status("no interrupted takes in \(root.path)") }
      } else {
        targets = folders.map { URL(fileURLWithPath: $0).standardizedFileURL }
      }
      var failures = 0
      for target in targets {
        do {
          let outcome = try TakeRecovery.recover(target)
          print("recovered \(outcome.folder.path) (\(outcome.frames) frames)")
          for note in outcome.notes { print("  \(note)") }
        } catch {
          failures += 1
          ErrorReporter.report(error)
        }
      }
      if failures > 0 { throw ExitCode(74) }
    } catch let error as DualCamError {
      ErrorReporter.report(error)
      throw ExitCode(error.exitCode)
    }
  }
}
