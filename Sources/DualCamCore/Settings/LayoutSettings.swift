/// How the dual view stacks the two cameras.
public struct LayoutSettings: Sendable, Hashable, Codable {
  /// Which camera sits on top.
  public var order: StackOrder = .frontOnTop
  /// How the canvas height is shared (ignored by `.fullStack`, which keeps natural heights).
  public var split: SplitRatio = .even
  /// The size of the composited picture.
  public var canvas: CanvasPreset = .fullStack
  /// How the front camera's picture fills its region.
  public var frontScaling: ScaleMode = .fill
  /// How the back camera's picture fills its region.
  public var backScaling: ScaleMode = .fill
  /// The line drawn between the two regions, if any.
  public var border: Border? = nil
  /// Digital zoom of the front camera.
  public var frontZoom: Zoom = .none
  /// Digital zoom of the back camera.
  public var backZoom: Zoom = .none

  /// The default layout: front on top, full stack, no border, no zoom.
  public init() {}

  /// Which camera is on top.
  public enum StackOrder: String, Sendable, Hashable, Codable, CaseIterable {
    case frontOnTop = "front-top"
    case backOnTop = "back-top"
  }

  /// Share of the canvas height given to the top region.
  public enum SplitRatio: String, Sendable, Hashable, Codable, CaseIterable {
    case even = "50/50"
    case sixtyForty = "60/40"
    case seventyThirty = "70/30"

    /// The top region's share in percent.
    public var topPercent: Int {
      switch self {
      case .even: 50
      case .sixtyForty: 60
      case .seventyThirty: 70
      }
    }
  }

  /// Canvas size choices.
  public enum CanvasPreset: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Both pictures at their own size, one above the other: width × (top height + bottom height).
    case fullStack
    /// 1080×1920, for phones and vertical video.
    case portrait
    /// 1920×1080.
    case landscape
    /// Any even size.
    case custom(ImageSize)

    /// Parses `full`, `portrait`, `landscape` or `WIDTHxHEIGHT`.
    public init(parsing text: String) throws(DualCamError) {
      switch text.lowercased() {
      case "full", "fullstack", "full-stack", "stack": self = .fullStack
      case "portrait", "1080x1920": self = .portrait
      case "landscape", "1920x1080": self = .landscape
      default:
        let size = try ImageSize(parsing: text).validatedForVideo()
        self = .custom(size)
      }
    }

    public var description: String {
      switch self {
      case .fullStack: "full"
      case .portrait: "portrait"
      case .landscape: "landscape"
      case .custom(let size): size.description
      }
    }
  }

  /// How a picture is fitted into a region of another aspect ratio.
  public enum ScaleMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Cover the region, cropping what sticks out.
    case fill
    /// Show the whole picture, with black bars where it does not reach.
    case fit
  }

  /// A line between the two regions.
  public struct Border: Sendable, Hashable, Codable {
    /// Thickness in pixels (rounded up to even for 4:2:0).
    public var thickness: Int
    /// Colour as 8-bit Y, U, V (BT.601 limited range, as the encoders are told).
    public var color: YUVColor

    /// Creates a border.
    public init(thickness: Int, color: YUVColor) {
      self.thickness = thickness
      self.color = color
    }
  }

  /// Digital zoom: a factor of 1–10 around a centre given as fractions of the picture (0–1).
  public struct Zoom: Sendable, Hashable, Codable {
    /// Magnification, 1 (none) to 10.
    public var factor: Double
    /// Horizontal centre of the zoomed area, 0 (left) to 1 (right).
    public var centerX: Double
    /// Vertical centre of the zoomed area, 0 (top) to 1 (bottom).
    public var centerY: Double

    /// Creates a zoom; the factor is clamped to 1–10 and the centre to 0–1.
    public init(factor: Double, centerX: Double = 0.5, centerY: Double = 0.5) {
      self.factor = min(max(factor, 1), 10)
      self.centerX = min(max(centerX, 0), 1)
      self.centerY = min(max(centerY, 0), 1)
    }

    /// No zoom.
    public static let none = Zoom(factor: 1)
  }
}

/// An 8-bit Y'CbCr colour.
public struct YUVColor: Sendable, Hashable, Codable {
  /// Luma.
  public var y: UInt8
  /// Blue-difference chroma.
  public var u: UInt8
  /// Red-difference chroma.
  public var v: UInt8

  /// Creates a colour from its components.
  public init(y: UInt8, u: UInt8, v: UInt8) {
    self.y = y
    self.u = u
    self.v = v
  }

  /// Converts 8-bit RGB to BT.601 limited-range Y'CbCr.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    let r = Double(red)
    let g = Double(green)
    let b = Double(blue)
    func clamp(_ value: Double) -> UInt8 { UInt8(min(max(value.rounded(), 0), 255)) }
    y = clamp(16 + 0.257 * r + 0.504 * g + 0.098 * b)
    u = clamp(128 - 0.148 * r - 0.291 * g + 0.439 * b)
    v = clamp(128 + 0.439 * r - 0.368 * g - 0.071 * b)
  }

  /// Black (Y 16).
  public static let black = YUVColor(y: 16, u: 128, v: 128)
  /// White (Y 235).
  public static let white = YUVColor(y: 235, u: 128, v: 128)

  /// Parses a colour name (black, white, gray, red, green, blue, yellow) or `#RRGGBB`.
  public init(parsing text: String) throws(DualCamError) {
    let named: [String: (UInt8, UInt8, UInt8)] = [
      "black": (0, 0, 0), "white": (255, 255, 255), "gray": (128, 128, 128),
      "grey": (128, 128, 128), "red": (255, 0, 0), "green": (0, 255, 0), "blue": (0, 0, 255),
      "yellow": (255, 255, 0),
    ]
    let lowered = text.lowercased()
    if let (r, g, b) = named[lowered] {
      self.init(red: r, green: g, blue: b)
      return
    }
    let hex = lowered.hasPrefix("#") ? String(lowered.dropFirst()) : lowered
    guard hex.count == 6, let value = UInt32(hex, radix: 16) else {
      throw .invalidArgument(
        "colour '\(text)' is not understood",
        fix: "use a name such as white or a hex value like #FF8800")
    }
    self.init(
      red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
  }
}
