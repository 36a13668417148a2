import Foundation
import TestSupport
import Testing

/// `dualcam list`, `show` and `delete` as scripts use them, on takes `dualcam record` made.
@Suite("dualcam list, show and delete", .serialized)
struct LibraryCommandTests {
  /// An output folder with two real takes and one whose metadata is another program's.
  final class Library {
    let folder: TemporaryFolder
    let home: TemporaryFolder
    var takes: [String] = []

    init() throws {
      folder = try TemporaryFolder()
      home = try TemporaryFolder()
      // The first take's back camera loses every fifth frame: a take with a problem whatever
      // the machine's load (the second may have some too on a busy machine).
      for (seconds, back) in [("1s", "synthetic:drop-every=5"), ("2s", "synthetic")] {
        let result = try CommandRunner.run(
          [
            "record", "--duration", seconds, "--size", "320x240", "--back", back, "--quiet",
            "--output", path,
          ])
        try #require(result.status == 0, "stderr: \(result.standardError)")
      }
      takes = folder.entries
      try #require(takes.count == 2)
      let foreign = folder.url.appendingPathComponent("2020-01-01_00-00-00")
      try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: false)
      try Data("{\"schema\": \"othercam/2\"}".utf8).write(
        to: foreign.appendingPathComponent("metadata.json"))
    }

    var path: String { folder.url.path }

