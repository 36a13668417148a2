import Budget
import Foundation
import Testing

@Suite("Calibration reads past the processor's caches, as sized by sysfs")
struct ProcessorCachesTests {
  @Test("the largest cache of processor 0 is read from its sysfs entries")
  func largestCache() throws {
    let tree = try FakeKernelTree()
    let folder = "sys/devices/system/cpu/cpu0/cache"
    try tree.write("\(folder)/index0/size", "32K")
    try tree.write("\(folder)/index1/size", "32K")
    try tree.write("\(folder)/index2/size", "512K")
    try tree.write("\(folder)/index3/size", "32768K")
    try tree.write("\(folder)/uevent", "")
    let path = tree.root.appendingPathComponent(folder).path
    #expect(ProcessorCaches.largestBytes(folder: path) == 32 << 20)
  }

  @Test("without sysfs, 32 MiB; sizes in bytes, K, M and G, anything else refused")
  func sizes() throws {
    let tree = try FakeKernelTree()
    #expect(
      ProcessorCaches.largestBytes(folder: tree.root.appendingPathComponent("none").path)
        == 32 << 20)
    #expect(ProcessorCaches.parseSize("1M") == 1 << 20)
    #expect(ProcessorCaches.parseSize("2G") == 2 << 30)
    #expect(ProcessorCaches.parseSize("4096") == 4096)
    for text in ["", "K", "-1K", "0", "12Q", "99999999999999999999G"] {
      #expect(ProcessorCaches.parseSize(text) == nil, "\(text)")
    }
  }

  @Test("frames that hold twice the cache, within the bounds")
  func frameCounts() {
    let cache = 32 << 20
    // 640×480 I420: 460,800 bytes; 64 MiB of them is 146 frames.
    #expect(ProcessorCaches.framesBeyond(bytesPerFrame: 460_800, cacheBytes: cache) == 146)
    // A 1080p frame: 64 MiB is 22 of them.
    #expect(ProcessorCaches.framesBeyond(bytesPerFrame: 3_110_400, cacheBytes: cache) == 22)
    // A small cache still cycles through the scene's eight frames.
    #expect(ProcessorCaches.framesBeyond(bytesPerFrame: 460_800, cacheBytes: 1 << 20) == 8)
    // Tiny frames stop at 256; a huge cache at 128 MiB of frames (but never under 8).
    #expect(ProcessorCaches.framesBeyond(bytesPerFrame: 1000, cacheBytes: cache) == 256)
    #expect(ProcessorCaches.framesBeyond(bytesPerFrame: 3_110_400, cacheBytes: 256 << 20) == 43)
    #expect(ProcessorCaches.framesBeyond(bytesPerFrame: 100 << 20, cacheBytes: 1 << 30) == 8)
  }
}
