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

  /// Pictures x264 keeps per preset: reference frames + B-frames + lookahead, from x264's
  /// preset definitions (x264 `common/base.c`, `param_apply_preset`).
  static func x264PicturesHeld(preset: String?) -> Int {
    switch preset ?? "ultrafast" {
    case "ultrafast": 1 + 0 + 0
    case "superfast": 1 + 3 + 0
    case "veryfast": 1 + 3 + 10
    case "faster": 2 + 3 + 20
    case "fast": 2 + 3 + 30
    case "medium": 3 + 3 + 40
    case "slow": 5 + 3 + 50
    case "slower": 8 + 3 + 60
    default: 16 + 8 + 60  // veryslow, placebo
    }
  }

  /// Each picture an x264-style encoder holds costs about 1.5 × its I420 size: padded planes,
  /// the half-resolution copy for lookahead, motion vectors (estimated).
  static let encoderPictureOverhead = 1.5

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
      let held = codec.takesPreset ? x264PicturesHeld(preset: settings.preset(for: codec)) : 0
      // Plus the input picture and the one being reconstructed.
      return Double(held + 2) * i420(size) * encoderPictureOverhead
    }
    var encoders = encoder(settings.codec, canvas)
    if case .encode(let codec) = settings.effectiveCameraCodec {
      for source in inputs.sources { encoders += encoder(codec, source.size) }
    }
    let demand = pools + kernel + encoders
    guard let available = inputs.memory.availableBytes else {
      return .notWeighed(
        .memory, name: "memory", reason: "available memory unknown (\(mib(demand)) MiB needed)")
    }
    return ResourceCost(
      kind: .memory, name: "memory", demand: demand, capacity: Double(available), unit: "bytes",
      basis: .estimated,
      explanation:
        "frame pools \(mib(pools)) MiB, capture buffers \(mib(kernel)) MiB, encoders "
        + "\(mib(encoders)) MiB; available: \(inputs.memory.source)")
  }

  static func mib(_ bytes: Double) -> Int { Int((bytes / 1_048_576).rounded()) }
}
