import DualCamCore
import Foundation

/// Reads the settings file's bytes into text, refusing what TOML cannot hold with the line it
/// is on: bytes that are not UTF-8, a NUL byte, other control characters.
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

  /// `data` as text; invalid UTF-8 and control characters are named by line.
  ///
  /// TOML allows no control character but tab anywhere (strings spell them as escapes); named
  /// here, a person learns which character it is, where the parser would only say where.
  static func text(of data: Data, path: String) throws(DualCamError) -> String {
    let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      let body = line.last == 0x0D ? line.dropLast() : line[...]  // CRLF line ends are fine
      if let control = body.first(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
        let name = control == 0 ? "a NUL byte" : "the control character \(hex(control))"
        throw .invalidArgument(
          "\(path) line \(index + 1): contains \(name), which TOML does not allow",
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

  /// `text` checked as `text(of:path:)` checks bytes.
  static func check(_ text: String, path: String) throws(DualCamError) {
    _ = try self.text(of: Data(text.utf8), path: path)
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: 4 - digits.count) + digits
  }
}
