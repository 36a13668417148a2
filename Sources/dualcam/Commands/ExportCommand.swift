import ArgumentParser
import DualCamCore
import Foundation
import Library
import Session

/// `dualcam export TAKE… --to DIR [--container mp4]`: copies takes elsewhere, or remuxes them
/// into another container without re-encoding.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Copy takes to another folder, or remux them (e.g. MOV → MP4) without re-encoding.",
    discussion: """
      Each take becomes DIR/<take name>/ with its three videos and metadata.json. With \
      --container the videos are remuxed into that container (the pictures are not re-encoded, \
      so nothing is lost); without it they are copied as they are. The files are written into a \
      hidden folder first and renamed when complete: a cancel (Ctrl-C) or a failure such as a \
      full disk leaves nothing half-written behind.
      """)

  @OptionGroup var location: LibraryLocation

  @Argument(help: "The takes: names from dualcam list, or take folders' paths.")
  var takes: [String]

  @Option(name: .customLong("to"), help: "The folder to export into (must exist).")
  var destination: String

  @Option(help: "Remux the videos into this container: mp4, mov or mkv (default: as recorded).")
  var container: String?

  func validate() throws {
    guard !takes.isEmpty else {
      throw ValidationError("name at least one take (see dualcam list)")
    }
    if let container, !["mp4", "mov", "mkv"].contains(container.lowercased()) {
      throw ValidationError("--container must be mp4, mov or mkv, not \(container)")
    }
  }

  func run() throws {
    do {
      let needsIndex = takes.contains { !$0.contains("/") }
      let index = needsIndex ? try location.index() : LibraryIndex(roots: [])
      var entries: [TakeEntry] = []
      for take in takes {
        let entry = try location.take(take, in: index)
        if !entries.contains(where: { $0.id == entry.id }) { entries.append(entry) }
      }
      let folder = URL(fileURLWithPath: (destination as NSString).expandingTildeInPath)
        .standardizedFileURL
      let signals = SignalMonitor()
      var lastFailure: DualCamError?
      var cancelled = false
      for entry in entries where !cancelled {
        do throws(DualCamError) {
          let outcome = try TakeExporter.export(
            entry.folder, to: folder, container: container
          ) { share, file in
            if Console.isInteractive {
              Console.writeError(
                String(format: "\r\u{1B}[Kexporting %@: %3.0f%% %@", entry.name, share * 100, file))
            }
            return !signals.stopRequested
          }
          if Console.isInteractive { Console.writeError("\r\u{1B}[K") }
          switch outcome {
          case .exported(let copy):
            print("exported \(entry.name) to \(copy.path)".escapingControlCharacters)
          case .cancelled:
            Console.status("export cancelled; nothing half-written was left in \(folder.path)")
            cancelled = true
          }
        } catch {
          ErrorReporter.report(error)
          lastFailure = error
        }
      }
      if cancelled { throw ExitCode(130) }
      if let lastFailure { throw ExitCode(lastFailure.exitCode) }
    } catch let error as DualCamError {
      ErrorReporter.report(error)
      throw ExitCode(error.exitCode)
    }
  }
}
