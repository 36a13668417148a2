import DualCamCore
import Foundation

/// Reads the settings file's bytes into text, refusing what TOML cannot hold before the parser
/// sees it: the parser takes a C string, so text after a NUL byte would vanish unnoticed.
enum SettingsText {
  /// Larger than any settings file a person writes; reading stops there.
  static let maximumBytes = 1 << 20

  /// The text of the file at `url`.
  static func read(from url: URL) throws(DualCamError) -> String {
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    if let type = attributes?[.type] as? FileAttributeType, type != .typeRegular {
      // A FIFO would block the read forever, a folder cannot be read at all.
      throw .invalidArgument(
        "the settings file \(url.path) is not a regular file",
        fix: "move it away; DualCam then starts from the defaults")
    }
    if let size = attributes?[.size] as? NSNumber, size.intValue > maximumBytes {
      throw .invalidArgument(
        "the settings file \(url.path) is \(size.intValue / 1024) KiB, too large to be settings",
        fix: "move it away; DualCam then starts from the defaults")
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .invalidArgument(
        "cannot read the settings file \(url.path): \(error.localizedDescription)",
        fix: "check its permissions, or move it away to start from the defaults")
    }
    return try text(of: data, path: url.path)
  }

  /// `data` as text; invalid UTF-8 and NUL bytes are named by line.
  static func text(of data: Data, path: String) throws(DualCamError) -> String {
    let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      if line.contains(0) {
        throw .invalidArgument(
          "\(path) line \(index + 1): contains a NUL byte, which TOML does not allow",
          fix: "correct that line, or move the file away to start from the defaults")
      }
      if String(validating: line, as: UTF8.self) == nil {
        throw .invalidArgument(
          "\(path) line \(index + 1): is not UTF-8 text",
          fix: "correct that line, or move the file away to start from the defaults")
      }
    }
    return String(decoding: data, as: UTF8.self)
  }
}
