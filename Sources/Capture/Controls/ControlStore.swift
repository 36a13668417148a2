public import DualCamCore
public import Foundation

/// Saves the control values a user sets, per camera identity, in
/// `$XDG_CONFIG_HOME/dualcam/controls/<identity>.json` (else `~/.config/...`), so they can be
/// re-applied when the camera is opened again.
///
/// The file is plain, readable JSON:
/// `{ "identity": "usb-…", "controls": { "brightness": 40, "auto_exposure": 1 } }`.
/// A file that cannot be read is never overwritten silently: it is renamed to
/// `<name>.json.broken-<time>` and the caller is told.
public struct ControlStore: Sendable {
  /// What `load` found.
  public struct Loaded: Sendable, Equatable {
    /// Saved values by control name; empty when nothing is saved.
    public var values: [String: Int64]
    /// Set when a broken file was moved aside; says where.
    public var warning: String?
  }

  private struct File: Codable {
    var identity: String
    var controls: [String: Int64]
  }

  /// The folder holding one file per camera.
  public let directory: URL

  /// A store in `directory`.
  public init(directory: URL) { self.directory = directory }

  /// The store in the user's configuration folder, from `environment` (XDG_CONFIG_HOME, HOME).
  public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    let base: URL
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      base = URL(fileURLWithPath: config)
    } else {
      let home = environment["HOME"] ?? NSHomeDirectory()
      base = URL(fileURLWithPath: home).appendingPathComponent(".config")
    }
    directory = base.appendingPathComponent("dualcam/controls")
  }

  /// The file for `identity`: anything but letters, digits, `.`, `-` and `_` becomes `_`.
  public func fileURL(for identity: String) -> URL {
    let safe = String(
      identity.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
    let name = safe.isEmpty || safe.hasPrefix(".") ? "_" + safe : safe
    return directory.appendingPathComponent("\(name).json")
  }

  /// The values saved for `identity`; a broken file is moved aside and reported.
  public func load(identity: String) -> Loaded {
    let url = fileURL(for: identity)
    // Only a regular file is read: a FIFO put in its place would block the camera's opening.
    let type = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type]
    guard type as? FileAttributeType == .typeRegular, let data = try? Data(contentsOf: url) else {
      return Loaded(values: [:])
    }
    if let file = try? JSONDecoder().decode(File.self, from: data) {
      return Loaded(values: file.controls)
    }
    // Never replace an earlier backup: a second broken file in the same second gets a suffix.
    var backup = url.appendingPathExtension("broken-\(Self.stamp())")
    var suffix = 2
    while FileManager.default.fileExists(atPath: backup.path) {
      backup = url.appendingPathExtension("broken-\(Self.stamp())-\(suffix)")
      suffix += 1
    }
    do {
      try FileManager.default.moveItem(at: url, to: backup)
      return Loaded(
        values: [:],
        warning: "saved controls in \(url.path) could not be read; kept as \(backup.path) and "
          + "starting afresh")
    } catch {
      return Loaded(
        values: [:],
        warning: "saved controls in \(url.path) could not be read and could not be moved "
          + "aside (\(error.localizedDescription)); fix or delete the file")
    }
  }

  /// Adds `values` to what is saved for `identity`; returns a warning when a broken file had to
  /// be moved aside first.
  @discardableResult
  public func save(_ values: [String: Int64], identity: String) throws(DualCamError) -> String? {
    let loaded = load(identity: identity)
    if let warning = loaded.warning,
      FileManager.default.fileExists(atPath: fileURL(for: identity).path)
    {
      // The broken file could not be moved aside; never overwrite it.
      throw .outputUnavailable(warning, fix: "fix or delete the file, then try again")
    }
    try write(loaded.values.merging(values) { $1 }, identity: identity)
    return loaded.warning
  }

  /// Forgets `names` (or, when nil, everything) saved for `identity`.
  public func remove(_ names: [String]? = nil, identity: String) throws(DualCamError) {
    let url = fileURL(for: identity)
    guard FileManager.default.fileExists(atPath: url.path) else { return }
    guard let names else {
      do {
        try FileManager.default.removeItem(at: url)
      } catch {
        throw .outputUnavailable(
          "cannot remove \(url.path): \(error.localizedDescription)",
          fix: "check the folder's permissions")
      }
      return
    }
    var values = load(identity: identity).values
    for name in names { values[name] = nil }
    try write(values, identity: identity)
  }

  private func write(_ values: [String: Int64], identity: String) throws(DualCamError) {
    let url = fileURL(for: identity)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let problem: String
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let data = try encoder.encode(File(identity: identity, controls: values))
      // Through the one write loop (short writes, EINTR, never through a link at the name).
      try FileContentsWriter.write(data + Data("\n".utf8), to: url, mode: .atomic)
      return
    } catch let failure as WriteFailure {
      problem = failure.reason
    } catch {
      problem = error.localizedDescription
    }
    throw .outputUnavailable(
      "cannot save camera controls to \(url.path): \(problem)",
      fix: "check that the folder is writable, or set XDG_CONFIG_HOME to one that is")
  }

  /// `20261123-070512`, for backup names.
  private static func stamp() -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    formatter.locale = Locale(identifier: "en_US_POSIX")
    return formatter.string(from: Date())
  }
}
