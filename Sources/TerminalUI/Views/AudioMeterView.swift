import Audio
import Session

/// The sound level meter at the right of the status bar: peak and RMS per channel in dBFS, a
/// clip light, `MUTED`, and `SOUND LOST` while the input is gone. Live from the preview on, so
/// the user sees the microphone works before recording.
///
/// It takes only the room the other status segments leave, in the widest of its forms that fits:
/// bars with both figures per channel, a block and the peak per channel, blocks and the loudest
/// peak, blocks alone.
enum AudioMeterView {
  /// A piece of the meter and how it reads.
  struct Segment: Equatable {
    var text: String
    var tone: Tone
  }

  /// What a segment's colour says.
  enum Tone: Equatable {
    case plain, good, warning, bad, dim
  }

  /// The forms, widest first.
  enum Form: CaseIterable {
    /// `♪ L ██▒▒···· -12/-20  R …`: a bar (RMS solid, peak shaded) and peak/RMS figures.
    case wide
    /// `♪ L▆-12 R▅-14`: a block for the peak and its figure per channel.
    case compact
    /// `♪▆▅-12`: the blocks and the loudest peak.
    case narrow
    /// `♪▆▅`: the blocks.
    case tiny
  }

  /// The lowest level the bars and blocks show; quieter reads as empty.
  static let scaleFloorDecibels = -60.0
  /// Peaks above this read as a warning (close to clipping).
  static let hotDecibels = -6.0
  /// Cells of a channel's bar in the wide form.
  static let barCells = 8

  // MARK: - Drawing

  /// Draws the meter for `input` right-aligned in `rect` (a part of the status bar), in the
  /// widest form that fits; returns the column it starts at, nil when no form fits.
  @discardableResult
  static func draw(
    _ input: SessionSnapshot.SoundInput, in rect: ScreenRect, into buffer: inout CellBuffer,
    bar: CellStyle, unicode: Bool
  ) -> Int? {
    guard rect.width > 0 else { return nil }
    let pieces = segments(input, width: rect.width, unicode: unicode)
    guard !pieces.isEmpty else { return nil }
    let start = rect.maxX - width(of: pieces)
    var x = start
    for piece in pieces {
      x += buffer.write(piece.text, x: x, y: rect.y, style: style(piece.tone, on: bar))
    }
    return start
  }

  /// The meter in the widest form that fits `width` columns; empty when none does.
  static func segments(_ input: SessionSnapshot.SoundInput, width: Int, unicode: Bool)
    -> [Segment]
  {
    for form in Form.allCases {
      let pieces = segments(input, form: form, unicode: unicode)
      if self.width(of: pieces) <= width { return pieces }
    }
    return []
  }

  /// The columns `segments` take.
  static func width(of segments: [Segment]) -> Int {
    segments.reduce(0) { $0 + BufferText.columns($1.text) }
  }

  static func style(_ tone: Tone, on bar: CellStyle) -> CellStyle {
    switch tone {
    case .plain: bar
    case .good: bar.foreground(Palette.good)
    case .warning: bar.foreground(Palette.warning).adding(.bold)
    case .bad: bar.foreground(Palette.bad).adding(.bold)
    case .dim: bar.foreground(Palette.dim)
    }
  }

  // MARK: - Forms

  /// The meter in `form`.
  static func segments(_ input: SessionSnapshot.SoundInput, form: Form, unicode: Bool)
    -> [Segment]
  {
    let note = unicode ? "♪" : "~"
    if input.signalLost {
      let short = form == .narrow || form == .tiny
      return [Segment(text: short ? "\(note) LOST" : "SOUND LOST", tone: .bad)]
    }
    let levels = input.levels
    let clipping = levels.contains { $0.clipping }
    let levelTone: Tone = input.muted ? .dim : .good
    var pieces: [Segment] = []
    switch form {
    case .wide, .compact:
      pieces.append(Segment(text: note + " ", tone: .plain))
      if input.muted { pieces.append(Segment(text: "MUTED ", tone: .warning)) }
      let labels = channelLabels(levels.count)
      for (index, level) in levels.enumerated() {
        if index > 0 { pieces.append(Segment(text: form == .wide ? "  " : " ", tone: .plain)) }
        let label = labels[index]
        if form == .wide {
          pieces.append(Segment(text: label.isEmpty ? "" : label + " ", tone: .plain))
          pieces.append(Segment(text: bar(level, unicode: unicode), tone: tone(level, levelTone)))
          pieces.append(
            Segment(
              text: " \(figure(level.peakDecibels))/\(figure(level.rmsDecibels))", tone: .plain))
        } else {
          pieces.append(Segment(text: label, tone: .plain))
          pieces.append(
            Segment(text: block(level.peakDecibels, unicode: unicode), tone: tone(level, levelTone))
          )
          pieces.append(Segment(text: figure(level.peakDecibels), tone: .plain))
        }
      }
      if form == .wide { pieces.append(Segment(text: " dBFS", tone: .dim)) }
      if clipping { pieces.append(Segment(text: " CLIP", tone: .bad)) }
    case .narrow, .tiny:
      if input.muted {
        return [Segment(text: "MUTED", tone: .warning)]
      }
      pieces.append(Segment(text: note, tone: .plain))
      for level in levels {
        pieces.append(
          Segment(text: block(level.peakDecibels, unicode: unicode), tone: tone(level, levelTone)))
      }
      if form == .narrow, let loudest = levels.map(\.peakDecibels).max() {
        pieces.append(Segment(text: figure(loudest), tone: .plain))
      }
      if clipping { pieces.append(Segment(text: "!", tone: .bad)) }
    }
    return pieces
  }

  /// `L R` for stereo, nothing for mono, numbers beyond.
  static func channelLabels(_ count: Int) -> [String] {
    switch count {
    case 1: [""]
    case 2: ["L", "R"]
    default: (1...max(count, 1)).map(String.init)
    }
  }

  /// A level as whole dBFS (`-12`, `0`).
  static func figure(_ decibels: Double) -> String {
    String(Int(decibels.rounded()))
  }

  /// How far up the scale `decibels` sits, 0–1.
  static func fraction(_ decibels: Double) -> Double {
    min(max((decibels - scaleFloorDecibels) / -scaleFloorDecibels, 0), 1)
  }

  /// One cell whose height stands for the peak.
  static func block(_ decibels: Double, unicode: Bool) -> String {
    let ramp: [Character] =
      unicode
      ? ["·", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
      : ["_", ".", ":", "-", "=", "+", "*", "#", "@"]
    let index = Int((fraction(decibels) * Double(ramp.count - 1)).rounded())
    return String(ramp[index])
  }

  /// The wide form's bar: RMS solid, up to the peak shaded, the rest dotted.
  static func bar(_ level: LevelMeter.ChannelLevel, unicode: Bool) -> String {
    let rms = Int((fraction(level.rmsDecibels) * Double(barCells)).rounded())
    let peak = max(Int((fraction(level.peakDecibels) * Double(barCells)).rounded()), rms)
    let (solid, shaded, empty) = unicode ? ("█", "▒", "·") : ("#", "+", ".")
    return String(repeating: solid, count: rms) + String(repeating: shaded, count: peak - rms)
      + String(repeating: empty, count: barCells - peak)
  }

  /// A channel's colour: red while clipping, amber close to it, else `normal`.
  static func tone(_ level: LevelMeter.ChannelLevel, _ normal: Tone) -> Tone {
    if level.clipping { return .bad }
    if level.peakDecibels > hotDecibels && normal != .dim { return .warning }
    return normal
  }
}
