import DualCamCore
import Testing

/// The three encoders share the cores instead of each sizing itself for all of them.
@Suite struct EncoderThreadsTests {
  /// 720p cameras and their stacked dual view (twice the pixels).
  static let pixels = OutputSet<Int?>(dualView: 2 * 921_600, front: 921_600, back: 921_600)

  @Test(
    "threads follow the pixels and add up to the cores; the dual view keeps two slices on 2-3",
    arguments: [
      (1, [1, 1, 1]), (2, [2, 1, 1]), (3, [2, 1, 1]), (4, [2, 1, 1]), (6, [3, 2, 1]),
      (8, [4, 2, 2]), (16, [8, 4, 4]),
    ])
  func split(cores: Int, expected: [Int]) {
    #expect(Array(EncoderThreads.split(cores: cores, pixels: Self.pixels)) == expected)
  }

  @Test func streamCopiesGetNoThreadsAndTheDualViewGetsTheRest() {
    let copies = OutputSet<Int?>(dualView: 2 * 921_600, front: nil, back: nil)
    #expect(Array(EncoderThreads.split(cores: 4, pixels: copies)) == [4, 0, 0])
    #expect(Array(EncoderThreads.split(cores: 1, pixels: copies)) == [1, 0, 0])
  }

  @Test func aTinyOutputStillGetsOneThread() {
    let pixels = OutputSet<Int?>(dualView: 1_000_000, front: 10, back: 10)
    #expect(Array(EncoderThreads.split(cores: 4, pixels: pixels)) == [2, 1, 1])
  }

  @Test func everyCountFitsTheMachine() {
    for cores in 1...64 {
      for front in [320 * 240, 1280 * 720, 1920 * 1080] {
        let pixels = OutputSet<Int?>(dualView: front + 1280 * 720, front: front, back: 1280 * 720)
        let threads = EncoderThreads.split(cores: cores, pixels: pixels)
        #expect(threads.allSatisfy { $0 >= 1 })
        let expected = (2...3).contains(cores) ? 4 : max(cores, 3)
        #expect(threads.reduce(0, +) == expected, "\(cores) cores: \(Array(threads))")
        #expect(threads.dualView >= threads.back)
      }
    }
  }
}
