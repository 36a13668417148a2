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

  /// `data` as text; invalid UTF-8 and control characters are named by line.
  ///
  /// TOML allows no control character but tab anywhere (strings spell them as escapes), and
  /// the parser must never see one: text after a NUL would vanish, and others trip assertions
  /// inside toml++ that abort the process.
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
    try checkTableHeaders(lines, path: path)
    return String(decoding: data, as: UTF8.self)
  }

  /// A table header must start with a key: toml++ asserts it instead of reporting it, and the
  /// assertion aborts the process (`[` then a newline was enough, found by fuzzing).
  private static func checkTableHeaders(_ lines: [Data.SubSequence], path: String)
    throws(DualCamError)
  {
    var openString: [UInt8]?  // the delimiter of a multi-line string the line is inside
    for (index, line) in lines.enumerated() {
      var bytes = [UInt8](line)
      // toml++ skips a byte-order mark before the first line (found by fuzzing).
      if index == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
      if let delimiter = openString {
        openString = openDelimiter(after: bytes, inside: delimiter)
        continue
      }
      var position = bytes.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? bytes.endIndex
      if position < bytes.endIndex, bytes[position] == UInt8(ascii: "[") {
        position += 1
        if position < bytes.endIndex, bytes[position] == UInt8(ascii: "[") { position += 1 }
        while position < bytes.endIndex, bytes[position] == 0x20 || bytes[position] == 0x09 {
          position += 1
        }
        guard position < bytes.endIndex, startsKey(bytes[position]) else {
          throw .invalidArgument(
            "\(path) line \(index + 1): a section header must name the section, like [recording]",
            fix: "correct that line, or move the file away to start from the defaults")
        }
      }
      openString = openDelimiter(after: bytes, inside: nil)
    }
  }

  /// The multi-line string delimiter (`"""` or `'''`) still open at the end of a line that
  /// starts inside `start` (nil: outside any string). One-line strings are skipped and a `#`
  /// outside strings ends the line: quotes in a comment open nothing (a comment of `'` marks
  /// hid a broken header from this check, found by fuzzing).
  private static func openDelimiter(after bytes: [UInt8], inside start: [UInt8]?) -> [UInt8]? {
    let (quote, apostrophe, backslash) = (UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"))
    func isTriple(_ mark: UInt8, at index: Int) -> Bool {
      index + 2 < bytes.count && bytes[index] == mark && bytes[index + 1] == mark
        && bytes[index + 2] == mark
    }
    var open = start
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if let delimiter = open {
        if isTriple(delimiter[0], at: index) {
          open = nil
          index += 3
        } else {
          index += delimiter[0] == quote && byte == backslash ? 2 : 1
        }
        continue
      }
      if byte == UInt8(ascii: "#") { return nil }
      guard byte == quote || byte == apostrophe else {
        index += 1
        continue
      }
      if isTriple(byte, at: index) {
        open = [byte, byte, byte]
        index += 3
        continue
      }
      index += 1
      while index < bytes.count && bytes[index] != byte {
        index += byte == quote && bytes[index] == backslash ? 2 : 1
      }
      index += 1
    }
    return open
  }

  /// A bare key character, a quote, or `]` (which toml++ reports as an empty name itself).
  private static func startsKey(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
      UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "]"):
      true
    default: false
    }
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
