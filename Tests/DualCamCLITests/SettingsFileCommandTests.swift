import DualCamCore
import Foundation
import TestSupport
import Testing

/// The settings file as the commands use it: read at start, flags on top, a broken file never
/// silently replaced.
@Suite("dualcam reads the settings file; flags override it")
struct SettingsFileCommandTests {
  func record(_ settings: String, _ arguments: [String] = []) throws -> (
    CommandRunner.Result, TemporaryFolder
  ) {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("settings.toml")
    try settings.write(to: file, atomically: true, encoding: .utf8)
    let takes = folder.url.appendingPathComponent("takes")
    try FileManager.default.createDirectory(at: takes, withIntermediateDirectories: true)
    let result = try CommandRunner.run(
      ["record", "--duration", "1s", "--quiet", "--json", "--output", takes.path] + arguments,
      environment: ["DUALCAM_SETTINGS": file.path])
    return (result, folder)
  }

  func metadata(_ result: CommandRunner.Result) throws -> TakeMetadata {
    let json = try #require(result.standardOutput.data(using: .utf8))
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return try decoder.decode(TakeMetadata.self, from: json)
  }

  static let file = """
    [recording]
    size = "320x240"
    fps = "15"

    [layout]
    order = "back-top"

    [devices]
    front = "synthetic"
    back = "synthetic:label=FromSettings"
    """

  @Test func recordUsesTheFile() throws {
    let (result, _) = try record(Self.file)
    #expect(result.status == 0, "\(result.standardError)")
    let metadata = try metadata(result)
    #expect(metadata.settings.size == ImageSize(width: 320, height: 240))
    #expect(metadata.settings.frameRate == FrameRate(numerator: 15))
    #expect(metadata.settings.layout.order == .backOnTop)
    #expect(metadata.sources["back"]?.label.contains("FromSettings") == true)
    #expect(metadata.sync.frames == 15, "one second at the file's 15 fps")
  }

  @Test func flagsOverrideTheFile() throws {
    let (result, _) = try record(Self.file, ["--fps", "10", "--back", "synthetic"])
    #expect(result.status == 0, "\(result.standardError)")
    let metadata = try metadata(result)
    #expect(metadata.settings.frameRate == FrameRate(numerator: 10))
    #expect(metadata.settings.size == ImageSize(width: 320, height: 240))
    #expect(metadata.sync.frames == 10)
    #expect(metadata.sources["back"]?.label.contains("FromSettings") == false)
  }

  @Test func aBrokenFileStopsRecordAndIsLeftAlone() throws {
    let broken = "[recording]\nfps = \"fast\"\n"
    let (result, folder) = try record(broken)
    #expect(result.status == 64)
    #expect(result.standardError.contains("[recording] fps"))
    let file = folder.url.appendingPathComponent("settings.toml")
    #expect(try String(contentsOf: file, encoding: .utf8) == broken)
  }

  @Test func theInterfaceWithoutATerminalChangesNothing() throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("settings.toml")
    try "[recording]\nfps = \"fast\"\n".write(to: file, atomically: true, encoding: .utf8)
    let result = try CommandRunner.run([], environment: ["DUALCAM_SETTINGS": file.path])
    #expect(result.status == 64)
    #expect(result.standardError.contains("needs a terminal"))
    #expect(folder.entries == ["settings.toml"], "the broken file stays where it is")
  }

  /// Values too large for an integer trapped (SIGILL) before they were checked.
  @Test(arguments: [
    ("[layout]\nborder = 9223372036854775807\n", "[layout] border"),
    ("[layout]\nborder = inf\n", "[layout] border"),
    ("[recording]\nfps = \"1e308\"\n", "outside 1–240 fps"),
    ("[recording]\nbitrate = \"1e30\"\n", "outside 100k–1000M"),
  ])
  func absurdNumbersAreRefused(settings: String, expected: String) throws {
    let (result, _) = try record(settings)
    #expect(result.status == 64, "\(result.standardError)")
    #expect(result.standardError.contains(expected), "\(result.standardError)")
  }

  @Test func garbageNamesItsLineAndNotPermissions() throws {
    var bytes = Array("[recording]\nfps = \"30\"\n".utf8)
    bytes += [0xC3, 0x28, 0xFF, 0xFE, 0x0A]
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("settings.toml")
    try Data(bytes).write(to: file)
    let result = try CommandRunner.run(
      ["record", "--duration", "1s", "--output", folder.url.path],
      environment: ["DUALCAM_SETTINGS": file.path])
    #expect(result.status == 64)
    #expect(result.standardError.contains("line 3: is not UTF-8 text"), "\(result.standardError)")
    #expect(!result.standardError.contains("permission"))
  }

  @Test func textAfterANulByteIsNotIgnored() throws {
    let (result, _) = try record("[recording]\nfps = \"15\"\n\0[nonsense\n")
    #expect(result.status == 64)
    #expect(result.standardError.contains("line 3: contains a NUL byte"), "\(result.standardError)")
  }
}
