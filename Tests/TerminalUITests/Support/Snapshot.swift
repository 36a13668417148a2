import Foundation
import Testing

/// Compares a screen's text with `__Snapshots__/<name>.txt` beside the calling test file;
/// `RECORD_SNAPSHOTS=1` writes the files instead (review the diff before committing).
func assertSnapshot(
  _ text: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__")
  let url = folder.appendingPathComponent("\(name).txt")
  let actual = text + "\n"
  if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try? actual.write(to: url, atomically: true, encoding: .utf8)
    return
  }
  guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
    Issue.record(
      "no snapshot \(name).txt: run the tests with RECORD_SNAPSHOTS=1 to record it",
      sourceLocation: sourceLocation)
    return
  }
  if expected != actual {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let firstDifference =
      zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expectedLines.count, actualLines.count)
    Issue.record(
      """
      screen differs from \(name).txt at line \(firstDifference + 1) \
      (RECORD_SNAPSHOTS=1 re-records):
      \(actual)
      """, sourceLocation: sourceLocation)
  }
}
