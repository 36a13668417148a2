import Budget
import DualCamCore

/// Inputs with every resource known, for tests to change one thing at a time.
enum BudgetFixtures {
  static let hd = ImageSize(width: 1280, height: 720)
  static let fullHD = ImageSize(width: 1920, height: 1080)
  static let thirty = FrameRate(numerator: 30)

  /// A USB camera on `bus`; `reserved` as sysfs would give it while streaming.
  static func camera(
    _ position: CameraPosition, format: WireFormat, bus: String = "usb1",
    speed: USBSpeed = .high, size: ImageSize = hd, reserved: Int? = nil, offersMJPEG: Bool = true
  ) -> BudgetSource {
    BudgetSource(
      position: position, kind: .usbCamera, format: format, size: size, frameRate: thirty,
      usb: USBPlacement(
        bus: bus, hostController: "0000:00:14.0",
        device: "\(bus.dropFirst(3))-\(position.rawValue + 1)",
        speed: speed, reservedBytesPerInterval: reserved),
      offersMJPEG: offersMJPEG)
  }

  static func synthetic(_ position: CameraPosition, size: ImageSize = hd) -> BudgetSource {
    BudgetSource(
      position: position, kind: .synthetic, format: .i420, size: size, frameRate: thirty)
  }

  /// Calibration of a machine where x264 ultrafast costs 2 ms per 720p frame, medium 4× that,
  /// compositing 1 ms per 1280×1440 canvas, YUYV conversion 0.5 ms and MJPEG decoding 3 ms
  /// per 720p frame, reading a 720p frame from a file 0.1 ms, a thread's wake-up 10 µs.
  /// Encoders have the threads a take on 4 cores gives them: two for the dual
  /// view, one for each camera.
  static var calibration: CalibrationTable {
    let canvas = ImageSize(width: 1280, height: 1440)
    return CalibrationTable(entries: [
      .init(work: CalibrationWork(kind: .convertYUYV, size: hd), cpuSecondsPerFrame: 0.0005),
      .init(work: CalibrationWork(kind: .decodeMJPEG, size: hd), cpuSecondsPerFrame: 0.003),
      .init(work: CalibrationWork(kind: .readFrame, size: hd), cpuSecondsPerFrame: 0.0001),
      .init(
        work: CalibrationWork(kind: .wakeUp, size: ImageSize(width: 0, height: 0)),
        cpuSecondsPerFrame: 0.000_01),
      // Nothing, so that the figures of the tests stay simple; `ResourceCostTests` charges it.
      // Three encoders take turns in most takes, one alone when the cameras are stream-copied.
      .init(work: resumeAfterIdle(encoders: 3), cpuSecondsPerFrame: 0),
      .init(work: resumeAfterIdle(encoders: 1), cpuSecondsPerFrame: 0),
      .init(
        work: CalibrationWork(
          kind: .compose, size: canvas, detail: "1280x720+1280x720 full fill"),
        cpuSecondsPerFrame: 0.001),
      .init(
        work: CalibrationWork(
          kind: .encode, size: hd, codec: .h264, preset: "ultrafast", threads: 1),
        cpuSecondsPerFrame: 0.002),
      .init(
        work: CalibrationWork(
          kind: .encode, size: canvas, codec: .h264, preset: "ultrafast", threads: 2),
        cpuSecondsPerFrame: 0.004),
      .init(
        work: CalibrationWork(
          kind: .encode, size: hd, codec: .h264, preset: "medium", threads: 1),
        cpuSecondsPerFrame: 0.008),
      .init(
        work: CalibrationWork(
          kind: .encode, size: canvas, codec: .h264, preset: "medium", threads: 2),
        cpuSecondsPerFrame: 0.016),
    ])
  }

  /// The work of `encoders` encoders resuming after their pauses, taking turns.
  static func resumeAfterIdle(encoders: Int) -> CalibrationWork {
    CalibrationWork(
      kind: .resumeAfterIdle, size: ImageSize(width: 0, height: 0), encoders: encoders)
  }

  static func inputs(
    sources: [BudgetSource], settings: RecordingSettings = RecordingSettings(),
    cores: Double = 4, memory: Int64 = 8 << 30, free: Int64 = 100_000_000_000
  ) -> BudgetInputs {
    BudgetInputs(
      settings: settings, sources: sources,
      cpu: CPUCapacity(cores: cores, source: "\(cores) test cores"),
      memory: MemoryFacts(availableBytes: memory, source: "test"),
      disk: DiskFacts(freeBytes: free, folder: "/takes"), calibration: calibration)
  }
}

extension BudgetEstimate {
  func resource(_ kind: ResourceCost.Kind) -> ResourceCost? {
    resources.first { $0.kind == kind }
  }
}
