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
    let parsed = try SettingsFile.parse(file.text)
    #expect(parsed == file)
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

  @Test func locationFollowsXDG() {
    let explicit = SettingsFile.defaultURL(environment: ["DUALCAM_SETTINGS": "/tmp/x.toml"])
    #expect(explicit.path == "/tmp/x.toml")
    let xdg = SettingsFile.defaultURL(environment: ["XDG_CONFIG_HOME": "/home/u/.cfg"])
    #expect(xdg.path == "/home/u/.cfg/dualcam/settings.toml")
  }
}
