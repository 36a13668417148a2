import ArgumentParser
import DualCamCore
import Foundation
import Library

/// `dualcam list`: the takes in the recordings folder, as a table or JSON.
struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the takes: date, length, size, resolution, codec and problems.",
    discussion: """
      Interrupted takes (…​.partial) are listed with the flag `interrupted` (finish them with \
      dualcam recover); takes whose files or metadata cannot be read are listed with the flag \
      `unreadable` and the reason. --json prints an array with one object per take.
      """)

  @OptionGroup var location: LibraryLocation

  @Option(name: .long, help: "Sort by date (default), duration, size or name.")
  var sort = "date"

  @Flag(name: .long, help: "Reverse the order (newest, longest, largest first).")
  var reverse = false

  @Option(
    name: .long, help: "Only takes of this size, camera or dual view (e.g. 1280x720); repeatable.")
  var resolution: [String] = []

  @Option(name: .long, help: "Only takes started on or after this day or time (2026-11-23 14:00).")
  var since: String?

  @Option(name: .long, help: "Only takes started before the end of this day, or this time.")
  var until: String?

  @Flag(name: .long, help: "Only takes with dropped or repeated frames or a lost signal.")
  var problems = false

  @Option(name: .long, help: "Only takes whose name, date, devices, notes or tags contain this.")
  var search: String?

  @Flag(name: .long, help: "Print the takes as JSON.")
  var json = false

  @Flag(name: .long, help: "Also say which other files and folders were passed over, and why.")
  var verbose = false

  func run() throws {
    do {
      let query = try makeQuery()
      let index = try location.index()
      for root in index.unavailableRoots where !location.output.isEmpty {
        throw DualCamError.outputUnavailable(
          "cannot read \(root.path.path): \(root.reason)", fix: "check its permissions")
      }
      let entries = query.apply(to: index.entries)
      if json {
        print(TakeListing.json(entries))
      } else if entries.isEmpty {
        let places = index.roots.map(\.path).joined(separator: ", ")
        Console.status(index.entries.isEmpty ? "no takes in \(places)" : "no take matches")
      } else {
        print(TakeListing.table(entries))
      }
      if verbose {
        for item in index.skipped { Console.status("skipped \(item.path.path): \(item.reason)") }
      }
    } catch let error as DualCamError {
      ErrorReporter.report(error)
      throw ExitCode(error.exitCode)
    }
  }

  /// The query the flags describe.
  func makeQuery() throws(DualCamError) -> TakeQuery {
    guard let key = TakeQuery.SortKey(rawValue: sort.lowercased()) else {
      throw .invalidArgument(
        "cannot sort by '\(sort)'", fix: "use --sort date, duration, size or name")
    }
    var query = TakeQuery(sortKey: key, descending: reverse, onlyProblems: problems)
    for text in resolution { query.resolutions.insert(try ImageSize(parsing: text)) }
    if let since { query.startedFrom = try LocalDate.parse(since, flag: "--since").start }
    if let until { query.startedBefore = try LocalDate.parse(until, flag: "--until").end }
    query.search = search ?? ""
    return query
  }
}

/// A day (`2026-11-23`) or a minute (`2026-11-23 14:00`, `2026-11-23T14:00`) in local time.
enum LocalDate {
  /// The moment it begins and the moment after it ends.
  static func parse(_ text: String, flag: String) throws(DualCamError) -> (start: Date, end: Date) {
    let fields = text.split(whereSeparator: { "-: T".contains($0) }).map { Int($0) }
    guard fields.count == 3 || fields.count == 5, fields.allSatisfy({ $0 != nil }) else {
      throw .invalidArgument(
        "\(flag) '\(text)' is not a date", fix: "write 2026-11-23 or \"2026-11-23 14:00\"")
    }
    let values = fields.map { $0! }
    var components = DateComponents(year: values[0], month: values[1], day: values[2])
    if values.count == 5 {
      components.hour = values[3]
      components.minute = values[4]
    }
    let calendar = Calendar.current
    guard (1...12).contains(values[1]), (1...31).contains(values[2]),
      values.count == 3 || ((0...23).contains(values[3]) && (0...59).contains(values[4])),
      let start = calendar.date(from: components),
      let end = calendar.date(byAdding: values.count == 3 ? .day : .minute, value: 1, to: start)
    else {
      throw .invalidArgument("\(flag) '\(text)' is not a valid date", fix: "check the numbers")
    }
    return (start, end)
  }
}
