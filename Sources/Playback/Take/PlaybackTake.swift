public import DualCamCore
public import Foundation
import Media

/// A take folder as the player sees it: its three files on one timeline (the same frame count
/// and rate, frame 0 at time 0), and its sync events.
public struct PlaybackTake: Sendable {
  /// One of the take's files.
  public struct File: Sendable, Equatable {
    /// Where it is.
    public var url: URL
    /// Its picture size.
    public var size: ImageSize
    /// Frames in the file.
    public var frameCount: Int64
  }

  /// The take folder.
  public let folder: URL
  /// The folder's name (the take's date and time).
  public var name: String { folder.lastPathComponent }
  /// The files, by output.
  public let files: [PlaybackOutput: File]
  /// Frames on the shared timeline (the shortest file's count, should one be cut short).
  public let frameCount: Int64
  /// The shared frame rate.
  public let frameRate: FrameRate
  /// The take's `metadata.json`, when it could be read.
  public let metadata: TakeMetadata?
  /// Pauses and lost signal, placed on frames.
  public let syncEvents: SyncEventMap

  /// Opens the take in `folder`: finds its three files (named in `metadata.json`, else by their
  /// `dualview_`/`front_`/`back_` prefix) and reads their headers.
  public init(folder: URL) throws(DualCamError) {
    let fix = "choose another take, or run dualcam recover on an interrupted one"
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      throw .sourceUnavailable("the take \(folder.path) does not exist (any more)", fix: fix)
    }
    let metadata = Self.readMetadata(in: folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    var files: [PlaybackOutput: File] = [:]
    var rates: [FrameRate] = []
    for output in PlaybackOutput.allCases {
      let named = metadata?.outputs[output.rawValue]?.file
      guard
        let file = named.flatMap({ names.contains($0) ? $0 : nil })
          ?? names.sorted().first(where: { $0.hasPrefix("\(output.rawValue)_") })
      else {
        throw .sourceUnavailable(
          "the take \(folder.lastPathComponent) has no \(output.rawValue) file", fix: fix)
      }
      let url = folder.appendingPathComponent(file)
      let info = try MediaProbe.inspect(url)
      guard info.frameCount > 0 else {
        throw .unreadableMedia(
          "\(file) holds no frames", fix: "the file is damaged or empty; \(fix)")
      }
      // A take that held frames while its encoders were behind has that many slots without a
      // frame of their own (the one before lasts through them).
      let held = metadata?.sync.held ?? 0
      files[output] = File(
        url: url, size: info.size, frameCount: Int64(info.frameCount) + held)
      rates.append(info.frameRate)
    }
    self.folder = folder
    self.files = files
    self.frameCount = files.values.map(\.frameCount).min() ?? 0
    self.frameRate = metadata?.settings.frameRate ?? rates[0]
    self.metadata = metadata
    self.syncEvents =
      metadata.map { SyncEventMap(metadata: $0) } ?? SyncEventMap(events: [])
  }

  /// Seconds from frame 0 to frame `index`.
  public func seconds(ofFrame index: Int64) -> Double {
    Double(index) / frameRate.framesPerSecond
  }

  /// The take's length, seconds.
  public var duration: Double { seconds(ofFrame: frameCount) }

  private static func readMetadata(in folder: URL) -> TakeMetadata? {
    guard let data = try? Data(contentsOf: folder.appendingPathComponent("metadata.json"))
    else { return nil }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return try? decoder.decode(TakeMetadata.self, from: data)
  }
}
