import Foundation

/// How much a calibration must go through so that what it measures comes from memory, as in a
/// take: a file source loops over a recording far larger than the caches, where reading the
/// same frame again and again found it still cached and measured half the cost
/// (`PERFORMANCE.md` §8).
package enum ProcessorCaches {
  /// Where the kernel describes the first processor's caches.
  package static let sysfsFolder = "/sys/devices/system/cpu/cpu0/cache"

  /// Bytes of the largest cache of processor 0 (the last level, shared by the cores): its
  /// `size` in sysfs, such as `32768K`. 32 MiB where sysfs does not say.
  package static func largestBytes(folder: String = sysfsFolder) -> Int {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let sizes = entries.filter { $0.hasPrefix("index") }.compactMap { entry -> Int? in
      guard
        let data = FileManager.default.contents(atPath: "\(folder)/\(entry)/size"),
        let text = String(data: data, encoding: .utf8)
      else { return nil }
      return parseSize(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return sizes.max() ?? 32 << 20
  }

  /// `32768K`, `1M` or `512` (bytes) as bytes; nil for anything else.
  package static func parseSize(_ text: String) -> Int? {
    let scale: Int
    var digits = Substring(text)
    switch text.last {
    case "K": scale = 1 << 10
    case "M": scale = 1 << 20
    case "G": scale = 1 << 30
    default: scale = 1
    }
    if scale > 1 { digits = digits.dropLast() }
    guard let value = Int(digits), value > 0, value <= Int.max / scale else { return nil }
    return value * scale
  }

  /// The most a calibration writes to the temporary folder for it: a processor with a
  /// 256 MiB cache (some servers have one) must not cost half a gigabyte of scratch file,
  /// possibly in memory (tmpfs), for a figure of tens of microseconds.
  package static let ceilingBytes = 128 << 20

  /// How many frames of `bytesPerFrame` hold twice the largest cache (no frame is still cached
  /// when its turn comes again): at least 8, at most 256 frames or `ceilingBytes`, whichever
  /// is fewer.
  package static func framesBeyond(bytesPerFrame: Int, cacheBytes: Int? = nil) -> Int {
    let frameBytes = max(1, bytesPerFrame)
    let target = 2 * (cacheBytes ?? largestBytes())
    let ceiling = min(256, max(8, ceilingBytes / frameBytes))
    return min(ceiling, max(8, (target + frameBytes - 1) / frameBytes))
  }
}
