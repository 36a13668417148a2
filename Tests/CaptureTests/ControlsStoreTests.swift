import Capture
import Foundation
import TestSupport
import Testing

/// Saving control values per camera identity, re-applying them, and never losing a broken file.
@Suite("saved camera controls")
struct ControlsStoreTests {
  @Test("the folder follows XDG_CONFIG_HOME, else ~/.config")
  func folder() {
    let xdg = ControlStore(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/u"])
    #expect(xdg.directory.path == "/cfg/dualcam/controls")
    let home = ControlStore(environment: ["HOME": "/home/u"])
    #expect(home.directory.path == "/home/u/.config/dualcam/controls")
    let relative = ControlStore(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/home/u"])
    #expect(
      relative.directory.path == "/home/u/.config/dualcam/controls", "XDG paths must be absolute")
  }

  @Test("identities become safe file names")
  func fileNames() {
    let store = ControlStore(directory: URL(fileURLWithPath: "/c"))
    #expect(
      store.fileURL(for: "usb-Logitech C920/ABC:1").lastPathComponent
        == "usb-Logitech_C920_ABC_1.json")
    #expect(store.fileURL(for: "../x").lastPathComponent == "_.._x.json")
  }

  @Test("values round-trip, merge, and are removed by name or all at once")
  func roundTrip() throws {
    let folder = try TemporaryFolder()
    let store = ControlStore(directory: folder.url.appendingPathComponent("controls"))
    #expect(store.load(identity: "cam").values.isEmpty)
    #expect(try store.save(["brightness": 10, "auto_exposure": 1], identity: "cam") == nil)
    try store.save(["brightness": 12, "gain": 5], identity: "cam")
    #expect(
      store.load(identity: "cam").values == ["brightness": 12, "auto_exposure": 1, "gain": 5])
    let text = try String(contentsOf: store.fileURL(for: "cam"), encoding: .utf8)
    #expect(text.contains("\"identity\" : \"cam\""), "readable: \(text)")
    #expect(text.contains("\"brightness\" : 12"))
    try store.remove(["gain"], identity: "cam")
    #expect(store.load(identity: "cam").values == ["brightness": 12, "auto_exposure": 1])
    try store.remove(identity: "cam")
    #expect(!FileManager.default.fileExists(atPath: store.fileURL(for: "cam").path))
  }

  @Test("a FIFO in place of a camera's file is not read (it would block)")
  func fifoIsNotRead() throws {
    let folder = try TemporaryFolder()
    let store = ControlStore(directory: folder.url)
    #expect(mkfifo(store.fileURL(for: "cam").path, 0o644) == 0)
    #expect(store.load(identity: "cam").values.isEmpty)
  }

  @Test("a broken file is reported and kept aside, never overwritten silently")
  func brokenFile() throws {
    let folder = try TemporaryFolder()
    let store = ControlStore(directory: folder.url)
    let url = store.fileURL(for: "cam")
    try Data("{ not json".utf8).write(to: url)
    let loaded = store.load(identity: "cam")
    #expect(loaded.values.isEmpty)
    let warning = try #require(loaded.warning)
    #expect(warning.contains("could not be read; kept as"))
    let backups = folder.entries.filter { $0.hasPrefix("cam.json.broken-") }
    #expect(backups.count == 1)
    #expect(
      try String(contentsOf: folder.url.appendingPathComponent(backups[0]), encoding: .utf8)
        == "{ not json")
    // Saving over a broken file moves it aside first and says so.
    try Data("[]".utf8).write(to: url)
    let saveWarning = try store.save(["brightness": 3], identity: "cam")
    #expect(saveWarning != nil)
    #expect(store.load(identity: "cam").values == ["brightness": 3])
    #expect(folder.entries.filter { $0.hasPrefix("cam.json.broken-") }.count == 2)
  }

  @Test("what a user sets is saved and re-applied to the camera after re-opening")
  func setSaveReapply() throws {
    let folder = try TemporaryFolder()
    let store = ControlStore(directory: folder.url)
    let (controls, _) = try ControlsTests.camera()
    let outcome = try controls.set("exposure_time_absolute", to: "640")
    try store.save(outcome.written, identity: "cam")
    try store.save(try controls.set("brightness", to: "20").written, identity: "cam")

    let (fresh, kernel) = try ControlsTests.camera()
    #expect(fresh.apply(store.load(identity: "cam").values).isEmpty)
    #expect(kernel.value(CameraFixtures.exposureAuto, on: ControlsTests.path) == 1)
    #expect(kernel.value(CameraFixtures.exposureTime, on: ControlsTests.path) == 640)
    #expect(kernel.value(CameraFixtures.brightnessID, on: ControlsTests.path) == 20)
  }

  @Test("applySaved reports a broken file and applies nothing from it")
  func applySavedBroken() throws {
    let folder = try TemporaryFolder()
    let store = ControlStore(directory: folder.url)
    try Data("garbage".utf8).write(to: store.fileURL(for: "cam"))
    let (controls, kernel) = try ControlsTests.camera()
    let notes = controls.applySaved(from: store, identity: "cam")
    #expect(notes.count == 1 && notes[0].contains("could not be read"))
    #expect(kernel.writes.isEmpty)
  }
}
