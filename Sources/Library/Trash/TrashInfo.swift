public import Foundation

/// A `.trashinfo` file of the freedesktop.org Trash specification 1.0: where a trashed item
/// came from and when it was trashed, read by file managers to restore it.
public struct TrashInfo: Sendable, Equatable {
  /// The original path: absolute for the home Trash, relative to the disk's top folder for a
  /// `$topdir` Trash (as the specification recommends, so the disk can be mounted elsewhere).
  public var path: String
  /// When it was trashed, in local time, to the second (`2026-11-24T10:02:03`).
  public var deletionDate: String

  public init(path: String, deletionDate: String) {
    self.path = path
    self.deletionDate = deletionDate
  }

  /// `deletionDate` for `date` in the local time zone, as the specification wants.
  public static func deletionDate(for date: Date, timeZone: TimeZone = .current) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let time = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: date)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d", time.year ?? 0, time.month ?? 0, time.day ?? 0,
      time.hour ?? 0, time.minute ?? 0, time.second ?? 0)
  }

  /// The file's text.
  public var text: String {
    "[Trash Info]\nPath=\(Self.percentEncoded(path))\nDeletionDate=\(deletionDate)\n"
  }

  /// Reads a `.trashinfo` file's text; nil when it lacks the group or the keys.
  public init?(text: String) {
    var inGroup = false
    var path: String?
    var date: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      if line.hasPrefix("[") {
        inGroup = line == "[Trash Info]"
      } else if inGroup, line.hasPrefix("Path=") {
        path = Self.percentDecoded(String(line.dropFirst(5)))
      } else if inGroup, line.hasPrefix("DeletionDate=") {
        date = String(line.dropFirst(13))
      }
    }
    guard let path, let date else { return nil }
    self.init(path: path, deletionDate: date)
  }

  // MARK: - Percent encoding (RFC 2396 escaping, as the specification requires)

  /// Bytes kept as they are: RFC 2396's unreserved characters and the path separator.
  private static let unreserved = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()/".utf8)

  static func percentEncoded(_ path: String) -> String {
    var result = ""
    for byte in path.utf8 {
      if unreserved.contains(byte) {
        result.unicodeScalars.append(UnicodeScalar(byte))
      } else {
        result += String(format: "%%%02X", byte)
      }
    }
    return result
  }

  static func percentDecoded(_ text: String) -> String? {
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8).makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next(), let low = iterator.next(),
        let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
      else { return nil }
      bytes.append(value)
    }
    return String(validating: bytes, as: UTF8.self)
  }
}
