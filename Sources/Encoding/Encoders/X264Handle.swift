internal import CX264
import DualCamCore
import Synchronization

/// Owns one open libx264 encoder: `deinit` is the only place it is closed, so an encoder that
/// fails half-way through its set-up is closed by leaving scope, on every path.
struct X264Handle: ~Copyable {
  /// The `x264_t` for x264's calls; valid while this value lives.
  let pointer: OpaquePointer

  /// Serialises `x264_encoder_open` across the writers a take opens side by side.
  private static let openLock = Mutex(())

  /// Opens an encoder with `parameters` (x264 may adjust them); nil when x264 refuses them.
  init?(parameters: inout x264_param_t) {
    // x264_encoder_open rewrites process-wide CABAC cost tables without a lock (x264_rdo_init);
    // the values are always the same, but two opens at once would still race on them.
    var opened: OpaquePointer?
    Self.openLock.withLock { _ in opened = cx264_encoder_open(&parameters) }
    guard let opened else { return nil }
    pointer = opened
  }

  deinit { x264_encoder_close(pointer) }
}
