import Audio
import Foundation

/// The sound inputs part of `dualcam devices`: a table under the cameras', or an `audio_inputs`
/// array added to the JSON document (a new key; the cameras' keys keep their meaning).
enum AudioDeviceReport {
  /// The inputs as a block of text.
  static func table(_ inputs: [AudioDeviceDescription]) -> String {
    guard !inputs.isEmpty else {
      return "No sound inputs found (ALSA lists no capture device): takes have no sound "
        + "unless --audio synthetic is given."
    }
    let width = min(inputs.map(\.name.count).max() ?? 0, 40)
    let rows = inputs.map { input in
      input.name.padding(toLength: max(width, input.name.count), withPad: " ", startingAt: 0)
        + "  " + input.description
    }
    return (["SOUND INPUT (--audio)"] + rows).joined(separator: "\n")
  }

  /// `document` (the cameras' JSON object) with `audio_inputs` added.
  static func json(_ inputs: [AudioDeviceDescription], addedTo document: String) -> String {
    guard
      var object = (try? JSONSerialization.jsonObject(with: Data(document.utf8)))
        as? [String: Any]
    else { return document }
    object["audio_inputs"] = inputs.map { ["name": $0.name, "description": $0.description] }
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    else { return document }
    return String(decoding: data, as: UTF8.self)
  }
}
