import DualCamCore
import Foundation
import Media

/// The `metadata.json` of a recovered take: the last checkpoint updated with what the files now
/// hold, or, when there is no usable checkpoint, a new one built from the files themselves.
enum RecoveredMetadata {
  /// A metadata file larger than this is not a DualCam checkpoint (they are a few kilobytes).
  static let sizeLimit = 4 << 20

  /// The take's checkpoint, or why there is none usable.
  static func read(in folder: ConfinedFolder) -> (
    metadata: TakeMetadata?, outcome: TakeRecovery.MetadataOutcome
  ) {
    let data: Data
    switch folder.readRegularFile("metadata.json", limit: sizeLimit) {
    case .success(let contents): data = contents
    case .failure(.missing): return (nil, .rebuiltMissing)
    case .failure(.notAFile(let reason)): return (nil, .rebuilt(reason: reason, setAsideAs: nil))
    case .failure(.unreadable(let reason)): return (nil, .rebuilt(reason: reason, setAsideAs: nil))
    }
    guard !data.isEmpty else { return (nil, .rebuilt(reason: "it is empty", setAsideAs: nil)) }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    do {
      return (try decoder.decode(TakeMetadata.self, from: data), .updated)
    } catch {
      return (nil, .rebuilt(reason: describe(error), setAsideAs: nil))
    }
  }

  /// `metadata` (or, if nil, a new record) with what the files hold after recovery, marked
  /// `recovered`.
  static func update(
    _ metadata: TakeMetadata?, folderName: String, files: [TakeRecovery.FileOutcome],
    frames: Int64, folder: ConfinedFolder
  ) -> TakeMetadata {
    let probes = files.compactMap { file -> (String, MediaInfo)? in
      guard file.plays, let name = file.file,
        let info = try? MediaProbe.inspect(folder.libraryPath(of: name))
      else { return nil }
      return (file.output, info)
    }
    var updated = metadata ?? rebuilt(folderName: folderName, probes: probes)
    updated.status = .recovered
    for file in files {
      let probe = probes.first { $0.0 == file.output }?.1
      if updated.outputs[file.output] == nil, let name = file.file, let probe {
        updated.outputs[file.output] = record(name, probe)
      }
      guard updated.outputs[file.output] != nil else { continue }
      updated.outputs[file.output]?.frames = Int64(probe?.frameCount ?? 0)
      updated.outputs[file.output]?.durationSeconds = probe?.duration ?? 0
      if let name = file.file, case .regularFile(let bytes) = folder.kind(of: name) {
        updated.outputs[file.output]?.bytes = bytes
      }
    }
    updated.sync.frames = frames
    updated.sync.heldForEncoderLag = 0
    // A take that held frames for encoder lag has files that last longer than their frames
    // (the last checkpoint may predate the holds): the slots kept are what the shortest file
    // lasts, and those without a frame were held. A file's own rounding is under a frame.
    let rate = max(updated.sync.frameRate, 1)
    let lasts = probes.map(\.1.duration).filter { $0.isFinite && $0 > 0 }.min()
    let slots = lasts.map { Int64(saturating: ($0 * rate).rounded()) } ?? frames
    if slots > frames + 1 {
      updated.sync.frames = slots
      updated.sync.heldForEncoderLag = slots - frames
    }
    updated.sync.durationSeconds = Double(updated.sync.frames) / max(updated.sync.frameRate, 1)
    updated.errors.append(
      "recovered after an interruption: \(frames) frames kept"
        + (metadata == nil ? "" : "; counters are as of the last checkpoint before it"))
    return updated
  }

  // MARK: - Rebuilding

  /// A record of what the files say about the take (codec, size, rate, frames) when its own
  /// record is lost; the rest (sources, counters, pauses) is unknown and left empty.
  private static func rebuilt(folderName: String, probes: [(String, MediaInfo)])
    -> TakeMetadata
  {
    var settings = RecordingSettings()
    let camera = probes.first { $0.0 != "dualview" }?.1
    let any = probes.first?.1
    // The dual view's size is the canvas, not the cameras'.
    if let camera { settings.size = camera.size }
    if let any { settings.frameRate = any.frameRate }
    if let dualView = probes.first(where: { $0.0 == "dualview" })?.1 ?? any {
      settings.codec = (try? VideoCodec(parsing: dualView.codecName)) ?? settings.codec
    }
    if let any {
      settings.container =
        (try? ContainerFormat(parsing: any.url.pathExtension)) ?? settings.container
    }
    settings.preset = nil
    var outputs: [String: TakeMetadata.OutputRecord] = [:]
    for (output, info) in probes {
      outputs[output] = record(info.url.lastPathComponent, info)
    }
    let rate = settings.frameRate
    let started = startDate(fromFolderName: folderName).map(TakeMetadataBuilder.iso8601) ?? ""
    return TakeMetadata(
      status: .recovered, app: .init(name: "dualcam", version: TakeMetadataBuilder.appVersion),
      host: TakeMetadataBuilder.host(), startedAt: started, endedAt: "", settings: settings,
      sources: [:], outputs: outputs,
      sync: TakeMetadata.SyncRecord(
        clockOriginNanoseconds: 0, frames: 0, frameRate: rate.framesPerSecond,
        frameRateFraction: rate.fractionDescription, durationSeconds: 0, wallSeconds: 0,
        pausedSeconds: 0, skewMeanMilliseconds: 0, skewMaxMilliseconds: 0,
        repeatedForEncoderLag: 0, frontRepeatsWritten: 0, backRepeatsWritten: 0,
        front: CameraSyncCounters(), back: CameraSyncCounters()),
      pauses: [],
      errors: [
        "metadata.json was rebuilt from the files after an interruption: the sources, sync "
          + "counters, pauses and wall-clock times of this take are unknown"
      ])
  }

  private static func record(_ name: String, _ info: MediaInfo) -> TakeMetadata.OutputRecord {
    TakeMetadata.OutputRecord(
      file: name, width: info.size.width, height: info.size.height,
      codec: (try? VideoCodec(parsing: info.codecName))?.rawValue ?? info.codecName,
      container: (try? ContainerFormat(parsing: info.url.pathExtension))?.rawValue
        ?? info.containerName,
      bitrate: nil, frames: Int64(info.frameCount), durationSeconds: info.duration,
      bytes: info.fileSize)
  }

  /// The start time a take folder's name (`YYYY-MM-DD_HH-MM-SS`, local time) stands for.
  private static func startDate(fromFolderName name: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd_HH-mm-ss"
    return formatter.date(from: String(name.prefix(19)))
  }

  /// A decoding error in words: what was wrong and where.
  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context):
      return "it is not valid JSON (\(context.debugDescription))"
    case DecodingError.keyNotFound(let key, _):
      return "it lacks the key \(key.stringValue)"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return "\(path.isEmpty ? "the top level" : path) has the wrong type"
    default:
      return "it could not be decoded"
    }
  }
}
