import Budget
import DualCamCore
import Foundation

/// Prints a budget estimate: the verdict in one line first, then each resource, then the
/// changes that would make it fit; or all of it as JSON.
enum BudgetReport {
  /// The text form, for people.
  static func text(_ estimate: BudgetEstimate) -> String {
    var lines = [estimate.headline]
    for resource in estimate.resources {
      guard let cost = resource.cost else {
        lines.append("  \(resource.name): \(resource.explanation)")
        continue
      }
      let verdict = resource.verdict?.rawValue ?? ""
      lines.append(
        "  \(resource.name): \(figures(resource)), cost \(String(format: "%.2f", cost)) "
          + "(\(verdict), \(resource.basis.rawValue))")
      lines.append("      \(resource.explanation)")
    }
    if !estimate.unweighed.isEmpty {
      lines.append("not weighed: \(estimate.unweighed.joined(separator: ", "))")
    }
    if estimate.verdict != .fits {
      lines += estimate.changeLines
    }
    return lines.joined(separator: "\n")
  }

  /// The JSON form, for scripts: the estimate's fields plus the headline and notes.
  static func json(_ estimate: BudgetEstimate, notes: [String]) throws -> String {
    struct Report: Encodable {
      var headline: String
      var budget: BudgetEstimate
      var notes: [String]
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    // A resource with no capacity at all has an infinite cost, which JSON has no number for.
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    let data = try encoder.encode(
      Report(headline: estimate.headline, budget: estimate, notes: notes))
    return String(decoding: data, as: UTF8.self)
  }

  /// `0.42 of 2.00 cores`, `61.7 of 100.0 µs per microframe`, `1.2 GB of 40.00 GB`.
  static func figures(_ resource: ResourceCost) -> String {
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
      return
        "\(Console.bytes(Int64(resource.demand))) of \(Console.bytes(Int64(resource.capacity)))"
    case .diskWriteRate:
      return "\(Console.bytes(Int64(resource.demand)))/s of "
        + "\(Console.bytes(Int64(resource.capacity)))/s"
    }
  }
}
