import ArgumentParser
import DualCamCore
import Foundation
import Library

/// `dualcam show TAKE`: everything a take's metadata says, for people.
struct ShowCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Show a take's whole metadata: files, sources, settings and sync figures.",
    discussion: """
      TAKE is a name from dualcam list or the path of a take folder. --json prints the take's \
      metadata.json exactly as stored.
      """)

  @OptionGroup var location: LibraryLocation

  @Argument(help: "The take: a name from dualcam list, or a take folder's path.")
  var take: String

  @Flag(name: .long, help: "Print metadata.json as stored.")
  var json = false

  func run() throws {
    do {
      let index = take.contains("/") ? LibraryIndex(roots: []) : try location.index()
      let entry = try location.take(take, in: index)
      if entry.summary == nil, let reason = entry.unreadableReason {
        throw DualCamError.unreadableMedia(
          "\(entry.name) cannot be shown: \(reason)",
          fix: "see the take folder \(entry.folder.path)")
      }
      let data = try TakeMetadataFile.data(of: entry)
      if json {
        FileHandle.standardOutput.write(data)
        if data.last != UInt8(ascii: "\n") { print() }
        return
      }
      let metadata: TakeMetadata?
      do {
        metadata = try TakeMetadataFile.decode(data)
      } catch {
        metadata = nil
        Console.status("\(error.problem); showing what could be read")
      }
      print(TakeReport(entry: entry, metadata: metadata).text)
    } catch let error as DualCamError {
      ErrorReporter.report(error)
      throw ExitCode(error.exitCode)
    }
  }
}
