/// A value of a TOML document as `TOMLParser` reads it.
///
/// Dates and times are kept as the text written: no setting is a date, so they only need to be
/// recognised well enough to say that a key holding one has the wrong type.
enum TOMLValue: Sendable, Equatable {
  case string(String)
  case integer(Int64)
  case float(Double)
  case boolean(Bool)
  case dateTime(String)
  case array([TOMLValue])
  case table(TOMLTable)

  /// The text of a string value.
  var string: String? {
    if case .string(let text) = self { text } else { nil }
  }

  /// The number of an integer value.
  var integer: Int64? {
    if case .integer(let number) = self { number } else { nil }
  }

  /// The number of a float value.
  var float: Double? {
    if case .float(let number) = self { number } else { nil }
  }

  /// The flag of a boolean value.
  var boolean: Bool? {
    if case .boolean(let flag) = self { flag } else { nil }
  }

  /// The table of a table value.
  var table: TOMLTable? {
    if case .table(let table) = self { table } else { nil }
  }
}

/// A TOML table: its keys in the order the document defines them, and their values.
struct TOMLTable: Sendable, Equatable {
  /// The keys, in the document's order.
  private(set) var keys: [String] = []
  private var values: [String: TOMLValue] = [:]

  /// An empty table.
  init() {}

  /// The value of `key`, if the table has it.
  subscript(key: String) -> TOMLValue? {
    values[key]
  }

  /// Sets `key`, keeping its place if it was there.
  mutating func set(_ key: String, _ value: TOMLValue) {
    if values.updateValue(value, forKey: key) == nil { keys.append(key) }
  }

  /// Removes `key`, if the table has it.
  mutating func remove(_ key: String) {
    guard values.removeValue(forKey: key) != nil else { return }
    keys.removeAll { $0 == key }
  }
}
