/// The budget of a take in `metadata.json`: what was predicted and decided before it started,
/// and what was measured over it, so that every take documents whether the prediction held.
///
/// Costs are demand / capacity (below 0.95 fits, above 1.0 the machine cannot keep up). A cost
/// that could not be expressed (no capacity at all) is left out rather than written as infinity.
public struct TakeBudgetRecord: Sendable, Codable, Equatable {
  /// `refuse`, `adapt` or `ignore`: how the take was told to treat a budget over 0.95.
  public var mode: String
  /// `fits`, `tight` or `over`: the verdict for the settings the take was recorded with.
  public var verdict: String
  /// The largest predicted cost (nil when no resource could be weighed).
  public var cost: Double?
  /// The resource with that cost.
  public var limitingResource: String?
  /// The verdict before `adapt` changed anything (equal to `verdict` when nothing changed).
  public var verdictBefore: String
  /// The largest predicted cost before `adapt` changed anything.
  public var costBefore: Double?
  /// Changes `adapt` made to the settings before the take, in order.
  public var changesApplied: [Change]
  /// Suggested changes `adapt` could not make, each with the reason.
  public var changesSkipped: [String]
  /// Every resource as predicted for the recorded settings.
  public var predicted: [Resource]
  /// What the take really cost; absent in checkpoints written while recording.
  public var measured: Measured?
  /// Each time a resource's live cost went over 1.0 during the take (once per stretch over),
  /// with what to change for the next take; the take itself kept its settings. Absent in
  /// takes recorded before warnings were kept.
  public var warnings: [Warning]?

  /// A resource went over 1.0 while recording.
  public struct Warning: Sendable, Codable, Equatable {
    /// Seconds since the take started (wall clock, pauses included).
    public var time: Double
    /// The resource in words (`CPU`, `disk write rate`).
    public var resource: String
    /// Its live cost when it went over.
    public var cost: Double
    /// What to change for the next take: the degrade order's first change for this resource.
    public var advice: String
    /// Output frames the encoders repeated for lag in the window, when that (not a cost over
    /// 1.0) is what was warned of; absent otherwise.
    public var repeatedFrames: Int64?

    public init(
      time: Double, resource: String, cost: Double, advice: String, repeatedFrames: Int64? = nil
    ) {
      self.time = time
      self.resource = resource
      self.cost = cost
      self.advice = advice
      self.repeatedFrames = repeatedFrames
    }
  }

  /// One change of a setting.
  public struct Change: Sendable, Codable, Equatable {
    /// `camera-format`, `preset`, `frame-rate` or `size`.
    public var kind: String
    public var from: String
    public var to: String

    public init(kind: String, from: String, to: String) {
      self.kind = kind
      self.from = from
      self.to = to
    }
  }

  /// One resource's predicted demand, capacity and cost.
  public struct Resource: Sendable, Codable, Equatable {
    /// `usb-bus`, `cpu`, `disk-space`, `disk-write-rate` or `memory`.
    public var kind: String
    /// The resource in words (`CPU`, `USB bus 1`, `disk space`).
    public var name: String
    public var demand: Double
    public var capacity: Double
    /// The unit of demand and capacity.
    public var unit: String
    /// demand / capacity; nil when it does not apply or could not be weighed.
    public var cost: Double?
    /// What counts and what is assumed, or why it does not apply.
    public var explanation: String

    public init(
      kind: String, name: String, demand: Double, capacity: Double, unit: String, cost: Double?,
      explanation: String
    ) {
      self.explanation = explanation
      self.kind = kind
      self.name = name
      self.demand = demand
      self.capacity = capacity
      self.unit = unit
      self.cost = cost
    }
  }

