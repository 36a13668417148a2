extension LayoutSettings.Border {
  /// Thicknesses a border may have, in pixels, on the command line and in the settings file
  /// alike (the settings file also takes 0 for none).
  public static let thicknessRange = 1...200

  /// A thickness from outside (a flag or the settings file) rounded up to even for 4:2:0;
  /// nil when it is not a whole number in `thicknessRange`.
  public static func thickness(checking value: Double) -> Int? {
    guard value == value.rounded(), let whole = value.roundedInteger(in: thicknessRange) else {
      return nil
    }
    return (whole + 1) & ~1
  }

  /// Parses `PIXELS[:COLOR]`, the form of `--border` (`4`, `4:white`, `6:#FF8800`).
  public init(parsing text: String) throws(DualCamError) {
    let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    guard let first = parts.first, let number = Int(first),
      let thickness = Self.thickness(checking: Double(number))
    else {
      throw .invalidArgument(
        "border '\(text)' needs a thickness of \(Self.thicknessRange.lowerBound)–"
          + "\(Self.thicknessRange.upperBound) pixels",
        fix: "e.g. --border 4 or --border 4:white")
    }
    let color = try parts.count == 2 ? YUVColor(parsing: String(parts[1])) : YUVColor.white
    self.init(thickness: thickness, color: color)
  }
}

extension LayoutSettings.Zoom {
  /// Factors a digital zoom may have.
  public static let factorRange = 1.0...10.0

  /// Parses `FACTOR[@X,Y]` (`2`, `2x`, `2@0.3,0.5`), the form of `--front-zoom`; `flag` names
  /// the option in messages.
  public init(parsing text: String, flag: String) throws(DualCamError) {
    let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
    let first = parts.first.map(String.init) ?? ""
    let factorText = first.hasSuffix("x") ? String(first.dropLast()) : first
    guard let factor = Double(factorText), Self.factorRange.contains(factor) else {
      throw .invalidArgument(
        "\(flag) \(text): the factor must be 1–10", fix: "e.g. \(flag) 2 or 2@0.3,0.5")
    }
    guard parts.count == 2 else {
      self.init(factor: factor)
      return
    }
    let centre = parts[1].split(separator: ",", omittingEmptySubsequences: false).map {
      Double($0)
    }
    guard centre.count == 2, let x = centre[0], let y = centre[1], (0...1).contains(x),
      (0...1).contains(y)
    else {
      throw .invalidArgument(
        "\(flag) \(text): the centre must be X,Y between 0 and 1", fix: "e.g. \(flag) 2@0.5,0.4")
    }
    self.init(factor: factor, centerX: x, centerY: y)
  }
}
