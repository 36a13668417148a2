internal import CALSA
import DualCamCore

#if canImport(Glibc)
  import Glibc
#endif

/// The real sound cards, through libasound.
public struct LibASoundSystem: ALSASystem {
  /// Creates the system interface; it has no state. libasound's own messages on stderr are
  /// turned off (they would land in the terminal interface): errors come back as values.
  public init() { calsa_quiet_errors() }

  public func openCapture(_ name: String) throws(ALSACallError) -> any ALSAPCM {
    var handle: OpaquePointer?
    try check("snd_pcm_open(\(name))") { calsa_open_capture(&handle, name) }
    guard let handle else {
      throw ALSACallError(operation: "snd_pcm_open(\(name))", code: ALSAErrno.noEntry)
    }
    return LibASoundPCM(handle: handle)
  }

  public func captureDevices() -> [AudioDeviceDescription] {
    var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    guard snd_device_name_hint(-1, "pcm", &hints) >= 0, let hints else { return [] }
    defer { snd_device_name_free_hint(hints) }
    var devices: [AudioDeviceDescription] = []
    var cursor = hints
    while let hint = cursor.pointee {
      cursor += 1
      let direction = Self.hint(hint, "IOID")
      // No IOID means both directions; "Output" hints cannot capture.
      guard direction == nil || direction == "Input", let name = Self.hint(hint, "NAME"),
        name != "null"
      else { continue }
      let description = (Self.hint(hint, "DESC") ?? name).split(separator: "\n")
        .joined(separator: " — ")
      devices.append(AudioDeviceDescription(name: name, description: description))
    }
    return devices
  }

  private static func hint(_ hint: UnsafeMutableRawPointer, _ key: String) -> String? {
    guard let value = snd_device_name_get_hint(hint, key) else { return nil }
    defer { free(value) }
    return String(cString: value)
  }
}

/// Runs a libasound call, retrying EINTR, and turns a negative result into an error.
@discardableResult
func check(_ operation: @autoclosure () -> String, _ call: () -> Int) throws(ALSACallError)
  -> Int
{
  while true {
    let result = call()
    if result >= 0 { return result }
    let code = Int32(-result)
    if code == ALSAErrno.interrupted { continue }
    throw ALSACallError(
      operation: operation(), code: code, message: String(cString: snd_strerror(Int32(result))))
  }
}

/// Runs a libasound call that returns an int status.
@discardableResult
func check(_ operation: @autoclosure () -> String, _ call: () -> Int32) throws(ALSACallError)
  -> Int
{
  try check(operation(), { Int(call()) })
}

/// One open capture PCM; closes it in deinit.
final class LibASoundPCM: ALSAPCM, @unchecked Sendable {
  // Safe to share: libasound PCMs are not thread-safe, and DualCam uses each from one thread at
  // a time (configured on the control thread, then read only by the capture thread).
  private let handle: OpaquePointer

  init(handle: OpaquePointer) { self.handle = handle }

  deinit { snd_pcm_close(handle) }

  func capabilities() throws(ALSACallError) -> ALSACapabilities {
    var params: OpaquePointer?
    try check("snd_pcm_hw_params_malloc") { snd_pcm_hw_params_malloc(&params) }
    defer { snd_pcm_hw_params_free(params) }
    try check("snd_pcm_hw_params_any") { snd_pcm_hw_params_any(handle, params) }
    var rateMin: UInt32 = 0
    var rateMax: UInt32 = 0
    var channelsMin: UInt32 = 0
    var channelsMax: UInt32 = 0
    var direction: Int32 = 0
    try check("snd_pcm_hw_params_get_rate_min") {
      snd_pcm_hw_params_get_rate_min(params, &rateMin, &direction)
    }
    try check("snd_pcm_hw_params_get_rate_max") {
      snd_pcm_hw_params_get_rate_max(params, &rateMax, &direction)
    }
    try check("snd_pcm_hw_params_get_channels_min") {
      snd_pcm_hw_params_get_channels_min(params, &channelsMin)
    }
    try check("snd_pcm_hw_params_get_channels_max") {
      snd_pcm_hw_params_get_channels_max(params, &channelsMax)
    }
    let formats = AudioSampleFormat.allCases.filter {
      snd_pcm_hw_params_test_format(handle, params, Self.alsaFormat($0)) == 0
    }
    return ALSACapabilities(
      rates: Int(rateMin)...Int(max(rateMin, rateMax)),
      channels: Int(channelsMin)...Int(max(channelsMin, channelsMax)), sampleFormats: formats)
  }

