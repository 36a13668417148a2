import Capture
import Foundation

/// Sends each node's calls to the fake that plays it, so one test can combine a streaming
/// camera (`FakeV4L2Kernel`) with other nodes discovery sees (`FakeCameraKernel`).
///
/// The fakes number their descriptors from different bases (100+ and 10+), so a descriptor
/// names its fake; a clash is a test bug and fails loudly. It opens and configures; it does not
/// stream (mapping is refused), which identity tests do not need.
final class FakeV4L2Router: V4L2System, @unchecked Sendable {
  private let routes: [String: any V4L2System]
  private let owners = NSLock()
  private var byDescriptor: [Int32: any V4L2System] = [:]

  /// `routes` maps node paths to the fake serving them.
  init(_ routes: [String: any V4L2System]) { self.routes = routes }

  private func owner(_ descriptor: Int32) -> (any V4L2System)? {
    owners.withLock { byDescriptor[descriptor] }
  }

  func open(_ path: String, flags: Int32) -> V4L2Result<Int32> {
    guard let system = routes[path] else { return .failure(errno: ENOENT) }
    let result = system.open(path, flags: flags)
    if case .success(let descriptor) = result {
      owners.withLock {
        precondition(byDescriptor[descriptor] == nil, "two fakes handed out \(descriptor)")
        byDescriptor[descriptor] = system
      }
    }
    return result
  }

  func close(_ descriptor: Int32) {
    let system = owners.withLock { byDescriptor.removeValue(forKey: descriptor) }
    system?.close(descriptor)
  }

  func ioctl(
    _ descriptor: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer
  ) -> V4L2Result<Void> {
    owner(descriptor)?.ioctl(descriptor, request, argument) ?? .failure(errno: EBADF)
  }

  func poll(_ descriptor: Int32, events: Int16, timeoutMilliseconds: Int32) -> V4L2Result<Int16> {
    owner(descriptor)?.poll(descriptor, events: events, timeoutMilliseconds: timeoutMilliseconds)
      ?? .failure(errno: EBADF)
  }

  func map(_ descriptor: Int32, length: Int, offset: Int64) -> V4L2Result<UnsafeMutableRawPointer> {
    .failure(errno: ENOTSUP)
  }

  func unmap(_ address: UnsafeMutableRawPointer, length: Int) {}
}
