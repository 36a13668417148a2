import Foundation

/// Reads small text files of a kernel tree (`/sys`, `/proc`) under an injected root, so tests
/// run on a fake tree. The same rules as `SysfsUSBReader` in Capture: trimmed, nil when absent
/// or empty.
struct SysfsTree: Sendable {
  /// The root standing in for `/`; `/sys` and `/proc` are read below it.
  let root: URL

  /// `relative` (e.g. `sys/devices/system/cpu/online`) under the root.
  func url(_ relative: String) -> URL {
    root.appendingPathComponent(relative)
  }

  /// A file's text, trimmed; nil when absent or empty.
  func read(_ relative: String) -> String? {
    read(url(relative))
  }

  /// A file's text, trimmed; nil when absent or empty.
  func read(_ file: URL) -> String? {
    guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }

  /// An attribute of a sysfs folder, trimmed; nil when absent or empty.
  func attribute(_ name: String, in folder: URL) -> String? {
    read(folder.appendingPathComponent(name))
  }

  /// An attribute read as a hexadecimal number (sysfs writes USB descriptor fields so).
  func hexAttribute(_ name: String, in folder: URL) -> Int? {
    attribute(name, in: folder).flatMap { Int($0, radix: 16) }
  }

  /// A file's raw bytes; nil when absent.
  func bytes(_ file: URL) -> [UInt8]? {
    (try? Data(contentsOf: file)).map { [UInt8]($0) }
  }

  /// The names in a folder, sorted; empty when it cannot be listed.
  func children(of folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }
}
