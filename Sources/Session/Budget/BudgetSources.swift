public import Budget
public import Capture
public import DualCamCore
import Foundation

/// Describes opened sources for the budget: kind, wire format, and for V4L2 cameras where
/// they sit on USB (from sysfs) and whether they also offer MJPEG. Shared by `dualcam budget`,
/// `dualcam record` and the interface.
public enum BudgetSources {
  /// The budget's view of the source with `info` at `position`.
  public static func describe(_ info: SourceInfo, position: CameraPosition, probe: BudgetProbe)
    -> BudgetSource
  {
    var source = BudgetSource(
      position: position, kind: info.kind == .file ? .file : .synthetic,
      format: WireFormat(nativeFormat: info.nativeFormat), size: info.size,
      frameRate: info.frameRate)
    guard info.kind == .v4l2, let path = info.details["path"] else { return source }
    let node = URL(fileURLWithPath: path).resolvingSymlinksInPath().lastPathComponent
    source.usb = probe.usbPlacement(ofVideoNode: node)
    source.kind = source.usb == nil ? .otherCamera : .usbCamera
    let formats = (try? DeviceDiscovery().device(at: path).formats) ?? []
    source.offersMJPEG = formats.contains { format in
      format.fourCC == "MJPG"
        && (format.sizeRange != nil
          || format.sizes.contains { $0.width == info.size.width && $0.height == info.size.height })
    }
    return source
  }
}
