import Compositor
import DualCamCore
import Media

#if canImport(Glibc)
  import Glibc
#endif

/// The capture thread's state: the stream (nil while the camera is unplugged) and the sequence
/// numbering that stays monotonic across re-opens. Not `Sendable`: `V4L2Camera.start` makes one
/// and hands it to the capture thread, the only one that uses it.
final class V4L2CaptureLoop {
  let camera: V4L2Camera
  let pool: FramePool
  let clock: any MonotonicClock
  let sink: any FrameSink
  var ring: V4L2BufferRing?
  var lastSequence: Int64 = -1
  var sequenceOffset: Int64 = 0
  var rebase = false
  var notedArrival = false
  var notedLead = false
  /// A driver stamp this far ahead of the clock is worth telling the user about.
  static let noticeableLeadNanoseconds: Int64 = 1_000_000

  init(
    camera: V4L2Camera, pool: FramePool, clock: any MonotonicClock, sink: any FrameSink,
    ring: V4L2BufferRing
  ) {
    self.camera = camera
    self.pool = pool
    self.clock = clock
    self.sink = sink
    self.ring = ring
  }

  func run() {
    let position = camera.capturePosition
    while camera.isRunning {
      guard let current = ring else {
        if let reopened = camera.reopen() {
          ring = reopened
          rebase = true
          sink.sourceEvent(.signalRestored, from: position)
        } else {
          let due = clock.now() + V4L2Camera.reopenIntervalNanoseconds
          _ = clock.sleep(until: due, interrupt: camera.currentInterrupt)
        }
        continue
      }
      do throws(V4L2CallError) {
        try step(current)
      } catch {
        current.device.streamOff()
        ring = nil
        let reason =
          error.isDisconnect
          ? "camera disconnected" : "\(error.call) failed: \(String(cString: strerror(error.code)))"
        sink.sourceEvent(.signalLost(reason: reason), from: position)
      }
    }
    ring?.device.streamOff()
    ring = nil
  }

  /// Waits for one buffer and delivers it; throws when the device fails or is gone.
  private func step(_ ring: V4L2BufferRing) throws(V4L2CallError) {
    switch try ring.device.waitForFrame(milliseconds: V4L2Camera.pollMilliseconds) {
    case .idle: return
    case .hungUp: throw V4L2CallError(call: "poll", code: ENODEV)
    case .ready: break
    }
    guard let filled = try ring.device.dequeue() else { return }
    // The bus carried the buffer whatever becomes of it here.
    camera.countReceived(bytes: filled.bytesUsed)
    guard !filled.isDamaged, let bytes = ring.bytes(at: filled.index) else {
      try ring.device.queue(index: filled.index)
      return
    }
    guard let frame = pool.lease() else {
      camera.countDropped()
      try ring.device.queue(index: filled.index)
      return
    }
    var converted = convert(bytes, used: filled.bytesUsed, into: frame.image)
    // For stream copy the compressed picture travels with the frame; it is copied out before
    // the driver gets its buffer back. A picture larger than the pool's room is a lost frame.
    if converted && camera.deliversCompressedPictures
      && !frame.storePacket(UnsafeRawBufferPointer(rebasing: bytes[0..<filled.bytesUsed]))
    {
      camera.countDropped()
      converted = false
    }
    do throws(V4L2CallError) {
      try ring.device.queue(index: filled.index)
    } catch {
      frame.release()
      throw error
    }
    guard converted else {
      frame.release()
      return
    }
    if filled.isMonotonic {
      // A frame cannot have been captured after it was dequeued. Drivers that compute their
      // stamps (vivid from its frame count, some capture cards from their own oscillator) can
      // run ahead of the system clock; trusting them would put every frame of this camera
      // in a later slot than its partner's, so such a frame is timed by its arrival.
      let stamped = MonotonicTime(nanoseconds: filled.timestampNanoseconds)
      let now = clock.now()
      frame.captureTime = min(stamped, now)
      if stamped - now > Self.noticeableLeadNanoseconds && !notedLead {
        notedLead = true
        camera.noteTimestampsAhead(byNanoseconds: stamped - now)
      }
    } else {
      frame.captureTime = clock.now()
      if !notedArrival {
        notedArrival = true
        camera.noteArrivalTimestamps()
      }
    }
    frame.sequence = nextSequence(raw: Int64(filled.sequence))
    camera.countDelivered()
    sink.deliver(frame, from: camera.capturePosition)
  }

  /// Kernel sequences restart at 0 after a re-open; the offset continues them after the last.
  private func nextSequence(raw: Int64) -> UInt64 {
    if rebase {
      sequenceOffset = lastSequence + 1 - raw
      rebase = false
    }
    var sequence = raw + sequenceOffset
    if sequence <= lastSequence {
      sequenceOffset += lastSequence + 1 - sequence
      sequence = lastSequence + 1
    }
    lastSequence = sequence
    return UInt64(sequence)
  }

  /// Converts the driver's bytes into the I420 frame; false when the data is short or broken.
  private func convert(
    _ bytes: UnsafeMutableRawBufferPointer, used: Int, into image: ImageView
  ) -> Bool {
    let layout = camera.capturedLayout
    let size = layout.size
    switch camera.capturedFormat {
    case .yuyv:
      let stride = max(layout.bytesPerLine, size.width * 2)
      guard bytes.count >= stride * size.height else { return false }
      let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
      let plane = ImageView.Plane(base: base, bytesPerRow: stride)
      PixelConversion.convertToI420(
        ImageView(format: .yuyv, size: size, plane0: plane, plane1: plane, plane2: plane),
        into: image)
    case .nv12:
      let stride = max(layout.bytesPerLine, size.width)
      guard bytes.count >= stride * size.height * 3 / 2 else { return false }
      let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
      let luma = ImageView.Plane(base: base, bytesPerRow: stride)
      let chroma = ImageView.Plane(base: base + stride * size.height, bytesPerRow: stride)
      PixelConversion.convertToI420(
        ImageView(format: .nv12, size: size, plane0: luma, plane1: chroma, plane2: chroma),
        into: image)
    case .mjpeg:
      guard let decoder = camera.mjpegDecoder, used > 0, used <= bytes.count else { return false }
      do throws(DualCamError) {
        try decoder.decode(UnsafeRawBufferPointer(rebasing: bytes[0..<used]), into: image)
      } catch {
        return false
      }
    }
    return true
  }
}
