import DualCamCore

/// Reads a parsed settings table key by key, so that every mistake names its section and key.
struct SettingsReader {
  let table: TOMLTable
  let path: String

  static let sections: [String: [String]] = [
    "recording": [
      "size", "fps", "codec", "camera_codec", "container", "bitrate", "preset", "output",
    ],
    "layout": [
      "order", "split", "canvas", "front_scaling", "back_scaling", "border", "border_color",
      "front_zoom", "back_zoom",
    ],
    "devices": ["front", "back"],
    "audio": ["input", "rate", "channels", "bitrate", "codec", "gain", "muted", "input2", "mix"],
    "interface": ["fps_counter", "log_level", "colors", "pictures", "over_budget"],
  ]

  mutating func read() throws(DualCamError) -> SettingsFile {
    try checkKeys()
    var file = SettingsFile()
    var recording = RecordingSettings()
    if let size = try string("recording", "size") {
      recording.size = try parse("recording", "size") { () throws(DualCamError) in
        try ImageSize(parsing: size).validatedAsCameraSize()
      }
    }
    if let fps = try string("recording", "fps") {
      recording.frameRate = try parse("recording", "fps") { () throws(DualCamError) in
        try FrameRate(parsing: fps)
      }
    }
    if let codec = try string("recording", "codec") {
      recording.codec = try parse("recording", "codec") { () throws(DualCamError) in
        try VideoCodec(parsing: codec)
      }
    }
    if let cameraCodec = try string("recording", "camera_codec") {
      recording.cameraCodec = try parse("recording", "camera_codec") { () throws(DualCamError) in
        try CameraCodec(parsing: cameraCodec)
      }
    }
    if let container = try string("recording", "container") {
      recording.container = try parse("recording", "container") { () throws(DualCamError) in
        try ContainerFormat(parsing: container)
      }
    }
    if let bitrate = try string("recording", "bitrate") {
      recording.bitrate = try parse("recording", "bitrate") { () throws(DualCamError) in
        try BitrateSetting(parsing: bitrate)
      }
    }
    recording.preset = try string("recording", "preset")?.lowercased()
    recording.outputDirectory = try string("recording", "output")
    recording.layout = try readLayout()
    recording.audio = try readAudio()
    file.recording = recording
    file.frontSource = try string("devices", "front")
    file.backSource = try string("devices", "back")
    if let fps = try bool("interface", "fps_counter") { file.interface.fpsCounter = fps }
    if let level = try choice(
      "log_level", of: ["quiet", "error", "warning", "info"], "a log level")
    {
      file.interface.logLevel = level
    }
    if let colors = try choice(
      "colors", of: ["auto", "truecolor", "256", "16", "none"], "a colour mode")
    {
      file.interface.colors = colors
    }
    if let pictures = try choice(
      "pictures", of: ["auto", "pixels", "chafa", "blocks"], "a way to draw pictures")
    {
      file.interface.pictures = pictures
    }
    if let answer = try choice(
      "over_budget", of: ["ask", "adapt", "refuse", "ignore"], "an answer to a take over budget")
    {
      file.interface.overBudget = answer
    }
    return file
  }

