import DualCamCore
import Foundation
import Library
import Testing

@testable import TerminalUI

/// The gallery says what it does: the order it claims, and the delete key told once, on the
/// hint line, in its words.
@Suite struct GalleryListTests {
  typealias F = GalleryFixtures

  @Test func reversingTheNameSortReversesTheTakes() {
    var state = F.gallery()
    F.press([.character("s"), .character("s"), .character("s")], &state)
    let ascending = F.galleryScreen(state).shown.map(\.name)
    #expect(AppRenderer.render(state).line(0).contains("name, A to Z"))
    #expect(ascending == ascending.sorted())
    F.press([.character("S")], &state)
    #expect(AppRenderer.render(state).line(0).contains("name, Z to A"))
    #expect(F.galleryScreen(state).shown.map(\.name) == Array(ascending.reversed()))
  }

  @Test func theDeleteKeyIsToldOnTheHintLineInTheModeItIsIn() {
    var state = F.gallery()
    var buffer = AppRenderer.render(state)
    #expect(buffer.line(23).contains("d To Trash"))
    #expect(!buffer.line(22).contains("d:") && !buffer.line(22).contains("Trash"))
    F.press([.character("m"), .end, .up, .enter], &state)  // Delete mode: permanent
    buffer = AppRenderer.render(state)
    #expect(buffer.line(23).contains("d Delete "))
    #expect(buffer.line(22).contains("Delete mode: permanent"))
  }
}
