import DualCamCore
import Foundation
import Media
import TestSupport
import Testing

/// `record` on a disk that fills up during the take: a real, small file system (tmpfs, which
/// needs root) filled by another writer while the take runs.
@Suite("dualcam record on a filling disk", .serialized)
struct DiskFullCommandTests {
  /// A 300 MB tmpfs mounted for the test, or nil with the reason it cannot be.
  final class SmallDisk {
    let url: URL
    init?() {
      guard getuid() == 0 else { return nil }
      url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "dualcam-full-\(UUID().uuidString)")
      try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=300m", "tmpfs", url.path]) else {
        try? FileManager.default.removeItem(at: url)
        return nil
      }
    }
    deinit {
      _ = Self.run("/bin/umount", [url.path])
      try? FileManager.default.removeItem(at: url)
    }
    static func run(_ tool: String, _ arguments: [String]) -> Bool {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: tool)
      process.arguments = arguments
      process.standardError = FileHandle.nullDevice
      guard (try? process.run()) != nil else { return false }
      process.waitUntilExit()
      return process.terminationStatus == 0
    }
  }

  static let canMount = getuid() == 0 && FileManager.default.fileExists(atPath: "/bin/mount")

  @Test(
    "another writer fills the disk: the take stops with equal files and says so",
    .enabled(if: canMount, "mounting a tmpfs needs root; the fault-injected DiskFullTests run"))
  func fillingDiskStopsTheTake() throws {
    let disk = try #require(SmallDisk(), "mount -t tmpfs failed")
    let child = try CommandRunner(
      ["record", "--codec", "ffv1", "--size", "320x240", "--quiet", "--output", disk.url.path])
    var waited = 0.0
    while !FileManager.default.fileExists(atPath: disk.url.path)
      || !((try? FileManager.default.contentsOfDirectory(atPath: disk.url.path)) ?? []).contains(
        where: { $0.hasSuffix(".partial") })
    {
      Thread.sleep(forTimeInterval: 0.05)
      waited += 0.05
      try #require(waited < 30, "the take did not start")
    }
    Thread.sleep(forTimeInterval: 1)
    // Another program takes all but 20 MB, under the recorder's reserve.
    var info = statvfs()
    #expect(statvfs(disk.url.path, &info) == 0)
    let free = Int64(info.f_bavail) * Int64(info.f_frsize)
    let filler = disk.url.appendingPathComponent("filler")
    #expect(SmallDisk.run("/usr/bin/fallocate", ["-l", "\(free - 20_000_000)", filler.path]))
    let result = child.wait(timeout: 60)

    #expect(result.status == 74, "stderr: \(result.standardError)")
    #expect(result.standardError.contains("the disk is full"))
    #expect(result.standardError.contains("frames"))
    let takes = try FileManager.default.contentsOfDirectory(atPath: disk.url.path).filter {
      $0 != "filler"
    }
    try #require(takes.count == 1 && !takes[0].hasSuffix(".partial"), "\(takes)")
    let take = try TakeInspector(folder: disk.url.appendingPathComponent(takes[0]))
    #expect(take.metadata.stopReason == .diskFull)
    let counts = try ["dualview", "front", "back"].map {
      Int64(try MediaProbe.inspect(take.url(of: $0)).frameCount)
    }
    #expect(Set(counts).count == 1 && counts[0] == take.metadata.sync.frames && counts[0] > 0)
  }
}
