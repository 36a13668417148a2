import DualCamCore

/// The memory resource: frame pools, the kernel's capture buffers and the encoders' pictures,
/// against the memory available (small boards run out here first).
enum MemoryCostModel {
  /// I420 frames each camera's pool holds: inbox 4, synchronizer 7, two output queues of 6
  /// plus one in each encoder, the preview and one being filled; as
  /// `SessionController.framesHeldPerCamera` sizes the pools.
  static let framesHeldPerCamera = 27

  /// Capture buffers a V4L2 camera maps (`V4L2BufferRing.preferredCount`).
  static let kernelBuffersPerCamera = 4

  /// What an x264-style encoder holds at a preset: I420 pictures of its size (reference
  /// frames, B-frames and lookahead, each with its padded planes, half-pel planes and half-size
  /// copy) and bytes that do not grow with the size (its threads' scratch and lookahead state).
  /// Fitted to the peak resident memory of `record` takes at 480p, 720p and 1080p on x86-64
  /// (Documentation/PERFORMANCE.md, "Memory"); presets past `slow` are extrapolated.
  static func x264Memory(preset: String?) -> (pictures: Double, fixedBytes: Double) {
    switch preset ?? "ultrafast" {
    case "ultrafast": (6, 0)
    case "superfast": (33, 8e6)
    case "veryfast": (47, 13e6)
    case "faster": (64, 20e6)
    case "fast": (85, 30e6)
    case "medium": (85, 39e6)
    case "slow": (92, 39e6)
    case "slower": (110, 45e6)
    default: (140, 50e6)  // veryslow, placebo
    }
  }

  /// Codecs without a preset (MJPEG, FFV1): the input picture and the one being coded.
  static let unpresetPictures = 3.0

  /// The allocator's own overhead over what the encoders ask for (glibc's per-thread arenas
  /// keep freed memory apart, and the calibration's encoders, run in the same process before
  /// a take, leave theirs): the worst take measured, the interface's at 720p60 medium after a
  /// first-use calibration, needed 28 % more than the pictures and fixed bytes above, and two
  /// runs of it differed by 3 %: 35 % keeps the figure over both.
  static let allocatorMargin = 1.35

  /// The process itself: code, libraries, the terminal and the threads' stacks.
  static let processBytes = 45e6

  static func cost(_ inputs: BudgetInputs, canvas: ImageSize) -> ResourceCost {
    func i420(_ size: ImageSize) -> Double { Double(size.area) * 1.5 }
    var pools = 0.0
    var kernel = 0.0
    for source in inputs.sources {
      pools += Double(framesHeldPerCamera) * i420(source.size)
      if source.kind == .usbCamera || source.kind == .otherCamera {
        // uvcvideo sizes MJPEG buffers like uncompressed ones (sizeimage = width × height × 2).
        kernel += Double(kernelBuffersPerCamera) * Double(source.size.area) * 2
      }
    }
    let settings = inputs.settings
    func encoder(_ codec: VideoCodec, _ size: ImageSize) -> Double {
      guard codec.takesPreset else { return unpresetPictures * i420(size) }
      let held = x264Memory(preset: settings.preset(for: codec))
      return (held.pictures * i420(size) + held.fixedBytes) * allocatorMargin
    }
    var encoders = encoder(settings.codec, canvas)
    if case .encode(let codec) = settings.effectiveCameraCodec {
      for source in inputs.sources { encoders += encoder(codec, source.size) }
    }
    let demand = processBytes + pools + kernel + encoders
    guard let available = inputs.memory.availableBytes else {
      return .notWeighed(
        .memory, name: "memory", reason: "available memory unknown (\(mib(demand)) MiB needed)")
    }
    return ResourceCost(
      kind: .memory, name: "memory", demand: demand, capacity: Double(available), unit: "bytes",
      basis: .estimated,
      explanation:
        "frame pools \(mib(pools)) MiB, capture buffers \(mib(kernel)) MiB, encoders "
        + "\(mib(encoders)) MiB, the program \(mib(processBytes)) MiB; available: "
        + "\(inputs.memory.source)")
  }

  static func mib(_ bytes: Double) -> Int { Int((bytes / 1_048_576).rounded()) }
}
