import DualCamCore
import Foundation

extension BudgetEstimate {
  /// The estimate for people, one explanation wherever it is shown (`dualcam budget`, the
  /// interface's over-budget dialog): the verdict first, then each resource with its figures,
  /// cost, verdict and basis, and why, and the changes that would make it fit.
  public var reportLines: [String] {
    var lines = [headline]
    for resource in resources {
      guard let cost = resource.cost else {
        lines.append("  \(resource.name): \(resource.explanation)")
        continue
      }
      let verdict = resource.verdict?.rawValue ?? ""
      lines.append(
        "  \(resource.name): \(Self.figures(resource)), cost \(String(format: "%.2f", cost)) "
          + "(\(verdict), \(resource.basis.rawValue))")
      lines.append("      \(resource.explanation)")
    }
    if !unweighed.isEmpty {
      lines.append("not weighed: \(unweighed.joined(separator: ", "))")
    }
    if verdict != .fits {
      lines += changeLines
    }
    return lines
  }

  /// `0.42 of 2.00 cores`, `61.7 of 100.0 µs per microframe`, `1.2 GB of 40.00 GB`.
  public static func figures(_ resource: ResourceCost) -> String {
    switch resource.kind {
    case .usbBus where resource.unit.hasPrefix("ns"):
      let per =
        resource.unit.hasSuffix("frame") && !resource.unit.hasSuffix("microframe")
        ? "frame" : "microframe"
      return String(
        format: "%.1f of %.1f µs periodic bus time per %@", resource.demand / 1000,
        resource.capacity / 1000, per)
    case .usbBus:
      return "\(Int(resource.demand)) of \(Int(resource.capacity)) bytes per bus interval"
    case .cpu:
      return String(format: "%.2f of %.2f cores", resource.demand, resource.capacity)
    case .diskSpace, .memory:
      return ByteCountText.decimal(Int64(resource.demand)) + " of "
        + ByteCountText.decimal(Int64(resource.capacity))
    case .diskWriteRate:
      return "\(ByteCountText.decimal(Int64(resource.demand)))/s of "
        + "\(ByteCountText.decimal(Int64(resource.capacity)))/s"
    }
  }
}
