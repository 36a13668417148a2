import DualCamCore

/// Writes the settings file as a person would: sections, one key a line, a comment on each.
enum SettingsWriter {
  static func text(of file: SettingsFile) -> String {
    let settings = file.recording
    let layout = settings.layout
    var lines = [
      "# DualCam settings. Edit freely: DualCam reads this at start and writes it when you",
      "# change settings in the interface. Command-line flags override it.",
      "",
      "[recording]",
      "size = \(quoted(settings.size.description))  # each camera's picture, WIDTHxHEIGHT",
      "fps = \(quoted(settings.frameRate.fractionDescription))  # output frame rate, e.g. 30 or 30000/1001",
      "codec = \(quoted(settings.codec.rawValue))  # h264, hevc, mjpeg or ffv1",
      "container = \(quoted(settings.container.rawValue))  # mov, mp4 or mkv",
    ]
    if let cameraCodec = settings.cameraCodec {
      lines.append(
        "camera_codec = \(quoted(cameraCodec.description))  # front/back files: copy or a codec")
    }
    lines += [
      "bitrate = \(quoted(settings.bitrate.description))  # auto, low, medium, high, max or bits per second"
    ]
    if let preset = settings.preset {
      lines.append("preset = \(quoted(preset))  # x264/x265 preset")
    }
    if let output = settings.outputDirectory {
      lines.append("output = \(quoted(output))  # folder that receives the takes")
    }
    lines += [
      "",
      "[layout]",
      "order = \(quoted(layout.order.rawValue))  # front-top or back-top",
      "split = \(quoted(layout.split.rawValue))  # 50/50, 60/40 or 70/30 (not for the full stack)",
      "canvas = \(quoted(layout.canvas.description))  # full, portrait, landscape or WIDTHxHEIGHT",
      "front_scaling = \(quoted(layout.frontScaling.rawValue))  # fill (crop) or fit (bars)",
      "back_scaling = \(quoted(layout.backScaling.rawValue))",
      "border = \(layout.border?.thickness ?? 0)  # pixels between the pictures, 0 for none",
    ]
    if let border = layout.border {
      lines.append("border_color = \(quoted(hex(border.color)))")
    }
    lines += [
      "front_zoom = \(layout.frontZoom.factor)  # digital zoom, 1 to 10",
      "back_zoom = \(layout.backZoom.factor)",
      "",
      "[devices]  # device paths (prefer /dev/v4l/by-id/...) or synthetic; leave out for automatic",
    ]
    if let front = file.frontSource { lines.append("front = \(quoted(front))") }
    if let back = file.backSource { lines.append("back = \(quoted(back))") }
    let audio = settings.audioSettings
    lines += [
      "",
      "[audio]",
      "input = \(quoted(audio.input.description))  # auto, none, default, hw:CARD,DEV, plughw:…, synthetic",
      "rate = \(audio.sampleRate)  # samples per second",
      "channels = \(audio.channels)  # 1 (mono) or 2 (stereo)",
      "bitrate = \(quoted(audio.bitrate.description))  # 128k, 256k or 320k (AAC and Opus)",
      "codec = \(quoted(audio.codec?.rawValue ?? "auto"))  # auto, aac, opus, pcm_s16le or pcm_s24le",
    ]
    if let gain = audio.gain {
      lines.append("gain = \(gain)  # capture volume, percent of the input's mixer control")
    }
    lines.append("muted = \(audio.muted)  # true: takes record silence")
    // A second microphone is written only when there is one, like the sources above.
    if let input2 = audio.input2 {
      lines.append("input2 = \(quoted(input2.description))  # a device or synthetic")
    }
    if let arrangement = audio.arrangement {
      lines.append("mix = \(quoted(arrangement.rawValue))  # tracks or mix")
    }
    lines += [
      "",
      "[interface]",
      "fps_counter = \(file.interface.fpsCounter)",
      "log_level = \(quoted(file.interface.logLevel))  # quiet, error, warning or info",
      "colors = \(quoted(file.interface.colors))  # auto, truecolor, 256, 16 or none",
      "pictures = \(quoted(file.interface.pictures))  # auto, pixels, chafa (the player) or blocks",
      "over_budget = \(quoted(file.interface.overBudget))  # a take over budget: ask, adapt, "
        + "refuse or ignore",
      "",
    ]
    return lines.joined(separator: "\n")
  }

  /// A TOML basic string.
  static func quoted(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\t": escaped += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          escaped += String(format: "\\u%04X", scalar.value)
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return "\"\(escaped)\""
  }

  /// `#RRGGBB` of a BT.601 limited-range colour.
  static func hex(_ color: YUVColor) -> String {
    let c = Double(Int(color.y) - 16) * 1.164
    let d = Double(Int(color.u) - 128)
    let e = Double(Int(color.v) - 128)
    func byte(_ value: Double) -> Int { min(max(Int(value.rounded()), 0), 255) }
    let red = byte(c + 1.596 * e)
    let green = byte(c - 0.392 * d - 0.813 * e)
    let blue = byte(c + 2.017 * d)
    return "#" + [red, green, blue].map { String(format: "%02X", $0) }.joined()
  }
}
