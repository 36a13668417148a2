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
    let names = ["dualview", "front", "back"]
    let writers = try OutputWriter.openAll(
      specs: names.map { Self.spec(folder.appendingPathComponent("\($0).mov"), name: $0) },
      standIns: [nil, nil, nil])
    #expect(writers.count == 3)
    for (writer, name) in zip(writers, names) {
      guard case .encoder(let encoder) = writer else {
        Issue.record("\(name) is not an encoder")
        continue
      }
      #expect(encoder.spec.name == name)
      _ = try writer.finish()
    }
  }

  /// The error is that of the first spec in order that failed, whichever thread failed first.
  @Test func theFirstFailureInOrderIsThrown() throws {
    let temporary = try TemporaryFolder()
    let folder = temporary.url
    let specs = [
      Self.spec(folder.appendingPathComponent("dualview.mov"), name: "dualview"),
      Self.spec(folder.appendingPathComponent("missing-front/front.mov"), name: "front"),
      Self.spec(folder.appendingPathComponent("missing-back/back.mov"), name: "back"),
    ]
    do {
      _ = try OutputWriter.openAll(specs: specs, standIns: [nil, nil, nil])
      Issue.record("opening into a missing folder succeeded")
    } catch {
      #expect(error.problem.contains("missing-front"), "\(error.problem)")
    }
  }
}
