public import DualCamCore

#if canImport(Glibc)
  import Glibc
#endif

/// The one place DualCam talks to libasound: opening capture PCMs and listing capture devices.
///
/// The real implementation (`LibASoundSystem`) goes through libasound; tests substitute a fake
/// that plays the sound card, so every failure path (missing device, EBUSY, xruns, ENODEV on
/// unplug, an unsupported rate) is exercised without hardware. Negative return codes become an
/// `ALSACallError` here and EINTR is retried here; what to do about an error (recover from an
/// xrun, re-open after an unplug) is the capture source's policy.
public protocol ALSASystem: Sendable {
  /// Opens `name` (`default`, `hw:1,0`, `plughw:CARD=Mic`) for capture, failing at once with
  /// EBUSY when another program holds it.
  func openCapture(_ name: String) throws(ALSACallError) -> any ALSAPCM
  /// The capture devices libasound knows (its name hints for PCMs with an input side).
  func captureDevices() -> [AudioDeviceDescription]
}

/// One open capture PCM. It closes itself when released; it is used by one thread at a time
/// (opened and configured on the control thread, then read on the capture thread).
public protocol ALSAPCM: AnyObject, Sendable {
  /// What the device can do, for messages about values it refuses.
  func capabilities() throws(ALSACallError) -> ALSACapabilities
  /// Sets interleaved access, format, channels, rate (nearest), period and buffer sizes, turns
  /// on monotonic timestamps and starts the stream. Returns what the device granted.
  func configure(_ request: ALSARequest) throws(ALSACallError) -> ALSAConfiguration
  /// Waits up to `timeoutMilliseconds` for a period; false on timeout.
  func wait(timeoutMilliseconds: Int32) throws(ALSACallError) -> Bool
  /// The frames ready to read and the CLOCK_MONOTONIC time at which the device's position was
  /// last updated, as one consistent snapshot (snd_pcm_htimestamp).
  func timestamp() throws(ALSACallError) -> ALSATimestamp
  /// Reads up to `frames` interleaved frames; returns how many were read (0: none ready).
  func read(into buffer: UnsafeMutableRawPointer, frames: Int) throws(ALSACallError) -> Int
  /// Restarts the stream after an overrun (EPIPE) or a system suspend (ESTRPIPE).
  func recover(from code: Int32) throws(ALSACallError)
}

/// A failed libasound call: which call, and the errno it returned (as a positive number).
public struct ALSACallError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The libasound function that failed.
  public var operation: String
  /// The errno, positive (`EBUSY`, `EPIPE`, …).
  public var code: Int32
  /// libasound's own words for it (snd_strerror).
  public var message: String

  /// Creates an error.
  public init(operation: String, code: Int32, message: String = "") {
    self.operation = operation
    self.code = code
    self.message = message
  }

  /// True for the codes a device that went away returns.
  public var isDisconnect: Bool {
    code == ALSAErrno.noDevice || code == ALSAErrno.badState || code == ALSAErrno.noDeviceOrAddress
  }

  public var description: String {
    "\(operation) failed: \(message.isEmpty ? "error \(code)" : message) (errno \(code))"
  }
}

/// The errno values the capture policy tells apart (libasound returns them negated).
public enum ALSAErrno {
  /// Overrun: the device's buffer was full (EPIPE).
  public static let overrun: Int32 = EPIPE
  /// Suspended with the system (ESTRPIPE).
  public static let suspended: Int32 = ESTRPIPE
  /// Interrupted by a signal (EINTR).
  public static let interrupted: Int32 = EINTR
  /// Nothing ready (EAGAIN).
  public static let again: Int32 = EAGAIN
  /// Held by another program (EBUSY).
  public static let busy: Int32 = EBUSY
  /// Unknown PCM or card (ENOENT).
  public static let noEntry: Int32 = ENOENT
  /// No such device (ENODEV): unplugged.
  public static let noDevice: Int32 = ENODEV
  /// No such device or address (ENXIO).
  public static let noDeviceOrAddress: Int32 = ENXIO
  /// File descriptor in bad state (EBADFD), what a PCM of a removed card returns.
  public static let badState: Int32 = EBADFD
  /// Invalid argument (EINVAL): a value the device refuses.
  public static let invalid: Int32 = EINVAL
}

/// What DualCam asks of a capture device.
public struct ALSARequest: Sendable, Hashable {
  /// Rate, channels and sample format wanted.
  public var format: AudioFormat
  /// Frames per period wanted (the device picks the nearest it can).
  public var periodFrames: Int
  /// Periods the device's ring buffer holds.
  public var periodsPerBuffer: Int

  /// Creates a request.
  public init(format: AudioFormat, periodFrames: Int, periodsPerBuffer: Int = 4) {
    self.format = format
    self.periodFrames = periodFrames
    self.periodsPerBuffer = periodsPerBuffer
  }
}

/// What a capture device granted.
public struct ALSAConfiguration: Sendable, Hashable {
  /// The format granted (the rate may differ from the one asked for: check it).
  public var format: AudioFormat
  /// Frames per period.
  public var periodFrames: Int
  /// Frames the ring buffer holds.
  public var bufferFrames: Int

  /// Creates a configuration.
  public init(format: AudioFormat, periodFrames: Int, bufferFrames: Int) {
    self.format = format
    self.periodFrames = periodFrames
    self.bufferFrames = bufferFrames
  }
}

/// The ranges a capture device offers.
public struct ALSACapabilities: Sendable, Hashable {
  /// Lowest and highest rate.
  public var rates: ClosedRange<Int>
  /// Fewest and most channels.
  public var channels: ClosedRange<Int>
  /// Sample formats offered, among those DualCam reads.
  public var sampleFormats: [AudioSampleFormat]

  /// Creates a description.
  public init(
    rates: ClosedRange<Int>, channels: ClosedRange<Int>, sampleFormats: [AudioSampleFormat]
  ) {
    self.rates = rates
    self.channels = channels
    self.sampleFormats = sampleFormats
  }
}

/// A snapshot of a capture stream's position (snd_pcm_htimestamp).
public struct ALSATimestamp: Sendable, Hashable {
  /// Frames captured and not yet read.
  public var availableFrames: Int
  /// CLOCK_MONOTONIC time of the position update that made them available.
  public var time: MonotonicTime

  /// Creates a snapshot.
  public init(availableFrames: Int, time: MonotonicTime) {
    self.availableFrames = availableFrames
    self.time = time
  }
}

/// One capture device as `dualcam devices` lists it.
public struct AudioDeviceDescription: Sendable, Hashable, Codable {
  /// The name to pass to `--audio`: `default`, `hw:CARD=Mic,DEV=0`, `plughw:…`.
  public var name: String
  /// libasound's description, on one line.
  public var description: String

  /// Creates a description.
  public init(name: String, description: String) {
    self.name = name
    self.description = description
  }
}
