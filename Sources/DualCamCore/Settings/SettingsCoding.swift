// Settings that users type as text are stored as that same text, so metadata.json and the
// settings file read the way the command line is written.

extension BitrateSetting {
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    do {
      self = try BitrateSetting(parsing: text)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.problem))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

extension LayoutSettings.CanvasPreset {
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    do {
      self = try LayoutSettings.CanvasPreset(parsing: text)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.problem))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

extension FrameRate {
  /// `30` or `30000/1001`: exact, and what users type.
  public var fractionDescription: String {
    denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
  }
}
