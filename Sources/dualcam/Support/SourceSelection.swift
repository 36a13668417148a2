import Capture
import DualCamCore

/// Decides which sources a take records from, and says so.
enum SourceSelection {
  struct Choice {
    var front: any CameraSource
    var back: any CameraSource
    /// Lines for the user: which source is which and why.
    var notes: [String]
  }

  /// Opens the sources named on the command line; a side not named gets a synthetic test
  /// pattern, and the notes say so. (Choosing cameras found on the machine comes with V4L2
  /// capture.)
  static func choose(front: String?, back: String?, settings: RecordingSettings)
    throws(DualCamError) -> Choice
  {
    var notes: [String] = []
    func open(_ text: String?, _ position: CameraPosition) throws(DualCamError) -> any CameraSource
    {
      let spec: SourceSpec
      if let text {
        spec = try SourceSpec(parsing: text)
      } else {
        spec = .synthetic(SyntheticCameraOptions())
        notes.append(
          "\(position): no camera given, using the synthetic test pattern "
            + "(labelled SYNTHETIC in the picture)")
      }
      let source = try spec.makeSource(
        position: position, size: settings.size, rate: settings.frameRate)
      notes.append(
        "\(position): \(source.info.label), \(source.info.size) at \(source.info.frameRate) fps")
      return source
    }
    let frontSource = try open(front, .front)
    let backSource = try open(back, .back)
    return Choice(front: frontSource, back: backSource, notes: notes)
  }
}
