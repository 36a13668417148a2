import DualCamCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Turns failed V4L2 calls into `DualCamError`s that say, in a user's words, what is wrong with
/// the camera and what to do about it.
///
/// The facts behind the advice come from the system: the device node's group for EACCES, the
/// process holding the node for EBUSY (found through `/proc/*/fd`, whose root tests inject),
/// the USB bus and every camera streaming on it for ENOSPC.
struct V4L2FailureAdvisor {
  /// The node as the user named it.
  var path: String
  /// Where to look for processes (`/proc`).
  var processRoot: String

  // MARK: - Advice

  /// The error for a failed call on (or opening of) the node.
  func error(for failure: V4L2CallError, busInfo: String? = nil) -> DualCamError {
    switch failure.code {
    case ENOENT where !path.hasPrefix("/dev/"):
      return .sourceUnavailable(
        "\(path) does not exist",
        fix: "check the path; a camera is a node such as /dev/video0, a video file is file:PATH")
    case ENOENT:
      return .sourceUnavailable(
        "\(path) does not exist: no camera is connected under that name",
        fix: "plug the camera in, or list cameras with `dualcam devices`")
    case EISDIR:
      return .sourceUnavailable(
        "\(path) is a folder, not a camera",
        fix: "name a device node such as /dev/video0 or a link inside /dev/v4l/by-id")
    case ENOTTY:
      return notVideoDevice()
    case EINVAL where failure.call == "VIDIOC_QUERYCAP":
      return notVideoDevice()
    case EACCES, EPERM:
      let group = deviceGroup() ?? "video"
      return .sourceUnavailable(
        "permission denied opening \(path): the camera belongs to group '\(group)' and you are "
          + "not in it",
        fix: "run `sudo usermod -aG \(group) $USER`, then log out and back in")
    case EBUSY:
      return busy()
    case ENOSPC:
      return noBandwidth(busInfo: busInfo)
    case ENODEV, ENXIO, ESHUTDOWN:
      return .sourceUnavailable(
        "\(path) went away (the camera was unplugged or its driver was unloaded)",
        fix: "reconnect the camera and start again")
    default:
      return .sourceUnavailable(
        "\(path): \(failure.call) failed: \(String(cString: strerror(failure.code)))",
        fix: "reconnect the camera or try another USB port; `v4l2-ctl -d \(path) --all` shows "
          + "what the driver reports")
    }
  }

  /// The error for a node that answers V4L2 but cannot capture video (a metadata node).
  func notCaptureNode(card: String, driver: String) -> DualCamError {
    .sourceUnavailable(
      "\(path) is not a video capture node: '\(card)' (\(driver)) offers no video there; it is "
        + "probably the camera's metadata node",
      fix: "use the camera's other /dev/video node, usually the one numbered just below; "
        + "`v4l2-ctl --list-devices` lists them")
  }

  /// The error for a camera whose formats DualCam cannot convert.
  func noUsableFormat(offered: [String]) -> DualCamError {
    .sourceUnavailable(
      "\(path) offers no format DualCam can record (it offers "
        + "\(offered.isEmpty ? "none" : offered.joined(separator: ", ")); DualCam reads YUYV, "
        + "NV12 and MJPEG)",
      fix: "use another camera, or feed this one through a converter such as v4l2loopback")
  }

  /// The error for a camera opened for stream copy that does not send MJPEG.
  func noMJPEGForCopy(offered: [String]) -> DualCamError {
    .invalidArgument(
      "--camera-codec copy stores the camera's own MJPEG pictures, but \(path) does not send "
        + "MJPEG (it offers \(offered.isEmpty ? "nothing usable" : offered.joined(separator: ", ")))",
      fix: "encode the camera files instead (--camera-codec h264, or leave --camera-codec out), "
        + "or use a camera that offers MJPEG")
  }

  // MARK: - Diagnosis

  /// Refuses, before libv4l2 opens it (and logs its own complaint), a path that exists but is
  /// not a V4L2 node: every V4L2 node is a character device with major number 81.
  func refuseNonVideoNode() throws(DualCamError) {
    var info = stat()
    guard stat(path, &info) == 0 else { return }
    let device = UInt64(info.st_rdev)
    let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
    if info.st_mode & S_IFMT != S_IFCHR || major != 81 { throw notVideoDevice() }
  }

