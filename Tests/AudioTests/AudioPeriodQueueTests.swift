import Audio
import DualCamCore
import Testing

@Suite("Audio period queue")
struct AudioPeriodQueueTests {
  @Test func deliversInOrderAndDropsTheNewestWhenFull() {
    let pool = AudioPeriodPool(
      format: AudioFormat(sampleRate: 8_000, channels: 1), capacityFrames: 80, capacity: 4)
    let queue = AudioPeriodQueue(capacity: 2)
    for index in 0..<3 as Range<Int64> {
      let period = pool.lease()!
      period.stamp(frames: 80, firstFrameIndex: index * 80, captureTime: .zero, followsGap: false)
      queue.deliver(period)
    }
    #expect(queue.droppedCount == 1)
    #expect(pool.availableCount == 2, "the dropped period went back to its pool")
    let first = queue.pop()
    let second = queue.pop()
    #expect(first?.firstFrameIndex == 0)
    #expect(second?.firstFrameIndex == 80)
    #expect(queue.pop() == nil)
    first?.release()
    second?.release()
    #expect(pool.availableCount == 4)
    queue.audioEvent(.signalLost(reason: "unplugged"))
    #expect(queue.takeEvents() == [.signalLost(reason: "unplugged")])
    #expect(queue.takeEvents().isEmpty)
  }
}
