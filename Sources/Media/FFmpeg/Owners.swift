package import CFFmpeg

// Each libav object DualCam allocates has exactly one owner below, a `~Copyable` struct whose
// `deinit` is the only place the object is freed. The writer, reader and probe hold these as
// stored properties, so an early `throw` in their initialisers frees whatever was made so far.

/// Owns one `AVCodecContext` (encoder or decoder).
package struct CodecContext: ~Copyable {
  package let pointer: UnsafeMutablePointer<AVCodecContext>

  /// Allocates a context for `codec`; nil only when memory is exhausted.
  package init?(codec: UnsafePointer<AVCodec>) {
    guard let pointer = avcodec_alloc_context3(codec) else { return nil }
    self.pointer = pointer
  }

  deinit {
    var owned: UnsafeMutablePointer<AVCodecContext>? = pointer
    avcodec_free_context(&owned)
  }
}

/// Owns one `AVFrame` (and, through it, a reference to its pixel buffers).
package struct MediaFrame: ~Copyable {
  package let pointer: UnsafeMutablePointer<AVFrame>

  /// Allocates an empty frame; nil only when memory is exhausted.
  package init?() {
    guard let pointer = av_frame_alloc() else { return nil }
    self.pointer = pointer
  }

  deinit {
    var owned: UnsafeMutablePointer<AVFrame>? = pointer
    av_frame_free(&owned)
  }
}

/// Owns one `AVPacket`, reused for every packet of a stream (unref'd between uses).
package struct MediaPacket: ~Copyable {
  package let pointer: UnsafeMutablePointer<AVPacket>

  /// Allocates an empty packet; nil only when memory is exhausted.
  package init?() {
    guard let pointer = av_packet_alloc() else { return nil }
    self.pointer = pointer
  }

  deinit {
    var owned: UnsafeMutablePointer<AVPacket>? = pointer
    av_packet_free(&owned)
  }
}

/// Owns a libswscale context, created on first use and replaced only when the input changes.
package struct ScaleContext: ~Copyable {
  private(set) var pointer: OpaquePointer?

  package init() { pointer = nil }

  /// A context converting `source` frames to I420 at `width`×`height`.
  ///
  /// `sws_getCachedContext` returns the existing context when nothing changed, so steady-state
  /// decoding allocates nothing here.
  package mutating func prepare(
    from source: UnsafePointer<AVFrame>, width: Int32, height: Int32
  ) -> OpaquePointer? {
    let format = AVPixelFormat(rawValue: source.pointee.format)
    let flags = SWS_BILINEAR | SWS_ACCURATE_RND
    pointer = sws_getCachedContext(
      pointer, source.pointee.width, source.pointee.height, format, width, height,
      AV_PIX_FMT_YUV420P, flags, nil, nil, nil)
    return pointer
  }

  deinit {
    if let pointer { sws_freeContext(pointer) }
  }
}

/// Owns a few `AVFrame`s with pixel buffers that the encoder's input rotates through.
///
/// Some encoders (libavcodec's MJPEG among them) keep a reference to the last input picture
/// after encoding it. Filling that picture again would force `av_frame_make_writable` to
/// allocate and copy a new buffer every frame; with a few pictures to rotate through, the next
/// free one is simply taken.
package struct FrameRing: ~Copyable {
  private let frames: UnsafeMutableBufferPointer<UnsafeMutablePointer<AVFrame>>
  /// The picture handed out by the last `takeWritable()`.
  private(set) var current = 0

  /// Allocates `count` frames of `format` and size with their buffers; nil when out of memory.
  package init?(count: Int, format: AVPixelFormat, width: Int32, height: Int32) {
    let frames = UnsafeMutableBufferPointer<UnsafeMutablePointer<AVFrame>>.allocate(
      capacity: count)
    var made = 0
    for index in 0..<count {
      guard let frame = av_frame_alloc() else { break }
      frames.baseAddress!.advanced(by: index).initialize(to: frame)
      made += 1
      frame.pointee.format = format.rawValue
      frame.pointee.width = width
      frame.pointee.height = height
      if av_frame_get_buffer(frame, 0) < 0 { break }
    }
    guard made == count, frames.allSatisfy({ $0.pointee.buf.0 != nil }) else {
      for index in 0..<made {
        var owned: UnsafeMutablePointer<AVFrame>? = frames[index]
        av_frame_free(&owned)
      }
      frames.deallocate()
      return nil
    }
    self.frames = frames
  }

  deinit {
    for frame in frames {
      var owned: UnsafeMutablePointer<AVFrame>? = frame
      av_frame_free(&owned)
    }
    frames.deallocate()
  }

  /// The current picture.
  package var frame: UnsafeMutablePointer<AVFrame> { frames[current] }

  /// Moves to a picture no one else references, staying on the current one when it is free.
  /// Returns 0 when one was free, 1 when all were still held and `av_frame_make_writable` had
  /// to allocate and copy one, or its error code.
  package mutating func takeWritable() -> Int32 {
    // The current picture first: encoders that copy their input (x264, x265) give it back at
    // once, so the others are never touched and never become resident memory.
    for step in 0..<frames.count {
      let candidate = (current + step) % frames.count
      if av_frame_is_writable(frames[candidate]) != 0 {
        current = candidate
        return 0
      }
    }
    current = (current + 1) % frames.count
    let code = av_frame_make_writable(frames[current])
    return code < 0 ? code : 1
  }
}
