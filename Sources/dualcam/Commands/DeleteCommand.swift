import ArgumentParser
import DualCamCore
import Foundation
import Library

/// `dualcam delete TAKE…`: takes to the Trash, or gone for good with `--permanent --yes`.
struct DeleteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Move takes to the Trash (restorable from a file manager), or delete them for good.",
    discussion: """
      Takes go to the freedesktop.org Trash ($XDG_DATA_HOME/Trash, or the disk's own \
      .Trash-$UID for a take on another disk), with the .trashinfo file managers restore from. \
      --permanent deletes instead, and needs --yes to confirm. A take being recorded is refused.
      """)

  @OptionGroup var location: LibraryLocation

  @Argument(help: "The takes: names from dualcam list, or take folders' paths.")
  var takes: [String]

  @Flag(name: .long, help: "Delete for good instead of moving to the Trash (needs --yes).")
  var permanent = false

  @Flag(name: .long, help: "Confirm a --permanent delete.")
  var yes = false

  func validate() throws {
    guard !takes.isEmpty else {
      throw ValidationError("name at least one take (see dualcam list)")
    }
  }

  func run() throws {
    do {
      if permanent && !yes {
        throw DualCamError.invalidArgument(
          "--permanent deletes \(takes.count == 1 ? "the take" : "\(takes.count) takes") for good",
          fix: "add --yes to confirm, or leave --permanent out to use the Trash")
      }
      let needsIndex = takes.contains { !$0.contains("/") }
      let index = needsIndex ? try location.index() : LibraryIndex(roots: [])
      // Every name is checked before anything is deleted: a typo deletes nothing.
      var entries: [TakeEntry] = []
      for take in takes {
        let entry = try location.take(take, in: index)
        if entry.state == .recording {
          throw DualCamError.invalidArgument(
            "\(entry.name) is being recorded right now", fix: "stop that recording first")
        }
        if !entries.contains(where: { $0.id == entry.id }) { entries.append(entry) }
      }
      let trash = Trash()
      var lastFailure: DualCamError?
      for entry in entries {
        do throws(DualCamError) {
          if permanent {
            try Trash.deletePermanently(entry.folder)
            print("deleted \(entry.folder.path)".escapingControlCharacters)
          } else {
            let trashed = try trash.move(entry.folder)
            print(
              "moved \(entry.folder.path) to the Trash (\(trashed.file.path))"
                .escapingControlCharacters)
          }
        } catch {
          ErrorReporter.report(error)
          lastFailure = error
        }
      }
      if let lastFailure { throw ExitCode(lastFailure.exitCode) }
    } catch let error as DualCamError {
      ErrorReporter.report(error)
      throw ExitCode(error.exitCode)
    }
  }
}