  /// An `[interface]` entry that must be one of `choices`; nil when absent.
  private func choice(_ key: String, of choices: [String], _ what: String)
    throws(DualCamError) -> String?
  {
    guard let value = try string("interface", key) else { return nil }
    guard choices.contains(value) else {
      let list = choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "")
      throw problem("interface", key, "'\(value)' is not \(what)", fix: "use \(list)")
    }
    return value
  }

  private func readAudio() throws(DualCamError) -> AudioSettings {
    var audio = AudioSettings()
    if let input = try string("audio", "input") {
      audio.input = try parse("audio", "input") { () throws(DualCamError) in
        try AudioInput(parsing: input)
      }
    }
    if let rate = try number("audio", "rate") {
      guard rate == rate.rounded(), (8_000...192_000).contains(rate) else {
        throw problem(
          "audio", "rate", "\(rate) Hz is not a sound rate", fix: "use 48000 or 44100")
      }
      audio.sampleRate = Int(rate)
    }
    if let channels = try number("audio", "channels") {
      guard channels == channels.rounded(), (1...8).contains(channels) else {
        throw problem("audio", "channels", "\(channels) is not a channel count", fix: "use 1 or 2")
      }
      audio.channels = Int(channels)
    }
    if let bitrate = try string("audio", "bitrate") {
      audio.bitrate = try parse("audio", "bitrate") { () throws(DualCamError) in
        try AudioBitrate(parsing: bitrate)
      }
    }
    if let codec = try string("audio", "codec"), codec.lowercased() != "auto" {
      audio.codec = try parse("audio", "codec") { () throws(DualCamError) in
        try AudioCodec(parsing: codec)
      }
    }
    if let gain = try number("audio", "gain") {
      guard gain == gain.rounded(), (0...100).contains(gain) else {
        throw problem(
          "audio", "gain", "\(Self.format(gain)) is not a gain in percent",
          fix: "use a whole number from 0 to 100, or leave gain out to keep the mixer as it is")
      }
      audio.gain = Int(gain)
    }
    if let muted = try bool("audio", "muted") { audio.muted = muted }
    if let input2 = try string("audio", "input2") {
      let parsed = try parse("audio", "input2") { () throws(DualCamError) in
        try AudioInput(parsing: input2)
      }
      audio.input2 = parsed == .none ? nil : parsed
    }
    if let mix = try string("audio", "mix") {
      audio.arrangement = try parse("audio", "mix") { () throws(DualCamError) in
        try AudioArrangement(parsing: mix)
      }
    }
    return audio
  }

  private func readLayout() throws(DualCamError) -> LayoutSettings {
    var layout = LayoutSettings()
    if let order = try string("layout", "order") {
      guard let value = LayoutSettings.StackOrder(rawValue: order) else {
        throw problem(
          "layout", "order", "'\(order)' is not an order", fix: "use front-top or back-top")
      }
      layout.order = value
    }
    if let split = try string("layout", "split") {
      guard let value = LayoutSettings.SplitRatio(rawValue: split) else {
        throw problem(
          "layout", "split", "'\(split)' is not a split", fix: "use 50/50, 60/40 or 70/30")
      }
      layout.split = value
    }
    if let canvas = try string("layout", "canvas") {
      layout.canvas = try parse("layout", "canvas") { () throws(DualCamError) in
        try LayoutSettings.CanvasPreset(parsing: canvas)
      }
    }
    for (key, isFront) in [("front_scaling", true), ("back_scaling", false)] {
      guard let text = try string("layout", key) else { continue }
      guard let mode = LayoutSettings.ScaleMode(rawValue: text) else {
        throw problem("layout", key, "'\(text)' is not a scaling mode", fix: "use fill or fit")
      }
      if isFront { layout.frontScaling = mode } else { layout.backScaling = mode }
    }
    var thickness = 0
    if let value = try number("layout", "border"), value != 0 {
      let range = LayoutSettings.Border.thicknessRange
      guard let checked = LayoutSettings.Border.thickness(checking: value) else {
        throw problem(
          "layout", "border", "\(Self.format(value)) is not a border thickness in pixels",
          fix: "use 0 (none) or a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
      thickness = checked
    }
    if thickness > 0 {
      var color = YUVColor.white
      if let text = try string("layout", "border_color") {
        color = try parse("layout", "border_color") { () throws(DualCamError) in
          try YUVColor(parsing: text)
        }
      }
      layout.border = .init(thickness: thickness, color: color)
    }
    for (key, isFront) in [("front_zoom", true), ("back_zoom", false)] {
      guard let factor = try number("layout", key) else { continue }
      guard (1...10).contains(factor) else {
        throw problem(
          "layout", key, "\(Self.format(factor)) is not a zoom factor", fix: "use 1 (none) to 10")
      }
      if isFront {
        layout.frontZoom = .init(factor: factor)
      } else {
        layout.backZoom = .init(factor: factor)
      }
    }
    return layout
  }

  // MARK: - Values

  private func checkKeys() throws(DualCamError) {
    for section in table.keys {
      guard let known = Self.sections[section] else {
        throw .invalidArgument(
          "\(path): unknown section [\(section)]",
          fix:
            "the sections are \(Self.sections.keys.sorted().map { "[\($0)]" }.joined(separator: ", "))"
        )
      }
      guard let values = table[section]?.table else {
        throw .invalidArgument(
          "\(path): \(section) must be a [\(section)] section",
          fix: "write it as [\(section)] followed by its keys")
      }
      for key in values.keys where !known.contains(key) {
        throw problem(
          section, key, "unknown key",
          fix: "the keys of [\(section)] are \(known.joined(separator: ", "))")
      }
    }
  }

  /// A number as the user wrote it: `4`, not `4.0`, when it is whole and small.
  private static func format(_ value: Double) -> String {
    if let whole = value.roundedInteger(in: -1_000_000...1_000_000), Double(whole) == value {
      return String(whole)
    }
    return String(value)
  }

  private func value(_ section: String, _ key: String) -> TOMLValue? {
    table[section]?.table?[key]
  }

  private func string(_ section: String, _ key: String) throws(DualCamError) -> String? {
    guard let value = value(section, key) else { return nil }
    if let text = value.string { return text }
    if let number = value.integer { return String(number) }
    throw problem(section, key, "must be text in quotes", fix: "write it as \(key) = \"…\"")
  }

  private func number(_ section: String, _ key: String) throws(DualCamError) -> Double? {
    guard let value = value(section, key) else { return nil }
    if let number = value.float { return number }
    if let number = value.integer { return Double(number) }
    throw problem(section, key, "must be a number", fix: "write it as \(key) = 2")
  }

  private func bool(_ section: String, _ key: String) throws(DualCamError) -> Bool? {
    guard let value = value(section, key) else { return nil }
    guard let flag = value.boolean else {
      throw problem(section, key, "must be true or false", fix: "write it as \(key) = true")
    }
    return flag
  }

  private func parse<T>(_ section: String, _ key: String, _ body: () throws(DualCamError) -> T)
    throws(DualCamError) -> T
  {
    do {
      return try body()
    } catch {
      throw problem(section, key, error.problem, fix: error.fix)
    }
  }

  private func problem(_ section: String, _ key: String, _ text: String, fix: String)
    -> DualCamError
  {
    .invalidArgument("\(path): [\(section)] \(key): \(text)", fix: fix)
  }
}
