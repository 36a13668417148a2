import Foundation
import Library
import Testing

/// Timestamps are parsed without a formatter, so their edge cases are pinned here.
@Suite("Library: timestamps")
struct TakeNameTests {
  @Test(
    "metadata timestamps",
    arguments: [
      ("2026-11-23T13:02:28.340Z", 1_795_438_948.340),
      ("2026-11-23T13:02:28Z", 1_795_438_948),
      ("1970-01-01T00:00:00.000000001Z", 0.000000001),
      ("2026-11-23T13:02:28.1234567890123456789012345Z", 1_795_438_948.123456789),
    ])
  func timestamps(_ text: String, _ seconds: Double) throws {
    let date = try #require(TakeName.date(fromTimestamp: text))
    #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6)
  }

  @Test(
    "malformed timestamps are nil, never a crash",
    arguments: [
      "", "2026-11-23", "2026-11-23T13:02:28", "2026-13-23T13:02:28Z", "2026-11-23T13:02:28.Z",
      "2026-11-23T13:02:28.12x4Z", "2026-11-23 13:02:28Z", "2026-11-23T13:02:28+01:00",
      "9999999999999999999999-11-23T13:02:28Z",
    ])
  func malformed(_ text: String) {
    #expect(TakeName.date(fromTimestamp: text) == nil)
  }

  @Test(
    "folder names",
    arguments: [
      ("2026-11-23_13-02-28", true), ("2026-11-23_13-02-28-2", true),
      ("2026-11-23_13-02-28.partial", true), ("2026-11-23_13-02-28-x", false),
      ("Concert", false), ("2026-11-23", false),
    ])
  func folderNames(_ name: String, _ isTake: Bool) {
    #expect(TakeName.looksLikeTake(name) == isTake)
  }
}
