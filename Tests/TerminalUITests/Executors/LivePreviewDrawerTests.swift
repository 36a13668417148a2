import DualCamCore
import Foundation
import Session
import TestSupport
import Testing

@testable import TerminalUI

/// The live preview drawer on a session with synthetic cameras.
@Suite(.serialized) struct LivePreviewDrawerTests {
  @Test func drawsBothCamerasIntoTheAreaAndCountsItsRate() throws {
    let folder = try TemporaryFolder()
    let sessions = SessionExecutor(openSources: SessionExecutorTests.opener)
    defer { sessions.shutdown(takeRunning: false) }
    let settings = SessionExecutorTests.settings(folder: folder.url)
    guard
      case .sessionOpened(let sources, _) = sessions.open(
        front: "synthetic", back: "synthetic", settings: settings
      ).first
    else {
      Issue.record("the session did not open")
      return
    }
    let drawer = LivePreviewDrawer()
    let capabilities = TerminalCapabilities(colorDepth: .trueColor, unicode: true)
    let fit = ImageSize(width: 60, height: 40)
    #expect(
      drawer.draw(
        nil, layout: settings.layout, sources: sources, fitting: fit, capabilities: capabilities,
        at: 0) == nil, "without a session there is nothing to draw")

    // Waits (on a busy machine, up to 10 s) for both cameras' first frames: until then the
    // preview shows placeholders, which carry no capture time.
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline,
      let counters = sessions.session?.snapshot(),
      counters.front.delivered == 0 || counters.back.delivered == 0
    {
      Thread.sleep(forTimeInterval: 0.02)
    }
    var rate: Double?
    var picture: PreviewPicture?
    for time in [1.0, 1.1] {
      guard
        case .previewDrawn(let drawn, let method, let measured) = drawer.draw(
          sessions.session, layout: settings.layout, sources: sources, fitting: fit,
          capabilities: capabilities, at: time)
      else {
        Issue.record("no preview event")
        return
      }
      #expect(method == .halfBlocks)
      picture = drawn
      rate = measured
    }
    #expect(rate == 2, "two pictures in the last second")
    guard let picture else {
      Issue.record("no picture was composed")
      return
    }
    #expect(picture.cells.width <= 60 && picture.cells.height <= 20)
    let front = try #require(picture.regions[.front])
    let back = try #require(picture.regions[.back])
    #expect(front.maxY <= back.y, "front on top, as the default layout has it")
    #expect(drawer.takeCaptureTime() != nil, "real frames carry their capture time")
    #expect(drawer.takeCaptureTime() == nil, "taken once")
  }
}
