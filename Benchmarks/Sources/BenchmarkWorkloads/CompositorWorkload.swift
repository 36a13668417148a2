import Compositor
public import DualCamCore
import PeerScalers

/// The compositor's benchmark cases and their references, over working sets big enough to come
/// from cold memory.
///
/// Every case writes one output frame from two 1920×1080 sources. Each call moves on to the next
/// of `sets` independent copies of the sources and canvases, so that over a round the data
/// touched is far larger than the last-level cache, as for frames a camera just delivered.
public final class CompositorWorkload: @unchecked Sendable {
  /// One thing to time.
  public enum Case: String, Sendable, CaseIterable {
    /// Reference: one `memcpy` of as many bytes as the 1920×2160 I420 full-stack canvas.
    case memcpy = "memcpy 1920x2160 I420"
    /// Full stack of two I420 sources, no scaling.
    case stack = "stack I420 -> 1920x2160"
    /// Full stack of two YUYV sources, converted to I420 on the way (cached stores, as the
    /// recording pipeline composes for an encoder that reads the canvas next).
    case stackYUYV = "stack YUYV -> 1920x2160"
    /// The same with streaming stores (`StorePolicy.streaming`).
    case stackYUYVStreaming = "stack YUYV, streaming stores"
    /// `stackYUYV`, then the canvas read once the way an encoder takes its input (copied into
    /// a buffer of its own): which store policy serves the whole handoff best.
    case stackYUYVThenRead = "stack YUYV + encoder reads canvas"
    /// The same with streaming stores.
    case stackYUYVStreamingThenRead = "stack YUYV streaming + encoder reads"
    /// The same YUYV stack by libyuv `YUY2ToI420`, one call per camera half.
    case libyuvStackYUYV = "stack YUYV (libyuv YUY2ToI420)"
    /// Portrait canvas, each camera filled (cropped) and scaled bilinearly into its half.
    case portrait = "portrait fill 1080x1920 (DualCam)"
    /// The same portrait work by libyuv `I420Scale`, `kFilterBox`.
    case libyuvBox = "portrait fill (libyuv box)"
    /// The same portrait work by libyuv `I420Scale`, `kFilterBilinear`.
    case libyuvBilinear = "portrait fill (libyuv bilinear)"
    /// The same portrait work by libswscale, `SWS_FAST_BILINEAR`.
    case swscale = "portrait fill (swscale fast bilinear)"
  }

  /// The source size of both cameras.
  public static let sourceSize = ImageSize(width: 1920, height: 1080)

  /// How many independent copies of the data the cases cycle through.
  public let sets: Int
  private let stackCompositor: StackCompositor
  private let streamingStackCompositor: StackCompositor
  private let portraitCompositor: StackCompositor
  private let i420Sources: [(FrameBuffer, FrameBuffer)]
  private let yuyvSources: [(FrameBuffer, FrameBuffer)]
  private let stackCanvases: [FrameBuffer]
  private let portraitCanvases: [FrameBuffer]
  private let copySources: [UnsafeMutableRawPointer]
  private let copyBytes: Int
  private let pools: [FramePool]
  private let libyuvConverter = LibYUVConverter()
  private let libyuvBox = LibYUVScaler(filter: .box)
  private let libyuvBilinear = LibYUVScaler(filter: .bilinear)
  private let swscale: SwscaleScaler
  private var next = 0

  /// Allocates and fills `sets` copies of every source and canvas.
  public init(sets: Int) throws {
    precondition(sets > 0)
    self.sets = sets
    let size = Self.sourceSize
    var stackSettings = LayoutSettings()
    stackSettings.canvas = .fullStack
    stackCompositor = try StackCompositor(settings: stackSettings, frontSize: size, backSize: size)
    streamingStackCompositor = StackCompositor(layout: stackCompositor.layout, stores: .streaming)
    var portraitSettings = LayoutSettings()
    portraitSettings.canvas = .portrait
    portraitSettings.frontScaling = .fill
    portraitSettings.backScaling = .fill
    portraitCompositor = try StackCompositor(
      settings: portraitSettings, frontSize: size, backSize: size)
    let portraitLayout = portraitCompositor.layout
    let front = portraitLayout.placement(of: .front)
    let back = portraitLayout.placement(of: .back)
    precondition(
      front.crop.size == back.crop.size && front.content.size == back.content.size,
      "the peers reuse one scaler for both cameras")
    swscale = SwscaleScaler(source: front.crop.size, destination: front.content.size)

    let i420Pool = FramePool(format: .i420, size: size, capacity: 2 * sets)
    let yuyvPool = FramePool(format: .yuyv, size: size, capacity: 2 * sets)
    let stackPool = FramePool(format: .i420, size: stackCompositor.canvasSize, capacity: sets)
    let portraitPool = FramePool(
      format: .i420, size: portraitCompositor.canvasSize, capacity: sets)
    pools = [i420Pool, yuyvPool, stackPool, portraitPool]
    func lease(_ pool: FramePool, seed: Int) -> FrameBuffer {
      let buffer = pool.lease()!
      Self.paint(buffer.image, seed: seed)
      return buffer
    }
    i420Sources = (0..<sets).map {
      (lease(i420Pool, seed: 2 * $0), lease(i420Pool, seed: 2 * $0 + 1))
    }
    yuyvSources = (0..<sets).map {
      (lease(yuyvPool, seed: 2 * $0), lease(yuyvPool, seed: 2 * $0 + 1))
    }
    stackCanvases = (0..<sets).map { lease(stackPool, seed: $0) }
    portraitCanvases = (0..<sets).map { lease(portraitPool, seed: $0) }
    let canvas = stackCompositor.canvasSize
    let bytes = canvas.width * canvas.height * 3 / 2
    copyBytes = bytes
    copySources = (0..<sets).map { index in
      let memory = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
      memory.initializeMemory(
        as: UInt8.self, repeating: UInt8(truncatingIfNeeded: index), count: bytes)
      return memory
    }
  }

