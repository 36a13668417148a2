import DualCamCore
import Foundation
import Session

/// Harnesses for the files DualCam reads back: `settings.toml` and a take's `metadata.json`.
enum FileHarnesses {
  /// The settings file as `dualcam record` and the interface read it. A file that parses must
  /// also survive being written back and read again, as the interface's save does.
  static func settings(_ data: Data) {
    guard let file = try? SettingsFile.parse(data: data) else { return }
    do {
      _ = try SettingsFile.parse(file.text)
    } catch {
      preconditionFailure("a parsed file does not read back after saving: \(error.problem)")
    }
  }

  /// `metadata.json` decoded as recovery decodes it, then encoded again as a take's metadata
  /// is written.
  static func metadata(_ data: Data) {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    guard let metadata = try? decoder.decode(TakeMetadata.self, from: data) else { return }
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    _ = try? encoder.encode(metadata)
  }
}
