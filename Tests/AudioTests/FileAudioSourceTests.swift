import Audio
import DualCamCore
import Foundation
import Media
import Testing

@Suite("Sound of a file camera")
struct FileAudioSourceTests {
  let start = MonotonicTime.seconds(1000)

  /// A one-second 48 kHz mono WAV, silent but for clicks of 1 ms at 0.25 s and 0.75 s.
  static func clickWAV() throws -> URL {
    var samples = [Int16](repeating: 0, count: 48_000)
    for click in [12_000, 36_000] {
      for frame in click..<(click + 48) { samples[frame] = 26_000 }
    }
    var data = Data()
    func put<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    data.append(contentsOf: Array("RIFF".utf8))
    put(UInt32(36 + samples.count * 2))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    put(UInt32(16))
    put(UInt16(1))  // PCM
    put(UInt16(1))  // mono
    put(UInt32(48_000))
    put(UInt32(96_000))
    put(UInt16(2))
    put(UInt16(16))
    data.append(contentsOf: Array("data".utf8))
    put(UInt32(samples.count * 2))
    for sample in samples { put(sample) }
    return try write(data, named: "clicks.wav")
  }

  /// A two-frame 16x16 video without sound (YUV4MPEG2, which libavformat reads).
  static func silentVideo() throws -> URL {
    var data = Data("YUV4MPEG2 W16 H16 F30:1 Ip A1:1 C420jpeg\n".utf8)
    for _ in 0..<2 {
      data.append(contentsOf: Array("FRAME\n".utf8))
      data.append(contentsOf: [UInt8](repeating: 128, count: 16 * 16 * 3 / 2))
    }
    return try write(data, named: "silent.y4m")
  }

