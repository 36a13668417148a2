import DualCamCore

/// What a zoom request did: the camera zoomed itself, or the compositor has to crop.
public enum ZoomOutcome: Sendable, Equatable {
  /// The camera's `zoom_absolute` control was set; `value` is what it reads back.
  case hardware(factor: Double, value: Int64)
  /// The camera cannot zoom (or refused): apply `factor` as the compositor's digital zoom
  /// (`LayoutSettings.frontZoom` / `backZoom`).
  case digital(Double)
}

/// Maps zoom factors onto a camera's `zoom_absolute` control.
///
/// The mapping is linear over the control's whole range: factor 1 is the control's minimum,
/// `maximumFactor` its maximum, and in between
/// `value = minimum + (factor − 1) / (maximumFactor − 1) × (maximum − minimum)`, rounded to the
/// control's step. UVC does not say what magnification a zoom_absolute unit means, so the
/// factor states how far along the camera's own range the zoom goes, on the same 1…10 scale as
/// digital zoom.
public struct CameraZoom: Sendable, Equatable {
  /// The largest factor, the same as digital zoom's (`LayoutSettings.Zoom`).
  public static let maximumFactor = 10.0

  /// The camera's zoom_absolute control.
  public let control: CameraControl

  /// The zoom of a camera whose `control` is zoom_absolute; nil for any other control.
  public init?(control: CameraControl) {
    guard control.id == ControlPairs.zoomAbsolute, control.maximum > control.minimum else {
      return nil
    }
    self.control = control
  }

  /// `factor` limited to 1…`maximumFactor` (a NaN counts as 1).
  public static func clamp(_ factor: Double) -> Double {
    guard factor.isFinite else { return factor > 0 ? maximumFactor : 1 }
    return min(max(factor, 1), maximumFactor)
  }

  /// The control value for `factor` (clamped), on the control's step grid.
  public func value(for factor: Double) -> Int64 {
    let fraction = (Self.clamp(factor) - 1) / (Self.maximumFactor - 1)
    let span = Double(Int128(control.maximum) - Int128(control.minimum))
    let step = Double(max(control.step, 1))
    let steps = (fraction * span / step).rounded()
    // In 128 bits and clamped: a driver's range may span all of Int64.
    let offset = Int128(exactly: (steps * step).rounded()) ?? 0
    return Int64(min(Int128(control.minimum) + offset, Int128(control.maximum)))
  }

  /// The factor a control value stands for (the inverse of `value(for:)`).
  public func factor(for value: Int64) -> Double {
    let span = Double(Int128(control.maximum) - Int128(control.minimum))
    let clamped = min(max(value, control.minimum), control.maximum)
    let fraction = Double(Int128(clamped) - Int128(control.minimum)) / span
    return 1 + fraction * (Self.maximumFactor - 1)
  }
}

extension CameraControls {
  /// Zooms to `factor` with the camera's zoom_absolute control when it offers a writable one;
  /// otherwise (or when the camera refuses) answers `.digital`, for the compositor to apply.
  public func setZoom(_ factor: Double) -> ZoomOutcome {
    let clamped = CameraZoom.clamp(factor)
    guard
      let control = list().first(where: {
        $0.id == ControlPairs.zoomAbsolute && $0.isWritable && !$0.flags.contains(.inactive)
      }),
      let zoom = CameraZoom(control: control),
      let outcome = try? set(control.name, to: String(zoom.value(for: clamped)))
    else { return .digital(clamped) }
    let value = outcome.control.value ?? zoom.value(for: clamped)
    return .hardware(factor: zoom.factor(for: value), value: value)
  }
}