  /// The take's real cost, measured from its start to its end.
  public struct Measured: Sendable, Codable, Equatable {
    /// Seconds of video recorded (frames ÷ frame rate).
    public var recordedSeconds: Double
    /// Wall-clock seconds from start to stop, pauses included.
    public var wallSeconds: Double
    /// CPU seconds the whole process used over the take (user + system, getrusage).
    public var cpuSeconds: Double
    /// Cores available to the process.
    public var cores: Double
    /// cpu_seconds ÷ wall_seconds ÷ cores: the CPU's measured cost, comparable with the
    /// predicted `cpu` cost.
    public var cpuCost: Double?
    /// Bytes of the three files together.
    public var bytesWritten: Int64
    /// bytes_written ÷ wall_seconds.
    public var diskBytesPerSecond: Double?
    /// Output frames repeated because the encoders fell behind (`sync.repeated_for_encoder_lag`):
    /// above zero, the machine did not keep up.
    public var repeatedForEncoderLag: Int64
    /// Each output's thread over the take: the time a frame took (composing, encoding, muxing)
    /// against the frame interval; absent in takes recorded before it was measured.
    public var outputs: [String: OutputLoad]?
    /// Bytes per second each camera's device handed over (`front`, `back`): for a USB camera,
    /// what it sent over the bus.
    public var cameraBytesPerSecond: [String: Double]?
    /// Each USB bus's cost from what its cameras really sent (by the predicted resource's
    /// name), to read next to the predicted `usb-bus` cost, which weighs the reservation.
    public var usbBusCosts: [String: Double]?

    /// One output thread's load.
    public struct OutputLoad: Sendable, Codable, Equatable {
      /// Milliseconds the thread spent per frame on average.
      public var millisecondsPerFrame: Double
      /// `milliseconds_per_frame` ÷ the frame interval: above 1.0 the output cannot keep up
      /// alone, whatever the other cores do.
      public var cost: Double
      /// Processor milliseconds its encoder took per frame (the thread in the encoder and the
      /// encoder's own slice threads): what the budget learns for the next prediction; absent
      /// for a stream copy and in takes recorded before it was measured.
      public var encoderCPUMillisecondsPerFrame: Double?
      /// Processor milliseconds the dual view's compositor took per frame; absent for the
      /// cameras' files.
      public var compositorCPUMillisecondsPerFrame: Double?

      // The file's keys are snake_case, and "cpu" read back from one would not match "CPU".
      private enum CodingKeys: String, CodingKey {
        case millisecondsPerFrame, cost
        case encoderCPUMillisecondsPerFrame = "encoderCpuMillisecondsPerFrame"
        case compositorCPUMillisecondsPerFrame = "compositorCpuMillisecondsPerFrame"
      }

      public init(
        millisecondsPerFrame: Double, cost: Double, encoderCPUMillisecondsPerFrame: Double? = nil,
        compositorCPUMillisecondsPerFrame: Double? = nil
      ) {
        self.millisecondsPerFrame = millisecondsPerFrame
        self.cost = cost
        self.encoderCPUMillisecondsPerFrame = encoderCPUMillisecondsPerFrame
        self.compositorCPUMillisecondsPerFrame = compositorCPUMillisecondsPerFrame
      }
    }

    public init(
      recordedSeconds: Double, wallSeconds: Double, cpuSeconds: Double, cores: Double,
      bytesWritten: Int64, repeatedForEncoderLag: Int64
    ) {
      self.recordedSeconds = recordedSeconds
      self.wallSeconds = wallSeconds
      self.cpuSeconds = cpuSeconds
      self.cores = cores
      self.bytesWritten = bytesWritten
      self.repeatedForEncoderLag = repeatedForEncoderLag
      let usable = wallSeconds > 0 && cores > 0
      cpuCost = usable ? cpuSeconds / wallSeconds / cores : nil
      diskBytesPerSecond = wallSeconds > 0 ? Double(bytesWritten) / wallSeconds : nil
    }
  }

  public init(
    mode: String, verdict: String, cost: Double?, limitingResource: String?,
    verdictBefore: String, costBefore: Double?, changesApplied: [Change],
    changesSkipped: [String], predicted: [Resource]
  ) {
    self.mode = mode
    self.verdict = verdict
    self.cost = cost
    self.limitingResource = limitingResource
    self.verdictBefore = verdictBefore
    self.costBefore = costBefore
    self.changesApplied = changesApplied
    self.changesSkipped = changesSkipped
    self.predicted = predicted
  }
}
