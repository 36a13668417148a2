import DualCamCore

/// The scheduler's bookkeeping for encoders that fall behind real time.
///
/// Slots keep being decided on time; a slot that finds no room in the outputs after its grace
/// period gives its frames back and joins a backlog of repeats, which are written (as the last
/// pair written) before any newer slot, so output frame numbers stay in order.
struct EncoderLag {
  /// Slots decided but not yet written, to be written as repeats.
  private(set) var backlog: Int64 = 0
  /// Output frame number of the first slot in the backlog.
  private var backlogStart: Int64 = 0
  /// Repeats written (or owed) during this take.
  private(set) var repeats: Int64 = 0
  /// The last pair written, with one reference each held here.
  private var lastPair: (front: FrameBuffer, back: FrameBuffer)?

  /// Writes what is due: first the backlog, then newly decided slots while there is room; slots
  /// overdue by `grace` while there is none go to the backlog. `decided` hears of every slot
  /// the synchronizer decides, with its index and target, when it is decided (the sound
  /// follows the decided timeline; a repeat is written with its slot's own sound).
  mutating func dispatchDue(
    from synchronizer: inout FrameSynchronizer, to outputs: SlotScheduler.Outputs,
    now: MonotonicTime, grace: Int64, decided: (Int64, MonotonicTime) -> Void = { _, _ in },
    dispatch: (SyncSlot) -> Void
  ) {
    while true {
      if outputs.haveRoom {
        if backlog > 0 {
          let pair = lastPair ?? (outputs.placeholderFront, outputs.placeholderBack)
          pair.front.retain()
          pair.back.retain()
          dispatch(
            SyncSlot(
              index: backlogStart, targetTime: now, front: pair.front, back: pair.back,
              frontRepeated: true, backRepeated: true))
          backlogStart += 1
          backlog -= 1
          continue
        }
        guard let slot = synchronizer.nextSlot(now: now) else { return }
        decided(slot.index, slot.targetTime)
        remember(slot)
        dispatch(slot)
        continue
      }
      guard let deadline = synchronizer.nextDeadline, now >= deadline + grace,
        let slot = synchronizer.nextSlot(now: now)
      else { return }
      decided(slot.index, slot.targetTime)
      if backlog == 0 { backlogStart = slot.index }
      backlog += 1
      repeats += 1
      slot.release()
    }
  }

  /// Forgets the take (at its end), giving back the pair held.
  mutating func reset() {
    lastPair?.front.release()
    lastPair?.back.release()
    lastPair = nil
    backlog = 0
    repeats = 0
  }

  private mutating func remember(_ slot: SyncSlot) {
    guard let front = slot.front, let back = slot.back else { return }
    front.retain()
    back.retain()
    lastPair?.front.release()
    lastPair?.back.release()
    lastPair = (front, back)
  }
}
