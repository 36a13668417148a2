import DualCamCore
import Foundation
import Session
import TestSupport
import Testing

/// The settings file: round trip, every mistake named, broken files kept aside.
@Suite struct SettingsFileTests {
  @Test func roundTripKeepsEverything() throws {
    var file = SettingsFile()
    file.recording.size = ImageSize(width: 1920, height: 1080)
    file.recording.frameRate = FrameRate(numerator: 30000, denominator: 1001)
    file.recording.codec = .hevc
    file.recording.container = .mkv
    file.recording.cameraCodec = .copy
    file.recording.preset = "veryfast"
    file.recording.outputDirectory = "/srv/takes \"lecture\""
    file.recording.layout.order = .backOnTop
    file.recording.layout.canvas = .portrait
    file.recording.layout.split = .sixtyForty
    file.recording.layout.border = .init(thickness: 4, color: .white)
    file.recording.layout.frontZoom = .init(factor: 2.5)
    file.frontSource = "/dev/v4l/by-id/usb-Logitech_C920-video-index0"
    file.backSource = "synthetic"
    file.interface.fpsCounter = true
    file.interface.colors = "256"
    file.interface.pictures = "chafa"
    file.interface.overBudget = "refuse"
    let parsed = try SettingsFile.parse(file.text)
    #expect(parsed == file)
  }

