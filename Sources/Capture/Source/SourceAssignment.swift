import DualCamCore

/// Which source each side of a take records from, decided before anything is opened.
///
/// Sides named by the user keep their source; a side left out gets the first camera found that
/// the other side does not use, else the synthetic test pattern. The notes say which and why.
public struct SourceAssignment: Equatable, Sendable {
  /// The front source, as `SourceSpec` parses it.
  public var front: String
  /// The back source, as `SourceSpec` parses it.
  public var back: String
  /// One line per side that was chosen for the user.
  public var notes: [String]

  /// Assigns sources given what the user named and the camera nodes found, in order.
  public init(front: String?, back: String?, cameras: [String]) {
    var unused = cameras.filter { $0 != front && $0 != back }
    var notes: [String] = []
    func fill(_ given: String?, _ position: CameraPosition) -> String {
      if let given { return given }
      if !unused.isEmpty {
        let camera = unused.removeFirst()
        notes.append("\(position): using \(camera), the first free camera found")
        return camera
      }
      notes.append(
        "\(position): no camera given or found, using the synthetic test pattern "
          + "(labelled SYNTHETIC in the picture)")
      return "synthetic"
    }
    self.front = fill(front, .front)
    self.back = fill(back, .back)
    self.notes = notes
  }
}
