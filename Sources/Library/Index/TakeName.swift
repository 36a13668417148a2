public import Foundation

/// Names and times of take folders, as Session's `TakeFolder` makes them.
///
/// A take folder is `YYYY-MM-DD_HH-MM-SS` (its local start time, plus `-2`, `-3` on collision),
/// `.partial` while recording; its files are `dualview_<name>.<ext>`, `front_…`, `back_…`.
public enum TakeName {
  /// The suffix of an unfinished take (`TakeFolder.partialSuffix`).
  public static let partialSuffix = ".partial"
  /// The metadata file's name.
  public static let metadataFile = "metadata.json"
  /// The outputs, in the order cards and tables list them.
  public static let outputs = ["dualview", "front", "back"]

  /// True when `name` has the shape of a take folder's default name (with or without suffix).
  public static func looksLikeTake(_ name: String) -> Bool {
    date(fromFolderName: name) != nil
  }

  /// The local start time a default folder name stands for, or nil for other names.
  public static func date(fromFolderName name: String) -> Date? {
    var base = Substring(name)
    if base.hasSuffix(partialSuffix) { base = base.dropLast(partialSuffix.count) }
    let bytes = Array(base.utf8)
    guard bytes.count >= 19 else { return nil }
    let digits = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]
    let separators: [(Int, UInt8)] = [
      (4, UInt8(ascii: "-")), (7, UInt8(ascii: "-")), (10, UInt8(ascii: "_")),
      (13, UInt8(ascii: "-")), (16, UInt8(ascii: "-")),
    ]
    guard digits.allSatisfy({ (0x30...0x39).contains(bytes[$0]) }),
      separators.allSatisfy({ bytes[$0.0] == $0.1 })
    else { return nil }
    if bytes.count > 19 {
      // Only a collision counter (`-2`) may follow.
      guard bytes[19] == UInt8(ascii: "-"), bytes.count > 20,
        bytes[20...].allSatisfy({ (0x30...0x39).contains($0) })
      else { return nil }
    }
    func number(_ range: Range<Int>) -> Int {
      range.reduce(0) { $0 * 10 + Int(bytes[$1] - 0x30) }
    }
    var components = DateComponents()
    components.year = number(0..<4)
    components.month = number(5..<7)
    components.day = number(8..<10)
    components.hour = number(11..<13)
    components.minute = number(14..<16)
    components.second = number(17..<19)
    return Calendar(identifier: .gregorian).date(from: components)
  }

  /// Parses the metadata's `2026-11-23T13:02:28.340Z` (UTC, fraction optional) without a
  /// formatter: listing thousands of takes parses thousands of these.
  public static func date(fromTimestamp text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z"), bytes[10] == UInt8(ascii: "T"),
      bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        guard (0x30...0x39).contains(bytes[index]) else { return nil }
        value = value * 10 + Int(bytes[index] - 0x30)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var fraction = 0.0
    if bytes.count > 20, bytes[19] == UInt8(ascii: ".") {
      // Nanoseconds at most: more digits add nothing and could overflow.
      let end = min(bytes.count - 1, 29)
      guard end > 20 else { return nil }
      guard number(end..<(bytes.count - 1)) != nil, let digits = number(20..<end) else {
        return nil
      }
      fraction = Double(digits) / pow(10, Double(end - 20))
    } else if bytes.count != 20 {
      return nil
    }
    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second) + fraction
    return Date(timeIntervalSince1970: seconds)
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's algorithm).
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
