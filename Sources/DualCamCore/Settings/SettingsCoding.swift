/// A setting that users type as text and that is stored as that same text, so metadata.json
/// and the settings file read the way the command line is written.
public protocol TextCodableSetting: Codable, CustomStringConvertible {
  /// Parses the text form, as typed on the command line.
  init(parsing text: String) throws(DualCamError)
}

extension TextCodableSetting {
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    do {
      self = try Self(parsing: text)
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

extension BitrateSetting: TextCodableSetting {}
extension LayoutSettings.CanvasPreset: TextCodableSetting {}

extension FrameRate {
  /// `30` or `30000/1001`: exact, and what users type.
  public var fractionDescription: String {
    denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
  }
}
