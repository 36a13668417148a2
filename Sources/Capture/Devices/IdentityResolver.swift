import Foundation

/// Gives each camera a stable identity: the `/dev/v4l/by-id` link that resolves to its node,
/// else the `by-path` link, else its bus info; and tells apart cameras whose identities collide.
struct IdentityResolver {
  /// The /dev root, `/dev` on a real system, a folder in tests.
  let devRoot: URL

  /// The best identity for `node` (a path under `devRoot`) with `busInfo` as the last resort.
  /// With `allowByID` false, by-id is skipped (its name cannot tell look-alike cameras apart).
  func identity(of node: String, busInfo: String, allowByID: Bool = true) -> DeviceIdentity {
    let target = Self.target(of: node)
    let folders: [(String, DeviceIdentity.Source)] =
      (allowByID ? [("by-id", .byID)] : []) + [("by-path", .byPath)]
    for (folder, source) in folders {
      if let name = link(in: folder, resolvingTo: target) {
        return DeviceIdentity(value: name, source: source)
      }
    }
    let fallback = busInfo.isEmpty ? URL(fileURLWithPath: node).lastPathComponent : busInfo
    return DeviceIdentity(value: fallback, source: .busInfo)
  }

  /// The first link (by name) in `/dev/v4l/<folder>` that resolves to `target`.
  private func link(in folder: String, resolvingTo target: String) -> String? {
    let directory = devRoot.appendingPathComponent("v4l/\(folder)")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.sorted().first { name in
      Self.target(of: directory.appendingPathComponent(name).path) == target
    }
  }

  /// Where `path` leads, links followed. udev's links are relative (`../../video0`); they are
  /// followed by reading them, so a link is matched to its node even while the node is gone
  /// (unplugged), which resolving through the file system would not do.
  static func target(of path: String) -> String {
    var current = (path as NSString).standardizingPath
    for _ in 0..<16 {
      guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
      else { break }
      let absolute =
        destination.hasPrefix("/")
        ? destination : (current as NSString).deletingLastPathComponent + "/" + destination
      current = (absolute as NSString).standardizingPath
    }
    guard FileManager.default.fileExists(atPath: current) else { return current }
    return URL(fileURLWithPath: current).resolvingSymlinksInPath().path
  }

  /// Identical USB cameras without serial numbers share one by-id name (udev points it at
  /// whichever was plugged last), so it would follow plug order, not the camera: those cameras
  /// are identified by the port they are plugged into (by-path) instead.
  func preferPortsForLookAlikes(_ devices: inout [CaptureDevice]) -> [String] {
    let unserialized = devices.indices.filter {
      devices[$0].usb != nil && devices[$0].usb?.serial == nil
    }
    let groups = Dictionary(grouping: unserialized) { devices[$0].usb?.vendorProduct ?? "" }
    var notes: [String] = []
    for (vendorProduct, indices) in groups.sorted(by: { $0.key < $1.key }) where indices.count > 1 {
      for index in indices where devices[index].identity.source == .byID {
        devices[index].identity = identity(
          of: devices[index].node, busInfo: devices[index].busInfo, allowByID: false)
      }
      let nodes = indices.map { devices[$0].node }.joined(separator: " and ")
      notes.append(
        "\(nodes) are identical cameras (\(vendorProduct)) without serial numbers; each is "
          + "identified by the USB port it is plugged into, so keep them in the same ports")
    }
    return notes
  }

  /// Makes identities unique: every camera in a colliding group gets its node name appended,
  /// and a note saying why (identical cameras without serial numbers, or drivers such as vivid
  /// that share one by-path link).
  static func disambiguate(_ devices: inout [CaptureDevice]) -> [String] {
    var notes: [String] = []
    let groups = Dictionary(grouping: devices.indices) { devices[$0].identity.value }
    for (value, indices) in groups.sorted(by: { $0.key < $1.key }) where indices.count > 1 {
      let nodes = indices.map { devices[$0].node }
      let note =
        "\(nodes.joined(separator: " and ")) share the identity '\(value)' (identical cameras "
        + "without serial numbers?); each is told apart by its node name, which can change "
        + "when cameras are re-plugged"
      notes.append(note)
      for index in indices {
        let nodeName = URL(fileURLWithPath: devices[index].node).lastPathComponent
        devices[index].identity.value = "\(value)@\(nodeName)"
        devices[index].identity.collisionNote = note
      }
    }
    return notes
  }
}
