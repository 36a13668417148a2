public import DualCamCore
public import Foundation

/// The settings file, `$XDG_CONFIG_HOME/dualcam/settings.toml`: recording settings, layout,
/// which cameras are front and back, and interface preferences, in TOML a person can edit.
///
/// Command-line flags override what it says. A file that cannot be read is never overwritten
/// silently: `loadOrSetAside` moves it to a dated backup and says where.
public struct SettingsFile: Sendable, Equatable {
  /// Recording settings and layout.
  public var recording = RecordingSettings()
  /// The front source as the flag would say it (`/dev/v4l/by-id/…`, `synthetic`); nil: automatic.
  public var frontSource: String?
  /// The back source; nil: automatic.
  public var backSource: String?
  /// Interface preferences.
  public var interface = InterfacePreferences()

  /// Preferences of the terminal interface.
  public struct InterfacePreferences: Sendable, Equatable {
    /// Frame rates drawn over the preview.
    public var fpsCounter = false
    /// FFmpeg's log level: quiet, error, warning, info.
    public var logLevel = "warning"
    /// Preview colours: auto, truecolor, 256, 16, none.
    public var colors = "auto"
    /// How pictures are drawn: auto (real pixels where the terminal has them and the link
    /// keeps up), pixels (always where it has them), chafa (libchafa's symbols in the player),
    /// blocks.
    public var pictures = "auto"
    /// What the record key does with a take over budget: ask, adapt, refuse or ignore.
    public var overBudget = "ask"
    /// Creates the defaults.
    public init() {}
  }

  /// The defaults.
  public init() {}

  /// Where the file lives: `$DUALCAM_SETTINGS`, else `$XDG_CONFIG_HOME/dualcam/settings.toml`,
  /// else `~/.config/dualcam/settings.toml`.
  public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> URL
  {
    if let explicit = environment["DUALCAM_SETTINGS"], !explicit.isEmpty {
      return URL(fileURLWithPath: explicit)
    }
    let base =
      environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
    return base.appendingPathComponent("dualcam").appendingPathComponent("settings.toml")
  }

  // MARK: - Reading

  /// Reads the file at `url`; a missing file gives the defaults.
  ///
  /// - Throws: `DualCamError.invalidArgument` naming the line or key that is wrong.
  public static func load(from url: URL) throws(DualCamError) -> SettingsFile {
    guard FileManager.default.fileExists(atPath: url.path) else { return SettingsFile() }
    return try parse(try SettingsText.read(from: url), path: url.path)
  }

  /// What `loadOrSetAside` found.
  public struct LoadOutcome: Sendable {
    /// The settings to use.
    public var settings: SettingsFile
    /// Why the file was set aside and where the backup is, if it was.
    public var problem: String?
  }

  /// Reads the file; when it is broken, moves it to `settings.toml.broken-<time>` and returns
  /// the defaults with the reason, so the next save starts a clean file without losing the old.
  ///
  /// A file whose reading killed an earlier run (a bug no message could catch) is set aside
  /// too, so that one bad file cannot keep the interface from opening.
  public static func loadOrSetAside(from url: URL, now: Date = Date()) -> LoadOutcome {
    let guardFile = SettingsReadingMarker(settings: url)
    if guardFile.earlierReadDied() {
      return setAside(
        url, now: now,
        reason: "\(url.path) stopped DualCam while it was being read the last time")
    }
    guardFile.begin()
    defer { guardFile.end() }
    do {
      return LoadOutcome(settings: try load(from: url), problem: nil)
    } catch {
      return setAside(url, now: now, reason: error.problem)
    }
  }

  private static func setAside(_ url: URL, now: Date, reason: String) -> LoadOutcome {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    formatter.locale = Locale(identifier: "en_US_POSIX")
    let backup = url.deletingLastPathComponent().appendingPathComponent(
      "\(url.lastPathComponent).broken-\(formatter.string(from: now))")
    let moved = NoReplaceRename.rename(url, to: backup) == 0
    let location = moved ? "it was kept as \(backup.path)" : "it could not be moved aside"
    return LoadOutcome(
      settings: SettingsFile(), problem: "\(reason); \(location), and the defaults are used")
  }

  /// Parses the file's bytes: UTF-8 text without NUL bytes, then TOML.
  public static func parse(data: Data, path: String = "settings.toml") throws(DualCamError)
    -> SettingsFile
  {
    try parse(try SettingsText.text(of: data, path: path), path: path)
  }

  /// Parses the file's text.
  public static func parse(_ text: String, path: String = "settings.toml") throws(DualCamError)
    -> SettingsFile
  {
    // Control characters and NUL bytes are named by line before parsing, with what TOML
    // allows instead.
    try SettingsText.check(text, path: path)
    let table: TOMLTable
    do {
      table = try TOMLParser.parse(text)
    } catch {
      throw .invalidArgument(
        "\(path) line \(error.line): \(error.message)",
        fix: "correct that line, or move the file away to start from the defaults")
    }
    var reader = SettingsReader(table: table, path: path)
    return try reader.read()
  }

  // MARK: - Writing

  /// Writes the file atomically (a crash leaves the old or the new one, never half of each).
  /// Written through `DescriptorWriter`, so a short write or `EINTR` never tears it.
  public func save(to url: URL) throws(DualCamError) {
    let reason: String
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      do throws(WriteFailure) {
        try FileContentsWriter.write(Data(text.utf8), to: url, mode: .atomic)
        return
      } catch {
        reason = error.reason
      }
    } catch {
      reason = error.localizedDescription
    }
    throw .outputUnavailable(
      "cannot write the settings file \(url.path): \(reason)",
      fix: "check that \(url.deletingLastPathComponent().path) is writable")
  }

  /// The file's text, with a comment on every key.
  public var text: String { SettingsWriter.text(of: self) }
}
