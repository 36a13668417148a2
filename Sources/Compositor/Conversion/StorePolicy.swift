/// How YUYV conversion writes its destination picture (I420 and NV12 planes are copied with
/// `memcpy`, which picks its own stores).
public enum StorePolicy: Sendable, CaseIterable {
  /// Ordinary stores: the picture stays in cache for whoever reads it next (an encoder taking
  /// its input picture right after compositing). The default.
  case cached
  /// Streaming (non-temporal) stores: destination lines are written without being read first
  /// and are not kept in cache. Faster from cold memory when the picture is large and nothing
  /// reads it soon; a consumer that reads it straight back gives the saving back
  /// (`dualcam-bench compositor`, the "encoder reads" cases).
  case streaming
}
