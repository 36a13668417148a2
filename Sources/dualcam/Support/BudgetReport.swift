import Budget
import DualCamCore
import Foundation

/// Prints a budget estimate: the verdict in one line first, then each resource, then the
/// changes that would make it fit; or all of it as JSON.
enum BudgetReport {
  /// The text form, for people: the same table the interface's over-budget dialog shows.
  static func text(_ estimate: BudgetEstimate) -> String {
    estimate.reportLines.joined(separator: "\n")
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
}
