import DualCamCore
import Playback
import Testing

/// The timing arithmetic alone.
@Suite struct PlaybackScheduleTests {
  @Test("frames fall due at exact moments, at any rate and speed")
  func dueTimes() {
    let start = MonotonicTime.seconds(10)
    let ntsc = PlaybackSchedule(
      rate: FrameRate(numerator: 30000, denominator: 1001), speed: .normal, frame: 5, at: start)
    #expect(ntsc.frameDue(at: start) == 5)
    #expect(ntsc.frameDue(at: start + 1_001_000_000) == 35)
    #expect(ntsc.frameDue(at: start + 1_000_999_999) == 34)
    #expect(ntsc.time(of: 35) == start + 1_001_000_000)
    #expect(ntsc.frameDue(at: ntsc.time(of: 123)) == 123)
    #expect(ntsc.frameDue(at: ntsc.time(of: 123) - 1) == 122)
    var schedule = PlaybackSchedule(
      rate: FrameRate(numerator: 25), speed: .quarter, frame: 0, at: start)
    #expect(schedule.frameDue(at: start + 4_000_000_000) == 25)
    #expect(schedule.frameDue(at: start - 1) == 0)
    schedule.restart(at: 100, time: start + 1, speed: .oneAndHalf)
    #expect(schedule.frameDue(at: start + 1 + 1_000_000_000) == 137)
    #expect(PlaybackSpeed.double.stepped(by: 1) == .double)
    #expect(PlaybackSpeed.normal.stepped(by: -1) == .half)
  }
}
