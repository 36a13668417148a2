import Capture
import DualCamCore
import Foundation

/// Assembles `metadata.json` from what the session knew and counted, and writes it.
struct TakeMetadataBuilder {
  let settings: RecordingSettings
  let take: TakeInProgress
  let report: SlotScheduler.Report
  let stopTime: MonotonicTime
  let endDate: Date
  let sources: (front: any CameraSource, back: any CameraSource)
  /// The finished outputs; nil while recording (checkpoints).
  let outputs: OutputSet<TakeFinisher.Finished>?
  let errors: [String]
  let events: [SessionFrameSink.Event]
  /// Frames each camera's inbox dropped (front, back).
  var inboxDrops: (front: Int, back: Int) = (0, 0)
  /// Forced status (`.recording` for checkpoints); nil = derived from the errors.
  var status: TakeMetadata.Status? = nil

  /// The program version written into every take.
  static let appVersion = "0.1.0"

  /// The settings as they were in force at the start: the preset actually used is written even
  /// when it was the default; layout changes during the take are listed separately.
  private var recordedSettings: RecordingSettings {
    var recorded = settings
    recorded.preset =
      settings.effectivePreset
      ?? (settings.copiesCameraStreams
        ? nil : settings.preset(for: settings.effectiveCameraCodec.streamCodec))
    recorded.layout = take.initialLayout
    return recorded
  }

  /// Source events since the take started, each with its time into the take, after a camera
  /// that had lost its signal when the take started (so that a later "signal restored" is
  /// never the first word of a loss).
  private var takeEvents: [String] {
    let before = events.filter { $0.time < take.startTime }
    let lostAtStart = CameraPosition.allCases.compactMap { position -> String? in
      guard let last = before.last(where: { $0.camera == position }), last.signalLost else {
        return nil
      }
      return "at 0.0 s: \(last.text), before the take started"
    }
    return lostAtStart
      + events.filter { $0.time >= take.startTime }.map { event in
        let seconds = Double(event.time - take.startTime) / 1e9
        let rounded = (seconds * 100).rounded() / 100
        return "at \(rounded) s: \(event.text)"
      }
  }

  func build() -> TakeMetadata {
    let statistics = report.statistics
    let rate = settings.frameRate
    let wall = Double(stopTime - take.startTime) / 1e9
    let paused = take.pausedNanoseconds(until: stopTime) / 1e9
    var outputRecords: [String: TakeMetadata.OutputRecord] = [:]
    take.specs.forEach { role, spec in
      let finished = outputs?[role]
      // Checkpoints, before the summaries exist: the frames written so far.
      let frames = finished?.summary?.frames ?? take.outputs.workers[role].framesWritten
      outputRecords[spec.name] = TakeMetadata.OutputRecord(
        file: spec.url.lastPathComponent, width: spec.size.width, height: spec.size.height,
        codec: spec.codec.rawValue, container: spec.container.rawValue, bitrate: spec.bitsPerSecond,
        // Held slots have no frame in the file, but the frame before lasts through them.
        frames: frames, durationSeconds: spec.duration(ofFrames: frames + report.lagHeld),
        bytes: finished?.summary?.bytes ?? Self.fileSize(spec.url))
    }
    var metadata = TakeMetadata(
      status: status ?? (errors.isEmpty ? .complete : .stoppedOnError),
      app: TakeMetadata.AppInfo(name: "dualcam", version: Self.appVersion),
      host: Self.host(),
      startedAt: Self.iso8601(take.startDate), endedAt: Self.iso8601(endDate),
      settings: recordedSettings,
      sources: [
        "front": record(sources.front, statistics.front, inboxDrops: inboxDrops.front),
        "back": record(sources.back, statistics.back, inboxDrops: inboxDrops.back),
      ],
      outputs: outputRecords,
      sync: TakeMetadata.SyncRecord(
        clockOriginNanoseconds: take.startTime.nanoseconds, frames: statistics.slots,
        frameRate: rate.framesPerSecond,
        frameRateFraction: rate.fractionDescription,
        durationSeconds: Double(statistics.slots) / rate.framesPerSecond, wallSeconds: wall,
        pausedSeconds: paused,
        skewMeanMilliseconds: Double(statistics.skewMeanNanoseconds) / 1e6,
        skewMaxMilliseconds: Double(statistics.skewMaxNanoseconds) / 1e6,
        repeatedForEncoderLag: report.lagRepeats, frontRepeatsWritten: report.writtenRepeats.front,
        backRepeatsWritten: report.writtenRepeats.back, front: statistics.front,
        back: statistics.back),
      pauses: take.pauses.map { pause in
        TakeMetadata.PauseRecord(
          startSeconds: Double(pause.start - take.startTime) / 1e9,
          endSeconds: pause.end.map { Double($0 - take.startTime) / 1e9 }, atFrame: pause.atFrame)
      },
      errors: errors + takeEvents)
    metadata.sync.heldForEncoderLag = report.lagHeld
    metadata.layoutChanges = take.layoutChanges.isEmpty ? nil : take.layoutChanges
    return metadata
  }

  private func record(
    _ source: any CameraSource, _ sync: CameraSyncCounters, inboxDrops: Int
  ) -> TakeMetadata.SourceRecord {
    let info = source.info
    let counters = source.counters
    return TakeMetadata.SourceRecord(
      kind: info.kind.rawValue, label: info.label, identity: info.identity, width: info.size.width,
      height: info.size.height, frameRate: info.frameRate.framesPerSecond,
      nativeFormat: info.nativeFormat, details: info.details, framesDelivered: counters.delivered,
      framesDroppedNoBuffer: counters.droppedNoBuffer, framesDroppedInbox: inboxDrops, sync: sync)
  }

  // MARK: - Writing

  /// Encodes `metadata` as sorted, pretty-printed JSON with snake_case keys.
  static func encode(_ metadata: TakeMetadata) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    return try encoder.encode(metadata)
  }

  /// Writes `metadata.json` into `folder` atomically, through `DescriptorWriter` (the take's
  /// reserve answers a full disk).
  static func write(_ metadata: TakeMetadata, to folder: URL) throws(DualCamError) {
    let url = folder.appendingPathComponent("metadata.json")
    let data: Data
    do {
      data = try encode(metadata)
    } catch {
      throw .writeFailed("could not encode \(url.path): \(error)", fix: "")
    }
    do throws(WriteFailure) {
      do throws(WriteFailure) {
        try FileContentsWriter.write(data, to: url, mode: .atomic)
      } catch  where error.isDiskFull {
        // A full disk has no room for the atomic write's second copy, but rewriting the file
        // in place reuses the blocks the old checkpoint frees, so the take still says why it
        // ended. A crash in between leaves a torn file, which recovery sets aside and rebuilds.
        try FileContentsWriter.write(data, to: url, mode: .inPlace)
      }
    } catch {
      throw .writeFailed(
        "could not write \(url.path): \(error.reason)",
        fix: "check free space and permissions of \(folder.path)")
    }
  }

  static func iso8601(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
  }

  static func host() -> TakeMetadata.HostInfo {
    let info = ProcessInfo.processInfo
    return TakeMetadata.HostInfo(
      hostname: info.hostName, operatingSystem: info.operatingSystemVersionString,
      processorCount: info.activeProcessorCount)
  }

  static func fileSize(_ url: URL) -> Int64 {
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes?[.size] as? NSNumber)?.int64Value ?? 0
  }
}
