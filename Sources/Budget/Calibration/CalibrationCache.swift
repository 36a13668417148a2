public import DualCamCore
public import Foundation

/// Keeps calibration results on disk, one JSON file per machine, each measurement keyed by the
/// work it measured (codec, preset, size, layout): new settings add measurements, a different
/// machine (or a new measuring method) starts a file of its own.
///
/// The folder is `$XDG_CACHE_HOME/dualcam/calibration/` (fallback `~/.cache/…`). A missing or
/// unreadable file is an empty cache: calibration then simply runs again.
public struct CalibrationCache: Sendable {
  /// Bumped whenever measuring changes in a way that makes old figures wrong: 2 measures
  /// encoders without their start-up cost and with the take's threads; 3 encodes pictures
  /// with fresh noise in every frame (2's came out 15–30% cheap); 4 measures a pause's cost
  /// with the take's encoders taking turns, and keeps what takes measured; 5 draws the scene
  /// at 640×480 and scales it to the picture (4's per-pixel texture calibrated large pictures
  /// 1.3–1.75 times dear); 6 measures the pause with the encoders running at once on threads
  /// of their own (5's took turns on one thread and measured half) and reads a file source's
  /// frames past the caches.
  public static let methodVersion = 6

  /// The folder holding the files.
  public let folder: URL
  /// The machine the figures are for.
  public let machine: MachineFingerprint

  /// A cache in `folder` for `machine`.
  public init(folder: URL = CalibrationCache.defaultFolder(), machine: MachineFingerprint) {
    self.folder = folder
    self.machine = machine
  }

  /// `$XDG_CACHE_HOME/dualcam/calibration`, or `~/.cache/dualcam/calibration`.
  public static func defaultFolder(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    let base =
      environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
    return base.appendingPathComponent("dualcam/calibration")
  }

  /// The file for this machine: its fingerprint hashed (FNV-1a, stable across runs).
  public var file: URL {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in "\(Self.methodVersion) \(machine.key)".utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return folder.appendingPathComponent(String(format: "%016llx.json", hash))
  }

  private struct Stored: Codable {
    var version: Int
    var machine: MachineFingerprint
    var table: CalibrationTable
  }

  /// What was measured on this machine before; empty when nothing (or another machine's file).
  public func load() -> CalibrationTable {
    guard let data = try? Data(contentsOf: file),
      let stored = try? JSONDecoder().decode(Stored.self, from: data),
      stored.version == Self.methodVersion, stored.machine == machine
    else { return CalibrationTable() }
    return stored.table
  }

  /// Adds `table`'s measurements to the file (theirs replace older ones of the same work).
  public func save(_ table: CalibrationTable) throws(DualCamError) {
    let merged = load().merging(table)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let data = try encoder.encode(
        Stored(version: Self.methodVersion, machine: machine, table: merged))
      // Through DescriptorWriter: Foundation's atomic write gave up on the first EINTR
      // (found by scripts/fault-test's short-write shim).
      do throws(WriteFailure) {
        // A cache: not synced, so a busy disk never holds up the start of a take.
        try FileContentsWriter.write(data, to: file, mode: .atomic, synced: false)
      } catch {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: error.reason])
      }
    } catch {
      throw .writeFailed(
        "cannot save the calibration in \(folder.path): \(error.localizedDescription)",
        fix: "check that the folder is writable, or set XDG_CACHE_HOME to one that is")
    }
  }
}

/// What identifies a machine's speed: its processor model, core count and machine id.
public struct MachineFingerprint: Sendable, Hashable, Codable {
  /// The processor model (`/proc/cpuinfo` `model name`, or `Model`/`Hardware` on ARM boards).
  public var cpuModel: String
  /// Online cores.
  public var cores: Int
  /// `/etc/machine-id`, so two identical boards keep their own figures.
  public var machineID: String

  /// Creates a fingerprint.
  public init(cpuModel: String, cores: Int, machineID: String) {
    self.cpuModel = cpuModel
    self.cores = cores
    self.machineID = machineID
  }

  /// The fingerprint of the machine whose tree is under `root` (`/` on a real system).
  public static func read(root: URL = URL(fileURLWithPath: "/")) -> MachineFingerprint {
    let tree = SysfsTree(root: root)
    let cpuinfo = tree.read("proc/cpuinfo") ?? ""
    var model = "unknown processor"
    for key in ["model name", "Model", "Hardware", "cpu model"] {
      let line = cpuinfo.split(separator: "\n").first {
        $0.hasPrefix(key)
          && $0.dropFirst(key.count).trimmingCharacters(in: .whitespaces)
            .hasPrefix(":")
      }
      if let line, let value = line.split(separator: ":", maxSplits: 1).last {
        model = value.trimmingCharacters(in: .whitespaces)
        break
      }
    }
    let cores =
      tree.read("sys/devices/system/cpu/online").flatMap(CPUCapacityReader.countCPUList)
      ?? ProcessInfo.processInfo.activeProcessorCount
    return MachineFingerprint(
      cpuModel: model, cores: cores, machineID: tree.read("etc/machine-id") ?? "none")
  }

  /// The text the cache file's name is derived from.
  var key: String { "\(cpuModel)|\(cores)|\(machineID)" }
}
