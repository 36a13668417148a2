import DualCamCore

/// The scheduler's bookkeeping for encoders that fall behind real time.
///
/// Slots keep being decided on time; a slot that finds no room in the outputs after its grace
/// period gives its frames back and joins a backlog of repeats, which are written (as the last
/// pair written) before any newer slot, so output frame numbers stay in order.
///
/// The backlog is bounded (`limit`): a repeat costs an encoder nearly as much as a new picture
/// at the slower presets, so an unbounded backlog grows for as long as the take is over budget
/// and the stop then waits for all of it. Once the backlog is full, its oldest slot is *held*
/// instead: no frame is written for it in any file, so the picture before lasts one frame
/// longer there (a gap in the files' timestamps, as any variable-frame-rate player shows it).
/// The three files keep the same frames at the same times, the sound keeps every slot, and a
/// stop waits for at most `limit` repeats.
struct EncoderLag {
  /// Slots decided but not yet written, to be written as repeats (at most `limit`).
  private(set) var backlog: Int64 = 0
  /// Output frame number of the first slot in the backlog.
  private var backlogStart: Int64 = 0
  /// Slots that showed the last pair again because the outputs were full: the ones written as
  /// repeats (or owed) and the held ones.
  private(set) var repeats: Int64 = 0
  /// Of `repeats`, the slots held: written in no file, the frame before lasting longer.
  private(set) var held: Int64 = 0
  /// The most repeats the backlog may owe.
  let limit: Int64
  /// The last pair written, with one reference each held here.
  private var lastPair: (front: FrameBuffer, back: FrameBuffer)?

  /// A backlog of at most `limit` repeats (0: every overdue slot is held).
  init(limit: Int64) {
    precondition(limit >= 0, "a backlog limit is a count")
    self.limit = limit
  }

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
      if backlog > limit {
        // The backlog is a run of consecutive slots (a newer slot is written only once it is
        // empty), so holding its oldest keeps it one run.
        backlogStart += 1
        backlog -= 1
        held += 1
      }
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
    held = 0
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
