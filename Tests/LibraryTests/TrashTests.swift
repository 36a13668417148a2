import DualCamCore
import Foundation
import Library
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Takes go to the freedesktop.org Trash with a `.trashinfo` a file manager can restore from.
@Suite("Library: Trash")
struct TrashTests {
  /// A home folder of its own for each test.
  static func environment(_ home: TemporaryFolder) -> LibraryEnvironment {
    LibraryEnvironment(variables: ["HOME": home.url.path], userID: 1234)
  }

  static let fixedNow = Date(timeIntervalSince1970: 1_795_438_948)

  @Test("a take goes to the home Trash with a correct .trashinfo and comes back")
  func homeTrash() throws {
    let home = try TemporaryFolder()
    let videos = home.url.appendingPathComponent("Vidéos/Dual Cam")
    let take = try TakeFactory.make(in: videos)
    let trash = Trash(environment: Self.environment(home), now: { Self.fixedNow })
    let trashed = try trash.move(take)

    let trashFolder = home.url.appendingPathComponent(".local/share/Trash")
    #expect(trashed.trashDirectory.path == trashFolder.path)
    #expect(!FileManager.default.fileExists(atPath: take.path))
    #expect(
      FileManager.default.fileExists(
        atPath: trashed.file.appendingPathComponent("metadata.json").path))
    let info = try String(contentsOf: trashed.infoFile, encoding: .utf8)
    let encodedFolder = take.path.replacingOccurrences(of: "é", with: "%C3%A9")
      .replacingOccurrences(of: " ", with: "%20")
    let date = TrashInfo.deletionDate(for: Self.fixedNow)
    #expect(info == "[Trash Info]\nPath=\(encodedFolder)\nDeletionDate=\(date)\n")
    #expect(date.count == 19 && date.dropFirst(10).hasPrefix("T"))

    let restored = try trash.restore(infoFile: trashed.infoFile)
    #expect(restored.path == take.path)
    #expect(
      FileManager.default.fileExists(atPath: take.appendingPathComponent("metadata.json").path))
    #expect(!FileManager.default.fileExists(atPath: trashed.infoFile.path))
  }

  @Test("XDG_DATA_HOME chooses the home Trash; a relative one is ignored")
  func dataHome() throws {
    let home = try TemporaryFolder()
    let data = home.url.appendingPathComponent("data").path
    let given = LibraryEnvironment(
      variables: ["HOME": home.url.path, "XDG_DATA_HOME": data], userID: 1)
    #expect(given.homeTrash.path == data + "/Trash")
    let relative = LibraryEnvironment(
      variables: ["HOME": home.url.path, "XDG_DATA_HOME": "data"], userID: 1)
    #expect(relative.homeTrash.path == home.url.path + "/.local/share/Trash")
  }

  @Test("two takes with the same name both keep a .trashinfo of their own")
  func collision() throws {
    let home = try TemporaryFolder()
    let first = try TakeFactory.make(in: home.url.appendingPathComponent("a"))
    let second = try TakeFactory.make(in: home.url.appendingPathComponent("b"))
    let trash = Trash(environment: Self.environment(home))
    let one = try trash.move(first)
    let two = try trash.move(second)

    #expect(one.name == first.lastPathComponent)
    #expect(two.name == first.lastPathComponent + ".2")
    let info = try String(contentsOf: two.infoFile, encoding: .utf8)
    #expect(info.contains("Path=\(second.path)\n"))
    try trash.restore(infoFile: two.infoFile)
    #expect(FileManager.default.fileExists(atPath: second.path))
    #expect(!FileManager.default.fileExists(atPath: first.path))
  }

  @Test("a restore refuses to overwrite a take that exists again")
  func restoreRefusesOverwrite() throws {
    let home = try TemporaryFolder()
    let take = try TakeFactory.make(in: home.url.appendingPathComponent("v"))
    let trash = Trash(environment: Self.environment(home))
    let trashed = try trash.move(take)
    try TakeFactory.make(in: home.url.appendingPathComponent("v"))
    #expect(throws: DualCamError.self) { try trash.restore(infoFile: trashed.infoFile) }
    #expect(FileManager.default.fileExists(atPath: trashed.file.path))
  }

  @Test(
    "a take on another disk goes to that disk's .Trash-$uid, by rename, never copied",
    .enabled(if: Self.sharedMemoryIsAnotherDisk))
  func otherDisk() throws {
    let home = try TemporaryFolder()
    let disk = URL(fileURLWithPath: "/dev/shm/dualcam-test-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: disk) }
    let take = try TakeFactory.make(in: disk)
    let uid = UInt32(90_000 + Int.random(in: 0..<9_999))
    let trash = Trash(
      environment: LibraryEnvironment(variables: ["HOME": home.url.path], userID: uid))
    let trashed = try trash.move(take)
    let diskTrash = URL(fileURLWithPath: "/dev/shm/.Trash-\(uid)")
    defer { try? FileManager.default.removeItem(at: diskTrash) }

    #expect(trashed.trashDirectory.path == diskTrash.path)
    #expect(!FileManager.default.fileExists(atPath: home.url.appendingPathComponent(".local").path))
    let info = try String(contentsOf: trashed.infoFile, encoding: .utf8)
    let relative = take.path.dropFirst("/dev/shm/".count)
    #expect(info.contains("\nPath=\(relative)\n"), "relative to the disk's top: \(info)")
    var status = stat()
    stat(diskTrash.path, &status)
    #expect(status.st_mode & 0o777 == 0o700)
    try trash.restore(infoFile: trashed.infoFile)
    #expect(
      FileManager.default.fileExists(atPath: take.appendingPathComponent("metadata.json").path))
  }

  @Test("a permanent delete removes the take and nothing a link inside points to")
  func permanent() throws {
    let home = try TemporaryFolder()
    let outside = home.url.appendingPathComponent("keep.txt")
    try Data("keep".utf8).write(to: outside)
    let take = try TakeFactory.make(in: home.url.appendingPathComponent("v"))
    try FileManager.default.createSymbolicLink(
      at: take.appendingPathComponent("link"), withDestinationURL: outside)
    try Trash.deletePermanently(take)
    #expect(!FileManager.default.fileExists(atPath: take.path))
    #expect(FileManager.default.fileExists(atPath: outside.path))
  }

  @Test("a .trashinfo path round-trips through percent encoding")
  func encoding() throws {
    let path = "/home/ana/Vidéos/50% off/#1 [take]?"
    let info = TrashInfo(path: path, deletionDate: "2026-11-24T10:00:00")
    #expect(info.text.contains("Path=/home/ana/Vid%C3%A9os/50%25%20off/%231%20%5Btake%5D%3F\n"))
    #expect(TrashInfo(text: info.text) == info)
    #expect(TrashInfo(text: "[Other]\nPath=/x\nDeletionDate=y\n") == nil)
  }

  static var sharedMemoryIsAnotherDisk: Bool {
    var shm = stat()
    var temporary = stat()
    return stat("/dev/shm", &shm) == 0
      && stat(NSTemporaryDirectory(), &temporary) == 0 && shm.st_dev != temporary.st_dev
      && access("/dev/shm", W_OK) == 0
  }
}
