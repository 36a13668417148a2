import Synchronization

/// Whether the session's sound is muted: set by the control thread (the interface's `u` key),
/// read by the scheduler thread for every block it encodes, so it is an atomic, not a lock.
final class MuteSwitch: Sendable {
  private let muted: Atomic<Bool>

  init(muted: Bool) { self.muted = Atomic(muted) }

  /// True while muted: the take records silence (faded, and counted).
  var isOn: Bool { muted.load(ordering: .relaxed) }

  /// Mutes (true) or unmutes.
  func set(_ on: Bool) { muted.store(on, ordering: .relaxed) }
}
