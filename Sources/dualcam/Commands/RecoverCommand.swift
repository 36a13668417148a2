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
      let report: TakeRecovery.Report
      if folders.isEmpty {
        let root = try OutputLocation.prepare(explicit: output)
        report = TakeRecovery.recoverAll(in: root)
        if report.isEmpty { Console.status("no interrupted takes in \(root.path)") }
      } else {
        report = TakeRecovery.recover(folders.map { URL(fileURLWithPath: $0).standardizedFileURL })
      }
      for entry in report.entries {
        switch entry {
        case .recovered(let outcome):
          for line in outcome.lines { print(line) }
        case .failed(_, let error):
          ErrorReporter.report(error)
        }
      }
      // One exit status for the whole run: the first failure's (a take with nothing to
      // recover is 65, a refused link 64, a write failure 74).
      if let failure = report.failures.first { throw ExitCode(failure.error.exitCode) }
    } catch let error as DualCamError {
      ErrorReporter.report(error)
      throw ExitCode(error.exitCode)
    }
  }
}
