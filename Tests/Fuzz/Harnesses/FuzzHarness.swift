import Foundation

/// One parser of outside input under fuzzing: it is given the raw bytes libFuzzer made up and
/// must return (having refused them or not) without trapping, hanging or leaking.
struct FuzzHarness: Sendable {
  /// The harness's name: its corpus folder under `Tests/Fuzz/Corpus`, and what
  /// `DUALCAM_FUZZ_HARNESS` selects.
  let name: String
  /// Feeds one input to the parser.
  let run: @Sendable (Data) -> Void

  /// Every harness, one per parser.
  static let all: [FuzzHarness] = [
    FuzzHarness(name: "duration", run: ParserHarnesses.duration),
    FuzzHarness(name: "size", run: ParserHarnesses.size),
    FuzzHarness(name: "frame-rate", run: ParserHarnesses.frameRate),
    FuzzHarness(name: "bitrate", run: ParserHarnesses.bitrate),
    FuzzHarness(name: "source-spec", run: ParserHarnesses.sourceSpec),
    FuzzHarness(name: "layout", run: ParserHarnesses.layout),
    FuzzHarness(name: "settings", run: FileHarnesses.settings),
    FuzzHarness(name: "metadata", run: FileHarnesses.metadata),
    FuzzHarness(name: "control-value", run: ControlHarness.controlValue),
  ]

  /// The harness called `name`.
  static func named(_ name: String) -> FuzzHarness? { all.first { $0.name == name } }

  /// The input as text, invalid UTF-8 replaced, as a shell argument or a TOML string would
  /// arrive after decoding.
  static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }
}
