/// What the synchronizer counted for one camera during a take.
public struct CameraSyncCounters: Sendable, Hashable, Codable {
  /// Frames offered while recording whose capture time fell inside a recording segment.
  public var framesReceived: Int = 0
  /// Distinct frames that made it into at least one output slot.
  public var framesUsed: Int = 0
  /// Slots that repeated this camera's previous frame because no closer one existed.
  public var duplicates: Int = 0
  /// Frames that arrived but were never the closest to any slot (the camera ran fast).
  public var droppedUnused: Int = 0
  /// Frames the source never delivered, seen as gaps in its sequence numbers.
  public var droppedBySource: Int = 0
  /// Frames discarded because the synchronizer's buffer for this camera was full.
  public var droppedOverflow: Int = 0
  /// Frames captured while the take was paused (left out by design, not an error).
  public var discardedWhilePaused: Int = 0
  /// Slots this camera had no frame for: it had not delivered yet, or its signal was lost.
  /// These slots show a "NO SIGNAL" picture.
  public var missingSlots: Int = 0
  /// Largest distance between a chosen frame's capture time and its slot's target, in ns.
  public var maxTargetOffsetNanoseconds: Int64 = 0
  /// Longest time between a frame's capture and its arrival at the synchronizer, in ns: how far
  /// behind the machine handed this camera's frames over.
  public var maxArrivalDelayNanoseconds: Int64 = 0

  /// Every frame lost for any reason.
  public var droppedTotal: Int { droppedUnused + droppedBySource + droppedOverflow }

  /// Creates zeroed counters.
  public init() {}

  /// Reads counters written by any version: a counter an older one did not write is zero.
  public init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    func read<Value: Decodable & AdditiveArithmetic>(_ key: CodingKeys) throws -> Value {
      try values.decodeIfPresent(Value.self, forKey: key) ?? .zero
    }
    framesReceived = try read(.framesReceived)
    framesUsed = try read(.framesUsed)
    duplicates = try read(.duplicates)
    droppedUnused = try read(.droppedUnused)
    droppedBySource = try read(.droppedBySource)
    droppedOverflow = try read(.droppedOverflow)
    discardedWhilePaused = try read(.discardedWhilePaused)
    missingSlots = try read(.missingSlots)
    maxTargetOffsetNanoseconds = try read(.maxTargetOffsetNanoseconds)
    maxArrivalDelayNanoseconds = try read(.maxArrivalDelayNanoseconds)
  }
}

/// What the synchronizer counted for a whole take.
public struct SyncStatistics: Sendable, Hashable, Codable {
  /// Output slots emitted (= video frames in each of the three files).
  public var slots: Int64 = 0
  /// Counters of the front camera.
  public var front = CameraSyncCounters()
  /// Counters of the back camera.
  public var back = CameraSyncCounters()
  /// Slots in which both cameras had a frame (the ones that contribute to skew).
  public var pairedSlots: Int64 = 0
  /// Sum of |front capture time − back capture time| over paired slots, in ns.
  public var skewSumNanoseconds: Int64 = 0
  /// Largest |front capture time − back capture time| of any slot, in ns.
  public var skewMaxNanoseconds: Int64 = 0

  /// Mean pair skew in nanoseconds (0 before the first paired slot).
  public var skewMeanNanoseconds: Int64 {
    pairedSlots == 0 ? 0 : skewSumNanoseconds / pairedSlots
  }

  /// Counters of camera `position`.
  public subscript(camera position: CameraPosition) -> CameraSyncCounters {
    get { position == .front ? front : back }
    set {
      if position == .front { front = newValue } else { back = newValue }
    }
  }

  /// Creates zeroed statistics.
  public init() {}
}