  @Test func aPictureRendererThatDoesNotExistIsNamed() {
    #expect(throws: DualCamError.self) {
      try SettingsFile.parse("[interface]\npictures = \"sixel\"\n")
    }
    for choice in ["auto", "pixels", "chafa", "blocks"] {
      #expect(
        (try? SettingsFile.parse("[interface]\npictures = \"\(choice)\"\n"))?.interface.pictures
          == choice)
    }
  }

  @Test func anAnswerToATakeOverBudgetThatDoesNotExistIsNamed() {
    do {
      _ = try SettingsFile.parse("[interface]\nover_budget = \"maybe\"\n")
      Issue.record("accepted")
    } catch {
      #expect(error.problem.contains("'maybe' is not an answer to a take over budget"))
      #expect(error.fix.contains("ask, adapt, refuse or ignore"))
    }
    for answer in ["ask", "adapt", "refuse", "ignore"] {
      #expect(
        (try? SettingsFile.parse("[interface]\nover_budget = \"\(answer)\"\n"))?.interface
          .overBudget == answer)
    }
    #expect(SettingsFile().interface.overBudget == "ask")
  }

  @Test func aMissingFileGivesTheDefaults() throws {
    let folder = try TemporaryFolder()
    let loaded = try SettingsFile.load(from: folder.url.appendingPathComponent("none.toml"))
    #expect(loaded == SettingsFile())
  }

  @Test(arguments: [
    ("[recording]\nfps = \"fast\"\n", "[recording] fps"),
    ("[recording]\nsize = 12\n", "[recording] size"),
    ("[recording]\nfsp = \"30\"\n", "unknown key"),
    ("[layuot]\n", "unknown section [layuot]"),
    ("[layout]\nborder = \"thick\"\n", "[layout] border: must be a number"),
    ("[layout]\nfront_zoom = 20\n", "[layout] front_zoom"),
    ("[interface]\nfps_counter = \"yes\"\n", "must be true or false"),
    ("[recording\nsize = \"1280x720\"\n", "line 1"),
    ("[layout]\nborder = 9223372036854775807\n", "[layout] border: 9.2"),
    ("[layout]\nborder = nan\n", "[layout] border: nan is not"),
    ("[layout]\nborder = -inf\n", "[layout] border: -inf is not"),
    ("[layout]\nborder = 2.5\n", "[layout] border: 2.5 is not"),
    ("[layout]\nborder = 201\n", "border: 201 is not a border thickness"),
    ("[layout]\nfront_zoom = nan\n", "[layout] front_zoom: nan"),
    ("[recording]\nfps = \"1e308\"\n", "[recording] fps"),
    ("[recording]\nfps = \"9223372036854775807/1\"\n", "[recording] fps"),
    ("[recording]\nbitrate = \"1e30\"\n", "[recording] bitrate"),
    ("[recording]\nsize = \"99999x99999\"\n", "larger than 8192"),
    // Found by fuzzing: an escape character in a key aborted the C++ parser used before.
    ("[\u{1B}layout]\nborder = 4\n", "line 1: contains the control character U+001B"),
    ("[layout]\r\nborder = 4\u{7F}\r\n", "line 2: contains the control character U+007F"),
    // Found by fuzzing: a header with no name aborted the C++ parser used before.
    ("[\n)", "line 1: a section header must name the section"),
    ("[recording]\nsize = \"640x480\"\n[[ )\n", "line 3: a section header must name"),
    ("[\t\n", "line 1: a section header must name"),
    ("\u{FEFF}[\n\nx = 1\n", "line 1: a section header must name"),  // after a byte-order mark
  ])
  func mistakesAreNamed(text: String, expected: String) {
    do {
      _ = try SettingsFile.parse(text)
      Issue.record("'\(text)' was accepted")
    } catch {
      #expect(error.problem.contains(expected), "\(error.problem)")
      #expect(error.exitCode == 64)
    }
  }

  @Test func aBrokenFileIsSetAsideNotOverwritten() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("settings.toml")
    try "[recording]\nfps = \"fast\"\n".write(to: url, atomically: true, encoding: .utf8)
    let outcome = SettingsFile.loadOrSetAside(from: url)
    #expect(outcome.settings == SettingsFile())
    let problem = try #require(outcome.problem)
    #expect(problem.contains("kept as"))
    let kept = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(kept.count == 1 && kept[0].hasPrefix("settings.toml.broken-"))
    let backup = folder.url.appendingPathComponent(kept[0])
    #expect(try String(contentsOf: backup, encoding: .utf8) == "[recording]\nfps = \"fast\"\n")
  }

  @Test func headersInsideMultiLineStringsAreText() throws {
    let text = "[devices]\nfront = \"\"\"\n[\n)\"\"\"\n[layout]\nborder = 2\n"
    do {
      _ = try SettingsFile.parse(text)
    } catch {
      #expect(!error.problem.contains("section header"), "\(error.problem)")
    }
  }

  @Test func crlfLineEndsAndTabsAreFine() throws {
    let file = try SettingsFile.parse("[layout]\r\n\tborder = 4\r\n")
    #expect(file.recording.layout.border?.thickness == 4)
  }

  @Test func theBorderRangeIsTheFlagsRange() throws {
    let file = try SettingsFile.parse("[layout]\nborder = 200\n")
    #expect(file.recording.layout.border?.thickness == 200)
    let none = try SettingsFile.parse("[layout]\nborder = 0\n")
    #expect(none.recording.layout.border == nil)
  }

  @Test func aNulByteOrBadUTF8IsNamedByLine() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("settings.toml")
    try Data("[recording]\nfps = \"30\"\0[x\n".utf8).write(to: url)
    #expect(throws: DualCamError.self) { try SettingsFile.load(from: url) }
    do {
      _ = try SettingsFile.load(from: url)
    } catch {
      #expect(error.problem.contains("line 2: contains a NUL byte"), "\(error.problem)")
    }
    try Data([0x5B, 0x0A, 0x80, 0x0A]).write(to: url)
    do {
      _ = try SettingsFile.load(from: url)
      Issue.record("invalid UTF-8 was accepted")
    } catch {
      #expect(error.problem.contains("line 2: is not UTF-8 text"), "\(error.problem)")
      #expect(!error.fix.contains("permission"))
    }
  }

  @Test func aFIFOInPlaceOfTheFileDoesNotBlock() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("settings.toml")
    #expect(mkfifo(url.path, 0o644) == 0)
    let outcome = SettingsFile.loadOrSetAside(from: url)
    #expect(outcome.problem?.contains("is not a regular file") == true, "\(outcome.problem ?? "")")
  }

  @Test func aFileWhoseReadingKilledTheLastRunIsSetAside() throws {
    let folder = try TemporaryFolder()
    let url = folder.url.appendingPathComponent("settings.toml")
    try "[recording]\nfps = \"30\"\n".write(to: url, atomically: true, encoding: .utf8)
    #expect(SettingsFile.loadOrSetAside(from: url).problem == nil)
    #expect(folder.entries == ["settings.toml"], "the note of a finished read is removed")
    // A process that began reading and died: pid 2^22 + 1 is above Linux's pid_max.
    let marker = folder.url.appendingPathComponent(".settings.toml.reading")
    try "4194305\n".write(to: marker, atomically: true, encoding: .utf8)
    let outcome = SettingsFile.loadOrSetAside(from: url)
    #expect(outcome.problem?.contains("stopped DualCam while it was being read") == true)
    #expect(folder.entries.count == 1 && folder.entries[0].hasPrefix("settings.toml.broken-"))
    #expect(SettingsFile.loadOrSetAside(from: url).problem == nil, "the next start is clean")
  }

  @Test func locationFollowsXDG() {
    let explicit = SettingsFile.defaultURL(environment: ["DUALCAM_SETTINGS": "/tmp/x.toml"])
    #expect(explicit.path == "/tmp/x.toml")
    let xdg = SettingsFile.defaultURL(environment: ["XDG_CONFIG_HOME": "/home/u/.cfg"])
    #expect(xdg.path == "/home/u/.cfg/dualcam/settings.toml")
  }
}
