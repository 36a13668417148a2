import Capture
import Testing

@Suite("Choosing sources for the sides left out")
struct SourceAssignmentTests {
  @Test("no flags: the first two cameras found, in order")
  func twoCameras() {
    let assignment = SourceAssignment(
      front: nil, back: nil, cameras: ["/dev/video0", "/dev/video2", "/dev/video4"])
    #expect(assignment.front == "/dev/video0" && assignment.back == "/dev/video2")
    #expect(assignment.notes.count == 2)
    #expect(assignment.notes[0].contains("first free camera"))
  }

  @Test("one camera: it is the front, the back is synthetic, and both are said")
  func oneCamera() {
    let assignment = SourceAssignment(front: nil, back: nil, cameras: ["/dev/video0"])
    #expect(assignment.front == "/dev/video0" && assignment.back == "synthetic")
    #expect(assignment.notes[1].contains("synthetic test pattern"))
  }

  @Test("a camera named for one side is not taken again for the other")
  func namedCameraNotReused() {
    let assignment = SourceAssignment(
      front: nil, back: "/dev/video0", cameras: ["/dev/video0", "/dev/video2"])
    #expect(assignment.front == "/dev/video2" && assignment.back == "/dev/video0")
    #expect(assignment.notes.count == 1)
  }

  @Test("no cameras and no flags: both synthetic; named sides are kept as given")
  func nothingFound() {
    let none = SourceAssignment(front: nil, back: nil, cameras: [])
    #expect(none.front == "synthetic" && none.back == "synthetic")
    let named = SourceAssignment(front: "file:a.mp4", back: "synthetic:fps=25", cameras: [])
    #expect(named.front == "file:a.mp4" && named.back == "synthetic:fps=25" && named.notes.isEmpty)
  }
}
