import Compositor
import DualCamCore
import Encoding
import Synchronization

/// One output file's thread: takes jobs from its queue, hands the encoder one camera's frame
/// or the composite of both, and encodes and muxes it — or, for a stream copy, stores the
/// camera's own compressed picture that came with the frame (a placeholder frame stores the
/// writer's stand-in picture).
///
/// No picture is copied on the way: a camera's I420 frame is read by the encoder where it lies
/// (H.264), and the composite is written straight into the encoder's own frame. After a write
/// error the worker keeps draining its queue (releasing frames) so the rest of the pipeline
/// never stalls on it.
///
/// `@unchecked Sendable`: `activeCompositor` and the writer's encoding calls belong to the
/// worker thread; `thread` is touched only by the control thread that calls `finish()`, after
/// which the worker thread has ended; the rest is immutable or behind a lock.
final class OutputWorker: @unchecked Sendable {
  /// Which output the worker writes: one camera's frames as captured, or both stacked.
  let role: OutputRole

  /// How long writing frame `index` of output `name` takes on the clock (a test hook: on a
  /// `ManualClock` the real encoders take no time at all).
  typealias WriteTime = @Sendable (_ name: String, _ index: Int64) -> Int64
  let queue: BoundedQueue<OutputJob>
  /// The compositor the dual view starts with (unused by the camera outputs).
  private let initialCompositor: StackCompositor
  private let writer: OutputWriter
  private let wake: SchedulerWake
  private let clock: any MonotonicClock
  private let writeTime: WriteTime?
  private let failure = Locked<DualCamError?>(nil)
  /// Time spent writing frames (composing, encoding, muxing) on the clock, and how many.
  private let busyNanoseconds = Atomic<Int64>(0)
  private let jobsWritten = Atomic<Int64>(0)
  /// Processor time this thread spent in the encoder (with the encoder's own threads, what the
  /// budget learns an encoder's frame costs) and in the compositor.
  private let encoding = StageClock()
  private let composing = StageClock()
  /// The encoder's own threads' processor seconds, read when the file is finished (which ends
  /// those threads); nil until then.
  private let finalEncoderThreadSeconds = Locked<Double?>(nil)
  private var thread: WorkerThread?
  /// A layout change waiting for the next frame; taken by the worker thread only.
  private let pendingCompositors = Locked<[(compositor: StackCompositor, fromFrame: Int64)]>([])
  /// The compositor in use after a layout change (worker thread only).
  private var activeCompositor: StackCompositor?

  /// A worker writing `role` with `writer`; the dual view composes with `compositor` until a
  /// layout change. Its queue waits on `clock`.
  init(
    role: OutputRole, compositor: StackCompositor, writer: OutputWriter, queueCapacity: Int,
    wake: SchedulerWake, clock: any MonotonicClock, writeTime: WriteTime? = nil
  ) {
    self.role = role
    initialCompositor = compositor
    self.writer = writer
    self.wake = wake
    self.clock = clock
    self.writeTime = writeTime
    queue = BoundedQueue(capacity: queueCapacity)
    thread = WorkerThread(name: "out-\(role)") { [self] in run() }
  }

  /// The output's name: `dualview`, `front` or `back`.
  var name: String { role.rawValue }

  /// Makes the dual view use `compositor` from output frame `frame` on (frames already queued
  /// with lower numbers keep the old layout). The compositor must draw the same canvas size,
  /// since the file's size cannot change mid-take.
  func replaceCompositor(_ compositor: StackCompositor, fromFrame frame: Int64) {
    pendingCompositors.withLock { $0.append((compositor, frame)) }
  }

  /// The first error met, if any.
  var error: DualCamError? { failure.withLock { $0 } }

  /// Frames encoded so far.
  var framesWritten: Int64 { writer.framesWritten }

  /// Bytes in the file so far.
  var bytesWritten: Int64 { writer.bytesWritten }

  /// The output's progress: frames and bytes written, the seconds the worker spent writing
  /// frames and how many (the time per frame the live budget compares with the frame
  /// interval), and its queue now.
  var progress: SessionSnapshot.Output {
    var output = SessionSnapshot.Output(
      name: name, frames: framesWritten, bytes: bytesWritten,
      busySeconds: Double(busyNanoseconds.load(ordering: .relaxed)) / 1e9,
      busyFrames: jobsWritten.load(ordering: .relaxed), queued: queue.depth,
      queueCapacity: queue.capacity)
    output.encodedFrames = encoding.count
    output.encoderCPUSeconds = encoding.seconds + encoderThreadSeconds
    output.composedFrames = composing.count
    output.compositorCPUSeconds = composing.seconds
    return output
  }

  /// Processor seconds of the encoder's own threads: now, or as they were when it finished.
  private var encoderThreadSeconds: Double {
    if let final = finalEncoderThreadSeconds.withLock({ $0 }) { return final }
    guard case .encoder(let encoder) = writer.video else { return 0 }
    return encoder.encoderThreadsSeconds
  }

  /// Closes the queue, waits for the frames in it to be written, then finishes the file.
  func finish() throws(DualCamError) -> OutputSummary {
    queue.close()
    thread?.join()
    thread = nil
    let threadSeconds = encoderThreadSeconds
    finalEncoderThreadSeconds.withLock { $0 = threadSeconds }
    if let error { throw error }
    return try writer.finish()
  }

  // MARK: - Thread

  private func run() {
    while let job = queue.pop(clock: clock) {
      let started = clock.now()
      if let writeTime { clock.sleep(until: started + writeTime(name, job.index)) }
      if error == nil {
        do {
          try write(job)
        } catch {
          failure.withLock { $0 = $0 ?? error }
        }
        busyNanoseconds.add(clock.now() - started, ordering: .relaxed)
        jobsWritten.add(1, ordering: .relaxed)
      }
      job.release()
      wake.notify()
    }
  }

  private func write(_ job: OutputJob) throws(DualCamError) {
    let writer: VideoFileWriter
    switch self.writer.video {
    case .encoder(let encoder): writer = encoder
    case .streamCopy(let copier):
      guard let position = role.camera, let frame = position == .front ? job.front : job.back
      else { return }
      if frame.isPlaceholder || frame.packet.isEmpty {
        try copier.writeStandIn(index: job.index)
      } else {
        try copier.write(frame.packet, index: job.index)
      }
      return
    }
    if let position = role.camera {
      guard let frame = position == .front ? job.front : job.back else { return }
      if frame.image.format == .i420 && frame.image.size == writer.spec.size {
        // The camera's own buffer goes to the encoder: H.264 reads it where it lies.
        try encoding.time { () throws(DualCamError) in
          try writer.write(frame.image, index: job.index)
        }
        return
      }
      PixelConversion.convertToI420(frame.image, into: try writer.nextInputImage())
    } else {
      guard let front = job.front, let back = job.back else { return }
      // Frames queued before a change keep the layout they were decided under; the change
      // starts exactly at its frame, as the metadata records it.
      if let changed = pendingCompositors.withLock({ pending -> StackCompositor? in
        var latest: StackCompositor?
        while let first = pending.first, job.index >= first.fromFrame {
          latest = first.compositor
          pending.removeFirst()
        }
        return latest
      }) {
        activeCompositor = changed
      }
      let compositor = activeCompositor ?? initialCompositor
      let canvas = try writer.nextInputImage()
      composing.time { compositor.compose(front: front.image, back: back.image, into: canvas) }
    }
    try encoding.time { () throws(DualCamError) in try writer.submitFrame(index: job.index) }
  }
}
