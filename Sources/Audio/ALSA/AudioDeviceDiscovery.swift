/// The sound inputs `dualcam devices` lists and `--audio` accepts.
public enum AudioDeviceDiscovery {
  /// Capture devices as libasound names them, `default` first, each name once.
  public static func captureDevices(
    system: any ALSASystem = LibASoundSystem()
  ) -> [AudioDeviceDescription] {
    var seen = Set<String>()
    let unique = system.captureDevices().filter { seen.insert($0.name).inserted }
    return unique.filter { $0.name == "default" } + unique.filter { $0.name != "default" }
  }

  /// True when a `default` input exists (what `--audio` falls back to).
  public static func hasDefaultInput(system: any ALSASystem = LibASoundSystem()) -> Bool {
    system.captureDevices().contains { $0.name == "default" }
  }
}
