internal import CV4L2

#if canImport(Glibc)
  import Glibc
#endif

/// The one place DualCam talks to V4L2 device nodes: open, ioctl, poll, mmap, close.
///
/// The real implementation goes through libv4l2 (which converts formats some cameras cannot
/// deliver natively and handles quirky drivers); tests substitute a fake that plays the kernel,
/// so every failure path (ENOSPC at STREAMON, EBUSY, EACCES, ENODEV on unplug) is exercised
/// without hardware.
public protocol V4L2System: Sendable {
  /// Opens `path`; returns a descriptor or the errno.
  func open(_ path: String, flags: Int32) -> V4L2Result<Int32>
  /// Closes a descriptor returned by `open`.
  func close(_ descriptor: Int32)
  /// Issues `request` with `argument`; EINTR is retried by the caller, not here.
  func ioctl(_ descriptor: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer)
    -> V4L2Result<Void>
  /// Waits up to `timeoutMilliseconds` for `events` on `descriptor`; returns the events seen
  /// (0 on timeout).
  func poll(_ descriptor: Int32, events: Int16, timeoutMilliseconds: Int32) -> V4L2Result<Int16>
  /// Maps a driver buffer.
  func map(_ descriptor: Int32, length: Int, offset: Int64) -> V4L2Result<UnsafeMutableRawPointer>
  /// Unmaps a buffer mapped with `map`.
  func unmap(_ address: UnsafeMutableRawPointer, length: Int)
}

/// The outcome of a V4L2 call: a value, "would block" (the normal rhythm of a streaming loop,
/// not an error), or an errno.
public enum V4L2Result<Value> {
  case success(Value)
  case wouldBlock
  case failure(errno: Int32)

  /// The errno of a failure, nil otherwise.
  public var errno: Int32? {
    if case .failure(let code) = self { return code }
    return nil
  }
}

/// The real kernel, through libv4l2.
public struct LibV4L2System: V4L2System {
  /// Creates the system interface; it has no state.
  public init() {}

  public func open(_ path: String, flags: Int32) -> V4L2Result<Int32> {
    while true {
      let descriptor = cv4l2_open(path, flags | O_CLOEXEC)
      if descriptor >= 0 { return .success(descriptor) }
      if errno != EINTR { return .failure(errno: errno) }
    }
  }

  public func close(_ descriptor: Int32) { _ = v4l2_close(descriptor) }

  public func ioctl(
    _ descriptor: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer
  ) -> V4L2Result<Void> {
    while true {
      if cv4l2_ioctl(descriptor, request, argument) >= 0 { return .success(()) }
      switch errno {
      case EINTR: continue
      case EAGAIN: return .wouldBlock
      default: return .failure(errno: errno)
      }
    }
  }

  public func poll(
    _ descriptor: Int32, events: Int16, timeoutMilliseconds: Int32
  ) -> V4L2Result<Int16> {
    var entry = pollfd(fd: descriptor, events: events, revents: 0)
    while true {
      let count = Glibc.poll(&entry, 1, timeoutMilliseconds)
      if count >= 0 { return .success(count == 0 ? 0 : entry.revents) }
      if errno != EINTR { return .failure(errno: errno) }
    }
  }

  public func map(
    _ descriptor: Int32, length: Int, offset: Int64
  ) -> V4L2Result<UnsafeMutableRawPointer> {
    let address = v4l2_mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, offset)
    guard let address, address != MAP_FAILED else { return .failure(errno: errno) }
    return .success(address)
  }

  public func unmap(_ address: UnsafeMutableRawPointer, length: Int) {
    _ = v4l2_munmap(address, length)
  }
}
