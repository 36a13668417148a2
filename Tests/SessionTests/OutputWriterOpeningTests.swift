import DualCamCore
import Encoding
import Foundation
import TestSupport
import Testing

@testable import Session

/// `OutputWriter.openAll`, which opens a take's writers side by side.
@Suite struct OutputWriterOpeningTests {
  static let size = ImageSize(width: 96, height: 64)

  static func spec(_ url: URL, name: String) -> OutputSpec {
    OutputSpec(
      name: name, url: url, size: size, frameRate: FrameRate(numerator: 30), codec: .h264,
      container: .mov, preset: "ultrafast", encoderThreads: 1)
  }

  @Test func everyWriterOpensAndKeepsItsPlace() throws {
    let temporary = try TemporaryFolder()
    let folder = temporary.url
    let writers = try OutputWriter.openAll(
      specs: OutputSet { Self.spec(folder.appendingPathComponent("\($0).mov"), name: "\($0)") },
      standIns: OutputSet(dualView: nil, front: nil, back: nil))
    try writers.forEach { role, writer in
      guard case .encoder(let encoder) = writer.video else {
        Issue.record("\(role) is not an encoder")
        return
      }
      #expect(encoder.spec.name == role.rawValue)
      #expect(writer.file.url.lastPathComponent == "\(role).mov")
      _ = try writer.finish()
    }
  }

  /// The error is that of the first spec in order that failed, whichever thread failed first.
  @Test func theFirstFailureInOrderIsThrown() throws {
    let temporary = try TemporaryFolder()
    let folder = temporary.url
    let specs = OutputSet(
      dualView: Self.spec(folder.appendingPathComponent("dualview.mov"), name: "dualview"),
      front: Self.spec(folder.appendingPathComponent("missing-front/front.mov"), name: "front"),
      back: Self.spec(folder.appendingPathComponent("missing-back/back.mov"), name: "back"))
    do throws(DualCamError) {
      _ = try OutputWriter.openAll(
        specs: specs, standIns: OutputSet(dualView: nil, front: nil, back: nil))
      Issue.record("opening into a missing folder succeeded")
    } catch {
      #expect(error.problem.contains("missing-front"), "\(error.problem)")
    }
  }
}