  deinit {
    for (front, back) in i420Sources + yuyvSources {
      front.release()
      back.release()
    }
    for canvas in stackCanvases + portraitCanvases { canvas.release() }
    for memory in copySources { memory.deallocate() }
  }

  /// Bytes of one full-stack output frame (what the memcpy reference copies).
  public var outputBytes: Int { copyBytes }

  /// Runs `kind` once, on the next set of data.
  public func run(_ kind: Case) {
    let set = next
    next = (next + 1) % sets
    switch kind {
    case .memcpy:
      // The canvas memory of the stack case is the destination, laid out contiguously.
      stackCanvases[set].image.plane0.base.withMemoryRebound(to: UInt8.self, capacity: copyBytes) {
        UnsafeMutableRawPointer($0).copyMemory(from: copySources[set], byteCount: copyBytes)
      }
    case .stack:
      let (front, back) = i420Sources[set]
      stackCompositor.compose(front: front.image, back: back.image, into: stackCanvases[set].image)
    case .stackYUYV:
      let (front, back) = yuyvSources[set]
      stackCompositor.compose(front: front.image, back: back.image, into: stackCanvases[set].image)
    case .stackYUYVStreaming:
      let (front, back) = yuyvSources[set]
      streamingStackCompositor.compose(
        front: front.image, back: back.image, into: stackCanvases[set].image)
    case .stackYUYVThenRead, .stackYUYVStreamingThenRead:
      let (front, back) = yuyvSources[set]
      let compositor = kind == .stackYUYVThenRead ? stackCompositor : streamingStackCompositor
      compositor.compose(front: front.image, back: back.image, into: stackCanvases[set].image)
      // The encoder's own input buffer: the memcpy reference's source memory, whose contents
      // do not matter to any case.
      stackCanvases[set].image.plane0.base.withMemoryRebound(to: UInt8.self, capacity: copyBytes) {
        copySources[set].copyMemory(from: UnsafeRawPointer($0), byteCount: copyBytes)
      }
    case .libyuvStackYUYV:
      let (front, back) = yuyvSources[set]
      let canvas = stackCanvases[set].image
      for (camera, frame) in [(CameraPosition.front, front), (.back, back)] {
        let placement = stackCompositor.layout.placement(of: camera)
        libyuvConverter.convert(frame.image, into: canvas.cropped(to: placement.content))
      }
    case .portrait:
      let (front, back) = i420Sources[set]
      portraitCompositor.compose(
        front: front.image, back: back.image, into: portraitCanvases[set].image)
    case .libyuvBox, .libyuvBilinear, .swscale:
      let (front, back) = i420Sources[set]
      let canvas = portraitCanvases[set].image
      for (camera, frame) in [(CameraPosition.front, front), (.back, back)] {
        let placement = portraitCompositor.layout.placement(of: camera)
        let source = frame.image.cropped(to: placement.crop)
        let target = canvas.cropped(to: placement.content)
        switch kind {
        case .libyuvBox: libyuvBox.scale(source, into: target)
        case .libyuvBilinear: libyuvBilinear.scale(source, into: target)
        default: swscale.scale(source, into: target)
        }
      }
    }
  }

  /// Fills every plane with a smooth pattern plus noise, different for each seed.
  static func paint(_ image: ImageView, seed: Int) {
    var state = UInt32(truncatingIfNeeded: seed &* 2_654_435_761 &+ 1)
    for index in 0..<image.format.planeCount {
      let plane = image.plane(index)
      let width = image.planeWidth(index)
      for row in 0..<image.planeHeight(index) {
        let line = plane.row(row)
        for column in 0..<width {
          state = state &* 1_664_525 &+ 1_013_904_223
          line[column] = UInt8(truncatingIfNeeded: (column &+ row &+ seed) &+ Int(state >> 28))
        }
      }
    }
  }
}
