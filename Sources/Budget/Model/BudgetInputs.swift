public import DualCamCore

/// Everything the cost model weighs: the settings, the sources, and what the machine has.
///
/// Plain values, so the model stays a pure function; the readers (`USBTopologyReader`,
/// `CPUCapacityReader`, `MemoryReader`, `DiskSpaceReader`) and `Calibrator` fill them in.
public struct BudgetInputs: Sendable, Hashable {
  /// How the take would be recorded (size, rate, codecs, preset, layout, container, bitrate).
  public var settings: RecordingSettings
  /// The front and back sources.
  public var sources: [BudgetSource]
  /// Periodic bandwidth other devices already reserve on the buses the cameras use.
  public var otherUSBStreams: [USBStream]
  /// Processor time available.
  public var cpu: CPUCapacity
  /// Memory available.
  public var memory: MemoryFacts
  /// The output folder's free space and write rate.
  public var disk: DiskFacts
  /// Processor time per frame measured on this machine.
  public var calibration: CalibrationTable
  /// The planned length of the take (`--duration`), in seconds; nil = until stopped.
  public var durationSeconds: Double?

  /// Creates the inputs.
  public init(
    settings: RecordingSettings, sources: [BudgetSource], otherUSBStreams: [USBStream] = [],
    cpu: CPUCapacity, memory: MemoryFacts, disk: DiskFacts,
    calibration: CalibrationTable = CalibrationTable(), durationSeconds: Double? = nil
  ) {
    self.settings = settings
    self.sources = sources
    self.otherUSBStreams = otherUSBStreams
    self.cpu = cpu
    self.memory = memory
    self.disk = disk
    self.calibration = calibration
    self.durationSeconds = durationSeconds
  }
}

/// The processor time this process may use.
public struct CPUCapacity: Sendable, Hashable, Codable {
  /// Cores' worth of time per second: online cores, lowered by a cgroup quota.
  public var cores: Double
  /// Where the figure came from, e.g. `2 online cores` or `cgroup cpu.max 150000/100000`.
  public var source: String
  /// Online processors: what a take splits its encoders' threads by (`EncoderThreads`), so
  /// calibration runs each encoder with the threads the take will give it.
  public var processors: Int

  /// Creates a capacity; `processors` defaults to `cores` rounded up.
  public init(cores: Double, source: String, processors: Int? = nil) {
    self.cores = cores
    self.source = source
    self.processors = processors ?? max(1, Int(cores.rounded(.up)))
  }
}

/// The memory this process may use.
public struct MemoryFacts: Sendable, Hashable, Codable {
  /// Bytes available (`MemAvailable`, lowered by a cgroup limit); nil when unknown.
  public var availableBytes: Int64?
  /// Where the figure came from.
  public var source: String

  /// Creates memory facts.
  public init(availableBytes: Int64?, source: String) {
    self.availableBytes = availableBytes
    self.source = source
  }
}

/// What the output folder's file system offers.
public struct DiskFacts: Sendable, Hashable, Codable {
  /// Bytes free for an unprivileged writer (`statvfs` `f_bavail × f_frsize`); nil when unknown.
  public var freeBytes: Int64?
  /// Sustained write rate in bytes per second, when known or measured; nil otherwise.
  public var writeBytesPerSecond: Double?
  /// The folder the figures are for.
  public var folder: String

  /// Creates disk facts.
  public init(freeBytes: Int64?, writeBytesPerSecond: Double? = nil, folder: String) {
    self.freeBytes = freeBytes
    self.writeBytesPerSecond = writeBytesPerSecond
    self.folder = folder
  }
}
