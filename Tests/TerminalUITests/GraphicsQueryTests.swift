import Testing

@testable import TerminalUI

/// The pixel-protocol query's reply parser, on replies as the terminals send them.
@Suite struct GraphicsQueryTests {
  func parse(_ text: String) -> GraphicsQuery.Reply { GraphicsQuery.parse(Array(text.utf8)) }

  @Test func theRequestAsksKittyWithAOnePixelQueryThenMode2026ThenDA1() {
    let text = String(decoding: GraphicsQuery.request, as: UTF8.self)
    #expect(text == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[?2026$p\u{1B}[c")
  }

  @Test func aTerminalThatKnowsMode2026DrawsFramesWhole() {
    for state in ["1", "2"] {
      let reply = parse("\u{1B}[?2026;\(state)$y\u{1B}[?62;4;22c")
      #expect(reply.synchronizedOutput && reply.complete && reply.protocols == [.sixel])
    }
    // 0: not recognised; 4: permanently reset; no reply at all: an older terminal.
    #expect(!parse("\u{1B}[?2026;0$y\u{1B}[?62c").synchronizedOutput)
    #expect(!parse("\u{1B}[?2026;4$y\u{1B}[?62c").synchronizedOutput)
    #expect(!parse("\u{1B}[?62;c").synchronizedOutput)
    #expect(!parse("\u{1B}[?1049;2$y\u{1B}[?62c").synchronizedOutput, "another mode's reply")
  }

  @Test func kittyAnswersItsGraphicsQueryAndDA1WithoutSixel() {
    let reply = parse("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c")
    #expect(reply == .init(protocols: [.kitty], complete: true))
  }

  @Test func wezTermSpeaksBoth() {
    let reply = parse("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?65;4;6;18;22c")
    #expect(reply == .init(protocols: [.kitty, .sixel], complete: true))
  }

  @Test func footHasSixelOnly() {
    #expect(parse("\u{1B}[?62;4;22c") == .init(protocols: [.sixel], complete: true))
  }

  @Test func xtermHasSixelOnlyAsAVT340() {
    #expect(
      parse("\u{1B}[?63;1;2;4;6;9;15;16;22;28c") == .init(protocols: [.sixel], complete: true))
    #expect(
      parse("\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c") == .init(protocols: [], complete: true))
  }

  @Test func aTerminalThatAnswersNothingHasNeitherAndIsNotComplete() {
    #expect(parse("") == .init(protocols: [], complete: false))
  }

  @Test func theTerminalClassIsNotAnAttribute() {
    // VT100 class 4 does not exist, but a lone parameter must never read as sixel.
    #expect(parse("\u{1B}[?4c") == .init(protocols: [], complete: true))
  }

  @Test func aKittyErrorOrAnotherImageIDIsNoSupport() {
    #expect(parse("\u{1B}_Gi=31;EINVAL:bad\u{1B}\\\u{1B}[?62;c").protocols == [])
    #expect(parse("\u{1B}_Gi=7;OK\u{1B}\\\u{1B}[?62;c").protocols == [])
  }

  @Test func aReplyCutInTheMiddleWaitsForTheRest() {
    let whole = Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?65;4;6c".utf8)
    for cut in 0..<whole.count {
      let reply = GraphicsQuery.parse(Array(whole[0..<cut]))
      #expect(!reply.complete, "cut at \(cut)")
      #expect(!reply.protocols.contains(.sixel), "cut at \(cut)")
    }
    #expect(GraphicsQuery.parse(whole) == .init(protocols: [.kitty, .sixel], complete: true))
  }

  @Test func keysTypedMeanwhileAndOtherSequencesAreSkipped() {
    let reply = parse("jk\u{1B}[1;5A\u{1B}_Gi=31;OK\u{1B}\\q\u{1B}[?62;4c")
    #expect(reply == .init(protocols: [.kitty, .sixel], complete: true))
  }
}