    func run(_ arguments: [String]) throws -> CommandRunner.Result {
      try CommandRunner.run(arguments + ["--output", path], environment: ["HOME": home.url.path])
    }
  }

  @Test("list prints a table and JSON, sorted and filtered, unreadable takes marked")
  func list() throws {
    let library = try Library()
    let table = try library.run(["list"])
    #expect(table.status == 0, "stderr: \(table.standardError)")
    let lines = table.standardOutput.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines[0].hasPrefix("NAME"))
    #expect(lines[1].contains("2020-01-01_00-00-00") && lines[1].contains("unreadable"))
    #expect(lines[1].contains("schema \"othercam/2\""))
    #expect(lines[3].contains(library.takes[1]) && lines[3].contains("320x480"))

    let json = try library.run(["list", "--json", "--sort", "duration", "--reverse"])
    #expect(json.status == 0)
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
    #expect(
      items.map { $0["name"] as? String } == [
        library.takes[1], library.takes[0], "2020-01-01_00-00-00",
      ])
    #expect(items[0]["duration_seconds"] as? Double == 2)
    #expect(items[0]["codec"] as? String == "h264")
    #expect(items[2]["unreadable_reason"] as? String != nil)

    let searched = try library.run(["list", "--json", "--search", library.takes[0]])
    let found = try JSONSerialization.jsonObject(with: Data(searched.standardOutput.utf8))
    #expect((found as? [[String: Any]])?.count == 1)
    let problems = try library.run(["list", "--problems"])
    #expect(problems.status == 0)
    let listed = problems.standardOutput.split(separator: "\n").dropFirst()
    #expect(listed.contains { $0.contains(library.takes[0]) && $0.contains("drops") })
    #expect(
      listed.allSatisfy { line in
        ["drops", "repeats", "lost-signal"].contains { line.contains($0) }
      },
      "only takes with a problem: \(listed)")
    let none = try library.run(["list", "--problems", "--search", "no-such-take"])
    #expect(none.status == 0 && none.standardOutput.isEmpty)
    #expect(none.standardError.contains("no take matches"))
  }

  @Test("absurd numbers in a take's metadata are shown as what they are, never a crash")
  func absurdNumbers() throws {
    let library = try Library()
    for value in ["-1e308", "1e300", "-5"] {
      for take in library.takes {
        let url = library.folder.url.appendingPathComponent("\(take)/metadata.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let changed = text.replacingOccurrences(
          of: #""duration_seconds" : [^,\n]+"#, with: "\"duration_seconds\" : \(value)",
          options: .regularExpression)
        try changed.write(to: url, atomically: true, encoding: .utf8)
      }
      let listed = try library.run(["list"])
      #expect(listed.status == 0, "\(value): \(listed.standardError)")
      #expect(listed.standardOutput.contains(library.takes[0]), "\(value)")
      let shown = try library.run(["show", library.takes[0]])
      #expect(shown.status == 0, "\(value): \(shown.standardError)")
      #expect(shown.standardOutput.contains("Length"), "\(value)")
    }
  }

  @Test("text from a take reaches the terminal escaped: names, notes, tags, labels")
  func terminalEscapes() throws {
    let library = try Library()
    let take = library.takes[0]
    let url = library.folder.url.appendingPathComponent("\(take)/metadata.json")
    var metadata = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    metadata["notes"] = "evil\u{1B}]2;pwned\u{7} notes\nsecond line \u{202E}gnp.exe"
    metadata["tags"] = ["a\u{1B}[2Jb"]
    try JSONSerialization.data(withJSONObject: metadata).write(to: url)
    let renamed = take.replacingOccurrences(of: "_", with: "_\u{1B}[31m_")
    try FileManager.default.moveItem(
      at: library.folder.url.appendingPathComponent(take),
      to: library.folder.url.appendingPathComponent(renamed))
    let listed = try library.run(["list"])
    #expect(listed.status == 0, "stderr: \(listed.standardError)")
    let shown = try library.run(["show", renamed])
    #expect(shown.status == 0, "stderr: \(shown.standardError)")
    for output in [listed.standardOutput, shown.standardOutput] {
      #expect(
        !output.contains("\u{1B}") && !output.contains("\u{7}") && !output.contains("\u{202E}"))
    }
    #expect(listed.standardOutput.contains("\\u{1B}[31m"), "the escape written out")
    #expect(shown.standardOutput.contains("evil\\u{1B}]2;pwned\\u{7} notes"))
    // A line break in the notes continues under the value, not as a row of its own.
    #expect(shown.standardOutput.contains("\n" + String(repeating: " ", count: 18) + "second line"))
    #expect(shown.standardOutput.contains("Tags              a\\u{1B}[2Jb"))
  }

  @Test("show prints the whole metadata, or the file as stored with --json")
  func show() throws {
    let library = try Library()
    let take = library.takes[0]
    let text = try library.run(["show", take])
    #expect(text.status == 0, "stderr: \(text.standardError)")
    for expected in [
      "Take              \(take)", "Files", "dualview_\(take).mov", "Sources", "Sync",
    ] {
      #expect(text.standardOutput.contains(expected), "missing \(expected)")
    }
    let json = try library.run(["show", "--json", take])
    let stored = try String(
      contentsOf: library.folder.url.appendingPathComponent("\(take)/metadata.json"),
      encoding: .utf8)
    #expect(json.standardOutput == stored + (stored.hasSuffix("\n") ? "" : "\n"))
    let broken = try library.run(["show", "2020-01-01_00-00-00"])
    #expect(broken.status == 65)
    #expect(broken.standardError.contains("othercam/2"))
  }

  @Test("delete moves takes to the Trash with a .trashinfo; --permanent needs --yes")
  func delete() throws {
    let library = try Library()
    let trashed = try library.run(["delete", library.takes[0]])
    #expect(trashed.status == 0, "stderr: \(trashed.standardError)")
    let trash = library.home.url.appendingPathComponent(".local/share/Trash")
    let info = try String(
      contentsOf: trash.appendingPathComponent("info/\(library.takes[0]).trashinfo"),
      encoding: .utf8)
    let original = library.folder.url.appendingPathComponent(library.takes[0]).path
    #expect(info.contains("Path=\(original)\n"))
    #expect(!FileManager.default.fileExists(atPath: original))

    let unconfirmed = try library.run(["delete", "--permanent", library.takes[1]])
    #expect(unconfirmed.status == 64)
    #expect(unconfirmed.standardError.contains("--yes"))
    let second = library.folder.url.appendingPathComponent(library.takes[1]).path
    #expect(FileManager.default.fileExists(atPath: second))

    let typo = try library.run(["delete", library.takes[1], "no-such-take"])
    #expect(typo.status == 64)
    #expect(FileManager.default.fileExists(atPath: second), "a typo deletes nothing")

    let permanent = try library.run(["delete", "--permanent", "--yes", library.takes[1]])
    #expect(permanent.status == 0, "stderr: \(permanent.standardError)")
    #expect(!FileManager.default.fileExists(atPath: second))
    #expect(
      !FileManager.default.fileExists(
        atPath: trash.appendingPathComponent("files/\(library.takes[1])").path))
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var status: Int32
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let badInput: [Case] = [
    Case(arguments: ["list", "--sort", "colour"], status: 64, message: "cannot sort by 'colour'"),
    Case(arguments: ["list", "--since", "yesterday"], status: 64, message: "is not a date"),
    Case(arguments: ["list", "--until", "2026-13-01"], status: 64, message: "not a valid date"),
    Case(arguments: ["list", "--resolution", "big"], status: 64, message: "is not WIDTHxHEIGHT"),
    Case(arguments: ["show", "nope"], status: 64, message: "no take named nope"),
    Case(arguments: ["show", "/"], status: 64, message: "is not a take"),
    Case(arguments: ["delete", "nope"], status: 64, message: "no take named nope"),
  ]

  @Test("bad input is named with its fix", arguments: badInput)
  func bad(_ testCase: Case) throws {
    let folder = try TemporaryFolder()
    let result = try CommandRunner.run(testCase.arguments + ["--output", folder.url.path])
    #expect(result.status == testCase.status, "stderr: \(result.standardError)")
    #expect(result.standardError.contains(testCase.message), "stderr: \(result.standardError)")
    #expect(result.standardError.contains("hint: "))
  }

  @Test("a missing output folder is refused with status 73")
  func missingFolder() throws {
    let result = try CommandRunner.run(["list", "--output", "/nonexistent/dualcam-takes"])
    #expect(result.status == 73)
    #expect(result.standardError.contains("does not exist"))
  }
}