  private func notVideoDevice() -> DualCamError {
    var info = stat()
    let fix = "name a camera node such as /dev/video0; `dualcam devices` lists them"
    guard stat(path, &info) == 0 else {
      return .sourceUnavailable("\(path) is not a V4L2 camera", fix: fix)
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      return .sourceUnavailable(
        "\(path) is a regular file, not a camera device (to play a video file, write "
          + "file:\(path))", fix: fix)
    case S_IFDIR:
      return .sourceUnavailable("\(path) is a folder, not a camera", fix: fix)
    default:
      return .sourceUnavailable(
        "\(path) is a device but not a video device: it does not answer V4L2 queries", fix: fix)
    }
  }

  private func busy() -> DualCamError {
    guard let holder = processHolding() else {
      return .sourceUnavailable(
        "\(path) is busy: another program is using the camera",
        fix: "close the other program (find it with `fuser -v \(path)`), or pick another camera")
    }
    return .sourceUnavailable(
      "\(path) is busy: \(holder.name) (process \(holder.pid)) is using the camera",
      fix: "close \(holder.name) (or `kill \(holder.pid)`), or pick another camera")
  }

  /// The error for ENOSPC at STREAMON: the USB bus cannot carry `wanted` ("YUYV 1280x720 at
  /// 30 fps") next to the streams already running.
  func noBandwidth(busInfo: String?, wanted: String? = nil) -> DualCamError {
    var bus = "its USB bus"
    if let busInfo, busInfo.hasPrefix("usb-") {
      let parts = busInfo.dropFirst(4).split(separator: "-", maxSplits: 1)
      bus = "USB controller \(parts.first.map(String.init) ?? busInfo) (\(busInfo))"
    } else if let busInfo, !busInfo.isEmpty {
      bus = "bus \(busInfo)"
    }
    let streams = V4L2StreamLedger.shared.descriptions()
    let others =
      streams.isEmpty ? "" : "; already streaming: " + streams.joined(separator: "; ")
    let what = wanted.map { " \($0)" } ?? ""
    return .sourceUnavailable(
      "\(path) cannot start streaming\(what): \(bus) has no bandwidth left for it\(others)",
      fix: "plug the cameras into ports on different USB controllers, or lower --fps or --size "
        + "(at sizes where a camera only offers MJPEG it needs far less bandwidth)")
  }

  /// The group owning the node, for EACCES advice.
  private func deviceGroup() -> String? {
    var info = stat()
    guard stat(path, &info) == 0, let group = getgrgid(info.st_gid) else { return nil }
    return String(cString: group.pointee.gr_name)
  }

  /// The first process (other than this one) with the node open.
  func processHolding() -> (pid: Int, name: String)? {
    let files = FileManager.default
    var targets: Set<String> = [path]
    if let resolved = realpath(path, nil) {
      targets.insert(String(cString: resolved))
      free(resolved)
    }
    guard let entries = try? files.contentsOfDirectory(atPath: processRoot) else { return nil }
    let own = Int(getpid())
    for entry in entries.sorted() {
      guard let pid = Int(entry), pid != own else { continue }
      let folder = "\(processRoot)/\(entry)/fd"
      guard let descriptors = try? files.contentsOfDirectory(atPath: folder) else { continue }
      let holds = descriptors.contains { descriptor in
        (try? files.destinationOfSymbolicLink(atPath: "\(folder)/\(descriptor)"))
          .map(targets.contains) ?? false
      }
      guard holds else { continue }
      let comm = (try? String(contentsOfFile: "\(processRoot)/\(entry)/comm", encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines)
      return (pid, comm.flatMap { $0.isEmpty ? nil : $0 } ?? "another program")
    }
    return nil
  }
}

/// The V4L2 streams running in this process, so a bandwidth failure can name the other camera
/// sharing the bus and its format.
final class V4L2StreamLedger: Sendable {
  static let shared = V4L2StreamLedger()
  private let streams = Locked<[ObjectIdentifier: String]>([:])

  /// Records that `camera` streams as described ("/dev/video2 YUYV 1280x720 at 30 fps on ...").
  func record(_ camera: ObjectIdentifier, description: String) {
    streams.withLock { $0[camera] = description }
  }

  /// Forgets `camera` once it stopped streaming.
  func remove(_ camera: ObjectIdentifier) {
    _ = streams.withLock { $0.removeValue(forKey: camera) }
  }

  /// Every stream, sorted.
  func descriptions() -> [String] { streams.withLock { $0.values.sorted() } }
}
