import Capture
import DualCamCore

/// Decides which sources a take records from, and says so.
enum SourceSelection {
  struct Choice {
    var front: any CameraSource
    var back: any CameraSource
    /// What each side was opened from, after automatic choice.
    var frontSpec: String
    var backSpec: String
    /// Lines for the user: which source is which and why.
    var notes: [String]
  }

  /// Opens the sources for `settings`: those named on the command line, cameras found on the
  /// machine for the sides left out, else synthetic test patterns; the notes say which.
  static func choose(front: String?, back: String?, settings: RecordingSettings)
    throws(DualCamError) -> Choice
  {
    let cameras =
      front != nil && back != nil ? [] : DeviceDiscovery().discover().devices.map(\.node)
    let assignment = SourceAssignment(front: front, back: back, cameras: cameras)
    var notes = assignment.notes
    func open(_ text: String, _ position: CameraPosition) throws(DualCamError) -> any CameraSource {
      let source = try SourceSpec(parsing: text).makeSource(
        position: position, size: settings.size, rate: settings.frameRate,
        streamCopy: settings.copiesCameraStreams)
      notes.append(
        "\(position): \(source.info.label), \(source.info.nativeFormat) \(source.info.size) at "
          + "\(source.info.frameRate) fps")
      return source
    }
    let frontSource = try open(assignment.front, .front)
    let backSource = try open(assignment.back, .back)
    return Choice(
      front: frontSource, back: backSource, frontSpec: assignment.front,
      backSpec: assignment.back, notes: notes)
  }
}
