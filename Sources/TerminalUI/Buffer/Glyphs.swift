/// The characters used for frames, bars and markers: Unicode where the terminal's locale can
/// show it, plain ASCII elsewhere.
public struct Glyphs: Sendable, Equatable {
  public var horizontal: Unicode.Scalar
  public var vertical: Unicode.Scalar
  public var topLeft: Unicode.Scalar
  public var topRight: Unicode.Scalar
  public var bottomLeft: Unicode.Scalar
  public var bottomRight: Unicode.Scalar
  /// The recording dot.
  public var recordDot: Unicode.Scalar
  /// The pause sign.
  public var pauseSign: Unicode.Scalar
  /// Filled part of a slider.
  public var sliderFilled: Unicode.Scalar
  /// Empty part of a slider.
  public var sliderEmpty: Unicode.Scalar
  /// The selection marker in lists.
  public var pointer: Unicode.Scalar
  /// Upper half block for two-pixel-per-cell pictures; nil when the terminal cannot show it.
  public var upperHalfBlock: Unicode.Scalar?

  /// Box drawing, `●`, `▀`.
  public static let unicode = Glyphs(
    horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└",
    bottomRight: "┘", recordDot: "●", pauseSign: "‖", sliderFilled: "█", sliderEmpty: "░",
    pointer: "›", upperHalfBlock: "▀")

  /// Plain ASCII for terminals without a UTF-8 locale.
  public static let ascii = Glyphs(
    horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+",
    bottomRight: "+", recordDot: "*", pauseSign: "=", sliderFilled: "#", sliderEmpty: ".",
    pointer: ">", upperHalfBlock: nil)
}
