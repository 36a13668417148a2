import DualCamCore
import Testing

@testable import TerminalUI

/// The pixel rate adapter on a manual clock: a write "takes" as long as the test advances the
/// clock inside it.
@Suite struct PixelRateAdapterTests {
  let clock = ManualClock()

  /// Writes `bytes` of a `pixels`-pixel picture taking `milliseconds`.
  func write(
    _ adapter: inout PixelRateAdapter, bytes: Int, pixels: Int, milliseconds: Double
  ) {
    adapter.measure(bytes: bytes, pixels: pixels) {
      clock.advance(by: Int64(milliseconds * 1e6))
    }
  }

  @Test func aLocalTerminalGetsTheFullRateAndSize() {
    var adapter = PixelRateAdapter(clock: clock)
    for _ in 0..<20 {
      #expect(adapter.isDue())
      write(&adapter, bytes: 1_200_000, pixels: 300_000, milliseconds: 1)
      // One frame period of 30 per second later the next picture is due.
      clock.advance(by: 34_000_000)
    }
    #expect(adapter.scale(forFullPixels: 300_000) == 1)
    #expect(
      adapter.pictureSize(full: ImageSize(width: 640, height: 480))
        == ImageSize(width: 640, height: 480))
    #expect(adapter.keepsUp(fullPixels: 300_000))
  }

  @Test func neverFasterThanTheMaximumRate() {
    var adapter = PixelRateAdapter(clock: clock, maximumRate: 20)
    write(&adapter, bytes: 1000, pixels: 100, milliseconds: 0)
    clock.advance(by: 49_000_000)
    #expect(!adapter.isDue())
    clock.advance(by: 1_000_000)
    #expect(adapter.isDue())
  }

  @Test func aSlowLinkGetsFewerAndSmallerPictures() {
    var adapter = PixelRateAdapter(clock: clock)
    // 1 MB pictures over a 1 MB/s link: each write blocks for a second.
    write(&adapter, bytes: 1_000_000, pixels: 250_000, milliseconds: 1000)
    // Writing may take half the time: the next picture waits another second.
    clock.advance(by: 900_000_000)
    #expect(!adapter.isDue())
    clock.advance(by: 100_000_000)
    #expect(adapter.isDue())
    // 10 pictures a second at half the link is 50 kB each: 12,500 pixels, about 1/4.5 of the
    // width, clamped to the smallest scale of 1/4.
    let scale = adapter.scale(forFullPixels: 250_000)
    #expect(scale == 0.25)
    #expect(
      adapter.pictureSize(full: ImageSize(width: 640, height: 400))
        == ImageSize(width: 160, height: 100))
    // The smallest picture (62.5 kB) still comes 8 times a second.
    #expect(adapter.keepsUp(fullPixels: 250_000))
  }

  @Test func aMiddlingLinkShrinksPicturesInProportion() {
    var adapter = PixelRateAdapter(clock: clock)
    // 4 bytes a pixel at 16 MB/s: 10 pictures in half the time afford 200,000 pixels.
    write(&adapter, bytes: 1_600_000, pixels: 400_000, milliseconds: 100)
    let scale = adapter.scale(forFullPixels: 800_000)
    #expect(abs(scale - 0.5) < 1e-9)
  }

  @Test func encodingTimeCountsAgainstTheShareButNotTheLink() {
    var adapter = PixelRateAdapter(clock: clock)
    let began = adapter.now
    // 40 ms of sixel encoding, then an instant write.
    clock.advance(by: 40_000_000)
    adapter.measure(bytes: 80_000, pixels: 300_000, preparedSince: began) {
      clock.advance(by: 1_000_000)
    }
    // Busy 41 ms at half the time: the next picture 82 ms after the encoding began.
    clock.advance(by: 40_000_000)
    #expect(!adapter.isDue())
    clock.advance(by: 1_000_000)
    #expect(adapter.isDue())
    #expect(adapter.throughput == nil, "the link was not measured: the write was instant")
  }

  @Test func recordingGivesPicturesLessOfTheLink() {
    var adapter = PixelRateAdapter(clock: clock)
    adapter.recording = true
    write(&adapter, bytes: 100_000, pixels: 25_000, milliseconds: 100)
    // A quarter of the time: 400 ms between the starts of two writes.
    clock.advance(by: 299_000_000)
    #expect(!adapter.isDue())
    clock.advance(by: 1_000_000)
    #expect(adapter.isDue())
  }

  @Test func aLinkTooSlowForTwoSmallPicturesASecondDoesNotKeepUpForAWhile() {
    var adapter = PixelRateAdapter(clock: clock)
    // 10 kB/s (a congested link): even 1/16 of a 1 MB picture takes 6 s.
    for written in 1...3 {
      write(&adapter, bytes: 100_000, pixels: 25_000, milliseconds: 10_000)
      #expect(adapter.keepsUp(fullPixels: 250_000) == (written < 3), "verdict after 3 writes")
    }
    clock.advance(by: 9_000_000_000)
    #expect(!adapter.keepsUp(fullPixels: 250_000))
    clock.advance(by: 1_000_000_000)
    #expect(adapter.keepsUp(fullPixels: 250_000), "tried again after 10 s")
  }

  @Test func theLinkIsRemeasuredWhenItGetsFaster() {
    var adapter = PixelRateAdapter(clock: clock)
    write(&adapter, bytes: 1_000_000, pixels: 250_000, milliseconds: 1000)
    #expect(adapter.scale(forFullPixels: 250_000) < 1)
    for _ in 0..<30 {
      clock.advance(by: 2_000_000_000)
      write(&adapter, bytes: 1_000_000, pixels: 250_000, milliseconds: 1)
    }
    #expect(adapter.scale(forFullPixels: 250_000) == 1)
  }
}