  private static func write(_ data: Data, named name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("dualcam-file-audio-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try data.write(to: url)
    return url
  }

  /// Moves the clock to `until` in 10 ms steps, then waits for `count` periods.
  private func run(
    _ clock: ManualClock, until end: MonotonicTime, sink: RecordingAudioSink, count: Int
  ) -> Bool {
    while clock.now() < end { clock.advance(by: 10_000_000) }
    return sink.waitUntil { $0.periods.withLock { $0.count } >= count }
  }

  /// When each click of `buffers` starts (channel 0 above half scale).
  private func clickTimes(_ buffers: [AudioPeriodBuffer]) -> [MonotonicTime] {
    var onsets: [MonotonicTime] = []
    var previous: Float = 0
    for buffer in buffers {
      for frame in 0..<buffer.frameCount {
        let value = buffer.sample(frame: frame, channel: 0)
        if value > 0.5, previous <= 0.5 {
          onsets.append(buffer.captureTime + buffer.format.nanoseconds(ofFrames: Int64(frame)))
        }
        previous = value
      }
    }
    return onsets
  }

  @Test func periodsAreStampedFromThePassAndAShortSoundLeavesACountedGap() throws {
    let url = try Self.clickWAV()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let clock = ManualClock(start: start)
    let playback = FilePlayback()
    let source = try FileAudioSource(url: url, playback: playback, rate: 48_000, channels: 2)
    #expect(source.info.kind == "file")
    let sink = RecordingAudioSink(keepBuffers: true)
    try source.start(clock: clock, sink: sink, bufferCount: 256)
    // Nothing until the pictures start; then the sound plays from the pass's first picture.
    clock.advance(by: 30_000_000)
    #expect(sink.periods.withLock { $0.isEmpty })
    let first = clock.now() + 5_000_000
    playback.beginPass(at: first)
    #expect(run(clock, until: first + 1_100_000_000, sink: sink, count: 100))
    // The pictures loop 1.2 s after they began: the sound (1 s) starts again with them.
    playback.beginPass(at: first + 1_200_000_000)
    #expect(run(clock, until: first + 2_300_000_000, sink: sink, count: 200))
    source.stop()

    let periods = sink.periods.withLock { $0 }
    #expect(periods.count == 200)
    for (number, period) in periods.prefix(100).enumerated() {
      #expect(period.firstFrameIndex == Int64(number) * 480)
      #expect(period.captureTime == first + Int64(number) * 10_000_000)
    }
    #expect(periods[100].firstFrameIndex == 57_600)
    #expect(periods[100].captureTime == first + 1_200_000_000)
    #expect(periods[100].followsGap && !periods[101].followsGap)
    #expect(source.counters.gaps == 1)
    #expect(source.counters.missingFrames == 9_600)
    let buffers = sink.buffers.withLock { $0 }
    let clicks = clickTimes(buffers)
    for buffer in buffers { buffer.release() }
    let expected = [250, 750, 1_450, 1_950].map { first + Int64($0) * 1_000_000 }
    #expect(clicks == expected)
  }

  @Test func soundLongerThanThePicturesIsCutWhereTheyLoop() throws {
    let url = try Self.clickWAV()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let clock = ManualClock(start: start)
    let playback = FilePlayback()
    playback.beginPass(at: start)
    let source = try FileAudioSource(url: url, playback: playback, rate: 48_000, channels: 1)
    let sink = RecordingAudioSink(keepBuffers: true)
    try source.start(clock: clock, sink: sink, bufferCount: 256)
    #expect(run(clock, until: start + 500_000_000, sink: sink, count: 50))
    // Pictures 0.6 s long: the sound's last 0.4 s is never heard.
    playback.beginPass(at: start + 600_000_000)
    #expect(run(clock, until: start + 1_200_000_000, sink: sink, count: 120))
    source.stop()

    let periods = sink.periods.withLock { $0 }
    #expect(periods.count == 120)
    for (number, period) in periods.enumerated() {
      #expect(period.firstFrameIndex == Int64(number) * 480)
      #expect(period.captureTime == start + Int64(number) * 10_000_000)
      #expect(!period.followsGap)
    }
    #expect(source.counters.gaps == 0)
    let buffers = sink.buffers.withLock { $0 }
    let clicks = clickTimes(buffers)
    for buffer in buffers { buffer.release() }
    #expect(clicks == [250, 850].map { start + Int64($0) * 1_000_000 })
  }

  @Test func theReaderConvertsTheRateAndChannels() throws {
    let url = try Self.clickWAV()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let reader = try FileAudioReader(url: url, sampleRate: 16_000, channels: 2)
    #expect(reader.codecName == "pcm_s16le" && reader.sourceSampleRate == 48_000)
    var samples: [Float] = []
    let block = UnsafeMutablePointer<Float>.allocate(capacity: 2 * 333)
    defer { block.deallocate() }
    for _ in 0..<2 {
      while true {
        let count = try reader.read(into: block, frames: 333)
        if count == 0 { break }
        samples.append(contentsOf: UnsafeBufferPointer(start: block, count: count * 2))
      }
      try reader.rewind()
    }
    // Two passes of one second at 16 kHz (the resampler's last few frames included).
    #expect(abs(samples.count / 2 - 32_000) <= 32, "\(samples.count / 2) frames")
    let peaks = samples.indices.filter { $0 % 2 == 0 && samples[$0] > 0.4 }.map { $0 / 2 }
    #expect(peaks.contains { abs($0 - 4_000) <= 2 } && peaks.contains { abs($0 - 12_000) <= 2 })
    #expect(peaks.contains { abs($0 - 16_000 - 4_000) <= 20 })
    let silent = try Self.silentVideo()
    defer { try? FileManager.default.removeItem(at: silent.deletingLastPathComponent()) }
    #expect(Self.hasSound(url) && !Self.hasSound(silent))
  }

  private static func hasSound(_ url: URL) -> Bool { FileAudioSource.hasSoundTrack(url) }

  @Test func aFileWithoutSoundIsRefusedInWords() throws {
    let url = try Self.silentVideo()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    #expect {
      try FileAudioSource(url: url, playback: FilePlayback())
    } throws: { error in
      (error as? DualCamError)?.problem.contains("silent.y4m has no sound track") == true
    }
  }
}