  func configure(_ request: ALSARequest) throws(ALSACallError) -> ALSAConfiguration {
    var hardware: OpaquePointer?
    try check("snd_pcm_hw_params_malloc") { snd_pcm_hw_params_malloc(&hardware) }
    defer { snd_pcm_hw_params_free(hardware) }
    let format = request.format
    try check("snd_pcm_hw_params_any") { snd_pcm_hw_params_any(handle, hardware) }
    try check("snd_pcm_hw_params_set_access") {
      snd_pcm_hw_params_set_access(handle, hardware, SND_PCM_ACCESS_RW_INTERLEAVED)
    }
    try check("snd_pcm_hw_params_set_format") {
      snd_pcm_hw_params_set_format(handle, hardware, Self.alsaFormat(format.sampleFormat))
    }
    try check("snd_pcm_hw_params_set_channels") {
      snd_pcm_hw_params_set_channels(handle, hardware, UInt32(format.channels))
    }
    var rate = UInt32(format.sampleRate)
    var direction: Int32 = 0
    try check("snd_pcm_hw_params_set_rate_near") {
      snd_pcm_hw_params_set_rate_near(handle, hardware, &rate, &direction)
    }
    var period = snd_pcm_uframes_t(request.periodFrames)
    try check("snd_pcm_hw_params_set_period_size_near") {
      snd_pcm_hw_params_set_period_size_near(handle, hardware, &period, &direction)
    }
    var buffer = period * snd_pcm_uframes_t(request.periodsPerBuffer)
    try check("snd_pcm_hw_params_set_buffer_size_near") {
      snd_pcm_hw_params_set_buffer_size_near(handle, hardware, &buffer)
    }
    try check("snd_pcm_hw_params") { snd_pcm_hw_params(handle, hardware) }
    try enableMonotonicTimestamps(availMin: period)
    try check("snd_pcm_start") { snd_pcm_start(handle) }
    var granted = format
    granted.sampleRate = Int(rate)
    return ALSAConfiguration(
      format: granted, periodFrames: Int(period), bufferFrames: Int(buffer))
  }

  /// Without these, snd_pcm_htimestamp reports no time (or gettimeofday's, on old kernels):
  /// the stamps must be on CLOCK_MONOTONIC, the clock V4L2 stamps frames with.
  private func enableMonotonicTimestamps(availMin: snd_pcm_uframes_t) throws(ALSACallError) {
    var software: OpaquePointer?
    try check("snd_pcm_sw_params_malloc") { snd_pcm_sw_params_malloc(&software) }
    defer { snd_pcm_sw_params_free(software) }
    try check("snd_pcm_sw_params_current") { snd_pcm_sw_params_current(handle, software) }
    try check("snd_pcm_sw_params_set_tstamp_mode") {
      snd_pcm_sw_params_set_tstamp_mode(handle, software, SND_PCM_TSTAMP_ENABLE)
    }
    try check("snd_pcm_sw_params_set_tstamp_type") {
      snd_pcm_sw_params_set_tstamp_type(
        handle, software, snd_pcm_tstamp_type_t(SND_PCM_TSTAMP_TYPE_MONOTONIC.rawValue))
    }
    try check("snd_pcm_sw_params_set_avail_min") {
      snd_pcm_sw_params_set_avail_min(handle, software, availMin)
    }
    try check("snd_pcm_sw_params") { snd_pcm_sw_params(handle, software) }
  }

  func wait(timeoutMilliseconds: Int32) throws(ALSACallError) -> Bool {
    try check("snd_pcm_wait") { snd_pcm_wait(handle, timeoutMilliseconds) } > 0
  }

  func timestamp() throws(ALSACallError) -> ALSATimestamp {
    var available: snd_pcm_uframes_t = 0
    var time = snd_htimestamp_t()
    try check("snd_pcm_htimestamp") { snd_pcm_htimestamp(handle, &available, &time) }
    return ALSATimestamp(
      availableFrames: Int(available),
      time: MonotonicTime(nanoseconds: Int64(calsa_timespec_nanoseconds(&time))))
  }

  func read(into buffer: UnsafeMutableRawPointer, frames: Int) throws(ALSACallError) -> Int {
    do {
      return try check("snd_pcm_readi") {
        Int(snd_pcm_readi(handle, buffer, snd_pcm_uframes_t(frames)))
      }
    } catch let error where error.code == ALSAErrno.again {
      return 0
    }
  }

  func recover(from code: Int32) throws(ALSACallError) {
    if code == ALSAErrno.suspended {
      // Resume returns EAGAIN while the card is still waking; give it up to a second, then
      // fall back to a fresh start, which every driver supports.
      var resumed = Int32(-ALSAErrno.again)
      for _ in 0..<10 {
        resumed = snd_pcm_resume(handle)
        guard resumed == -ALSAErrno.again else { break }
        usleep(100_000)
      }
      if resumed == 0 { return }
    }
    try check("snd_pcm_prepare") { snd_pcm_prepare(handle) }
    try check("snd_pcm_start") { snd_pcm_start(handle) }
  }

  private static func alsaFormat(_ format: AudioSampleFormat) -> snd_pcm_format_t {
    switch format {
    case .s16: SND_PCM_FORMAT_S16_LE
    case .s32: SND_PCM_FORMAT_S32_LE
    case .float: SND_PCM_FORMAT_FLOAT_LE
    }
  }
}
