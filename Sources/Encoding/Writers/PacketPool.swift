internal import CFFmpeg
import Media

/// Packet buffers for one encoder, reused from frame to frame.
///
/// By default libavcodec allocates every packet's buffer afresh (`av_buffer_realloc`: the bytes,
/// an `AVBuffer` and an `AVBufferRef`). Installed as the encoder's `get_encode_buffer`, this
/// pool hands out buffers of one generous size from an `AVBufferPool`, so a packet costs only
/// its `AVBufferRef`. A packet larger than the pool's buffers (far beyond a raw frame) falls back
/// to libavcodec's default. The pool outlives the encoder's last packet: `AVBufferPool` frees
/// itself once its owner has let go and every buffer has come back.
struct PacketPool: ~Copyable {
  /// What the callback reads through `AVCodecContext.opaque`.
  private struct State {
    var pool: OpaquePointer
    var bufferSize: Int
  }

  private let state: UnsafeMutablePointer<State>

  /// A pool of buffers holding packets of up to `largestPacket` bytes; nil when out of memory.
  init?(largestPacket: Int) {
    let size = largestPacket + Int(AV_INPUT_BUFFER_PADDING_SIZE)
    guard let pool = av_buffer_pool_init(size, nil) else { return nil }
    state = .allocate(capacity: 1)
    state.initialize(to: State(pool: pool, bufferSize: size))
  }

  deinit {
    var pool: OpaquePointer? = state.pointee.pool
    av_buffer_pool_uninit(&pool)
    state.deallocate()
  }

  /// Makes `context` (not yet opened) take its packet buffers from this pool, when its codec
  /// lets the caller provide them. The pool must outlive the context.
  func install(in context: UnsafeMutablePointer<AVCodecContext>, codec: UnsafePointer<AVCodec>) {
    guard codec.pointee.capabilities & AV_CODEC_CAP_DR1 != 0 else { return }
    context.pointee.opaque = UnsafeMutableRawPointer(state)
    context.pointee.get_encode_buffer = { context, packet, flags in
      guard let context, let packet, let opaque = context.pointee.opaque else {
        return cav_error_from_errno(EINVAL)
      }
      let state = opaque.assumingMemoryBound(to: State.self).pointee
      let needed = Int(packet.pointee.size) + Int(AV_INPUT_BUFFER_PADDING_SIZE)
      guard needed <= state.bufferSize, let buffer = av_buffer_pool_get(state.pool) else {
        return avcodec_default_get_encode_buffer(context, packet, flags)
      }
      // libavcodec zeroes the padding after the packet's bytes itself.
      packet.pointee.buf = buffer
      packet.pointee.data = buffer.pointee.data
      return 0
    }
  }
}
