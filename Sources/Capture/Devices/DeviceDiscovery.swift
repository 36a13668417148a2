public import DualCamCore
public import Foundation

/// Finds every V4L2 node that captures video, with its USB details, stable identity and formats.
///
/// Nodes are listed from sysfs (`class/video4linux`) and asked VIDIOC_QUERYCAP through
/// `V4L2System`; metadata and output-only nodes are skipped. The sysfs and /dev roots are
/// injectable so tests run on a fake tree with a fake kernel.
public struct DeviceDiscovery: Sendable {
  /// What discovery found, and anything the user should know about it.
  public struct Result: Sendable, Equatable {
    /// Capture devices, in node order.
    public var devices: [CaptureDevice]
    /// Identity collisions and nodes that could not be opened, in words.
    public var notes: [String]
  }

  private let system: any V4L2System
  private let sysfsRoot: URL
  private let devRoot: URL

  /// Creates a discovery over `system`, reading sysfs under `sysfsRoot` and nodes under
  /// `devRoot`.
  public init(
    system: any V4L2System = LibV4L2System(), sysfsRoot: URL = URL(fileURLWithPath: "/sys"),
    devRoot: URL = URL(fileURLWithPath: "/dev")
  ) {
    self.system = system
    self.sysfsRoot = sysfsRoot
    self.devRoot = devRoot
  }

  /// Lists the capture devices; never throws: a node that cannot be read becomes a note.
  public func discover() -> Result {
    var devices: [CaptureDevice] = []
    var notes: [String] = []
    for nodeName in nodeNames() {
      let node = devRoot.appendingPathComponent(nodeName).path
      do {
        if let device = try describe(node: node, nodeName: nodeName) { devices.append(device) }
      } catch {
        notes.append("skipped \(node): \(error.problem)")
      }
    }
    let resolver = IdentityResolver(devRoot: devRoot)
    notes.append(contentsOf: resolver.preferPortsForLookAlikes(&devices))
    notes.append(contentsOf: IdentityResolver.disambiguate(&devices))
    return Result(devices: devices, notes: notes)
  }

  /// The device at `path` (a node or a `/dev/v4l/...` link), failing with a clear error when
  /// it is not a video capture device.
  public func device(at path: String) throws(DualCamError) -> CaptureDevice {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw V4L2Errors.openFailed(path, errno: ENOENT)
    }
    if isDirectory.boolValue { throw V4L2Errors.notCapture(path, reason: "it is a directory") }
    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath()
    // Discover everything so the identity is disambiguated exactly as `dualcam devices` shows.
    if let found = discover().devices.first(where: {
      URL(fileURLWithPath: $0.node).resolvingSymlinksInPath() == resolved
    }) {
      return found
    }
    guard let device = try describe(node: path, nodeName: resolved.lastPathComponent) else {
      throw V4L2Errors.notCapture(path, reason: "it has no video capture capability")
    }
    return device
  }

  /// The identity of the camera at `path` (a node or a `/dev/v4l` link), exactly as
  /// `discover()` gives it (collisions told apart the same way); a node discovery does not list
  /// gets the resolver's answer on its own, with `busInfo` as the last resort.
  public func identity(ofNode path: String, busInfo: String) -> DeviceIdentity {
    let resolved = IdentityResolver.target(of: path)
    if let found = discover().devices.first(where: {
      IdentityResolver.target(of: $0.node) == resolved
    }) {
      return found.identity
    }
    return IdentityResolver(devRoot: devRoot).identity(of: path, busInfo: busInfo)
  }

  /// The node path for what a user typed: a path as is, or an identity (as `dualcam devices`
  /// shows it) or a `/dev/v4l/by-id` / `by-path` link name, resolved to its node.
  public func resolve(_ argument: String) -> String {
    if argument.hasPrefix("/") || argument.hasPrefix(".") { return argument }
    if let device = discover().devices.first(where: { $0.identity.value == argument }) {
      return device.node
    }
    for folder in ["by-id", "by-path"] {
      let link = devRoot.appendingPathComponent("v4l/\(folder)/\(argument)")
      if FileManager.default.fileExists(atPath: link.path) { return link.path }
    }
    return argument
  }

  /// `video0`, `video1`, … in numeric order.
  private func nodeNames() -> [String] {
    let folder = sysfsRoot.appendingPathComponent("class/video4linux").path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasPrefix("video") }.sorted {
      (Int($0.dropFirst(5)) ?? Int.max, $0) < (Int($1.dropFirst(5)) ?? Int.max, $1)
    }
  }

  /// The device at `node`, or nil when it does not capture video.
  private func describe(node: String, nodeName: String) throws(DualCamError) -> CaptureDevice? {
    let handle = try V4L2Handle(path: node, system: system)
    let capability = try handle.capability()
    guard capability.capturesVideo else { return nil }
    let identity = IdentityResolver(devRoot: devRoot).identity(
      of: node, busInfo: capability.busInfo)
    return CaptureDevice(
      node: node, name: capability.card, driver: capability.driver,
      busInfo: capability.busInfo, identity: identity,
      usb: SysfsUSBReader(root: sysfsRoot).details(of: nodeName), formats: handle.formats())
  }
}
