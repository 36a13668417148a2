import ArgumentParser
import ProcessPolicy

/// `dualcam`: record two cameras at once into three synchronized files.
@main
struct DualCam: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dualcam",
    abstract: "Record two cameras at once into three synchronized files.",
    discussion: """
      Each take is a folder with dualview_<time>.mov (both cameras stacked), front_<time>.mov, \
      back_<time>.mov and metadata.json. Without cameras, built-in synthetic test patterns stand in.

      Exit status: 0 success, 64 bad flag or setting, 65 unreadable media, 66 source \
      unavailable, 70 encoder failure, 73 output folder unusable, 74 write failure (e.g. disk full).
      """,
    version: "0.1.0",
    subcommands: [
      InterfaceCommand.self, RecordCommand.self, RecoverCommand.self, DevicesCommand.self,
      ControlsCommand.self, BudgetCommand.self, ListCommand.self, ShowCommand.self,
      DeleteCommand.self, ExportCommand.self,
    ],
    defaultSubcommand: InterfaceCommand.self)

  /// Applies process-wide memory settings before any library allocates, then parses and runs.
  static func main() {
    HugePagePolicy.apply()
    main(nil)
  }
}
