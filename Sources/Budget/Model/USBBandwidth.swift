public import DualCamCore

/// The periodic (isochronous and interrupt) bandwidth of a USB bus, and what a camera needs
/// of it.
///
/// The bus is scheduled in fixed intervals; periodic transfers get a guaranteed share of each,
/// which the host refuses to over-commit (the second camera's `VIDIOC_STREAMON` then fails with
/// `ENOSPC`). The figures, by speed:
///
/// - **High speed** (USB 2.0 §5.6.4 and §5.7.4): 8,000 microframes of 125 µs per second; at most
///   80 % of a microframe (100 µs) may be allocated to periodic transfers. A high-bandwidth
///   isochronous endpoint moves at most 3 transactions of 1,024 bytes per microframe (§5.9,
///   wMaxPacketSize bits 12..11 in §9.6.6), 24.6 MB/s. Each transaction costs bus time beyond
///   its payload: the formula of §5.11.3 with worst-case bit stuffing (7/6), which Linux's
///   `usb_calc_bus_time` (drivers/usb/core/hcd.c) uses to admit an isochronous stream on EHCI.
/// - **Full speed** (USB 2.0 §5.6.4): 1,000 frames of 1 ms; at most 90 % periodic; one
///   isochronous packet of at most 1,023 bytes per frame.
/// - **SuperSpeed** (USB 3.2 §4.4.7 and §9.6.7): bus intervals of 125 µs; at most 90 % of the
///   bus time for periodic transfers; an endpoint reserves its companion descriptor's
///   wBytesPerInterval, at most 16 bursts × 3 × 1,024 = 49,152 bytes per interval. Gen 1 carries
///   5 Gb/s with 8b/10b coding, 500 MB/s (62,500 bytes per interval); Gen 2 10 Gb/s with
///   128b/132b, about 1,212 MB/s. Packet overhead is small at these sizes and left out.
///
/// A UVC payload (one per transaction burst) starts with a header of at most 12 bytes
/// (UVC 1.5 §2.4.3.3), counted once per interval.
public enum USBBandwidth {
  /// Bus intervals per second at `speed`.
  public static func intervalsPerSecond(_ speed: USBSpeed) -> Double {
    speed == .full ? 1_000 : 8_000
  }

  /// Most bytes one periodic endpoint can reserve per interval at `speed`.
  public static func endpointLimit(_ speed: USBSpeed) -> Int {
    switch speed {
    case .full: 1_023
    case .high: 3 * 1_024
    case .superSpeed, .superSpeedPlus: 16 * 3 * 1_024
    }
  }

  /// The UVC payload header counted once per interval (UVC 1.5 §2.4.3.3: 2 to 12 bytes).
  public static let payloadHeaderBytes = 12

  /// Assumed MJPEG bytes per pixel when the kernel's reservation cannot be read: 0.5 (4 bits
  /// per pixel), above what webcams' JPEG at their default quality sends for 4:2:2 pictures
  /// (typically 1.5–3 bits per pixel), so the estimate errs towards "does not fit". Cameras
  /// that ask for the largest alternate setting whatever they send are caught only by reading
  /// the real reservation while they stream.
  public static let mjpegBytesPerPixelEstimate = 0.5

  // MARK: - Capacity

  /// The periodic capacity of one bus interval, in the unit `busTime` uses: nanoseconds of bus
  /// time for full and high speed, bytes for SuperSpeed.
  public static func periodicCapacity(_ speed: USBSpeed) -> Double {
    switch speed {
    case .full: 0.9 * 1_000_000  // 90 % of a 1 ms frame
    case .high: 0.8 * 125_000  // 80 % of a 125 µs microframe
    case .superSpeed: 0.9 * 62_500  // 90 % of 500 MB/s × 125 µs
    case .superSpeedPlus: 0.9 * 151_515  // 90 % of ~1,212 MB/s × 125 µs
    }
  }

  /// The unit of `periodicCapacity` and `busTime`, for people.
  public static func unit(_ speed: USBSpeed) -> String {
    switch speed {
    case .full, .high: "ns of bus time per \(speed == .full ? "frame" : "microframe")"
    case .superSpeed, .superSpeedPlus: "bytes per bus interval"
    }
  }

  /// The periodic bus time (or bytes, for SuperSpeed) that `bytes` per interval cost on a bus
  /// of `speed`, split into transactions of at most 1,024 bytes at high speed.
  public static func busTime(bytesPerInterval bytes: Int, speed: USBSpeed) -> Double {
    guard bytes > 0 else { return 0 }
    switch speed {
    case .full:
      return fullSpeedIsochronousNanoseconds(bytes)
    case .high:
      let transactions = (bytes + 1_023) / 1_024
      let last = bytes - (transactions - 1) * 1_024
      return Double(transactions - 1) * highSpeedIsochronousNanoseconds(1_024)
        + highSpeedIsochronousNanoseconds(last)
    case .superSpeed, .superSpeedPlus:
      return Double(bytes)
    }
  }

  /// USB 2.0 §5.11.3, high-speed isochronous IN: 38 bytes of overhead per transaction, the
  /// payload with worst-case bit stuffing, 2.083 ns per bit, plus a host delay.
  static func highSpeedIsochronousNanoseconds(_ bytes: Int) -> Double {
    let bitTime = 7.0 * 8.0 * Double(bytes) / 6.0
    return (38 * 8 * 2.083) + 2.083 * (3 + bitTime) + 5
  }

  /// USB 2.0 §5.11.3, full-speed isochronous IN: 7,268 ns plus 83.54 ns per stuffed bit, plus
  /// the 1 µs host delay Linux assumes for full-speed schedules.
  static func fullSpeedIsochronousNanoseconds(_ bytes: Int) -> Double {
    let bitTime = 7.0 * 8.0 * Double(bytes) / 6.0
    return 7_268 + 83.54 * (3 + bitTime) + 1_000
  }

  // MARK: - Demand

  /// The bytes per interval a camera streaming `format` at `size` and `rate` is expected to
  /// reserve when its real reservation is unknown: the payload per interval plus the UVC
  /// header, rounded up to whole 1,024-byte packets (as alternate settings are offered) at
  /// high and SuperSpeed. May exceed `endpointLimit`: such a mode cannot be streamed at all.
  public static func estimatedReservation(
    format: WireFormat, size: ImageSize, rate: FrameRate, speed: USBSpeed
  ) -> Int {
    let bytesPerPixel = format.bytesPerPixel ?? mjpegBytesPerPixelEstimate
    let perSecond = Double(size.area) * bytesPerPixel * rate.framesPerSecond
    let perInterval = Int((perSecond / intervalsPerSecond(speed)).rounded(.up))
    let payload = perInterval + payloadHeaderBytes
    switch speed {
    case .full: return payload
    case .high, .superSpeed, .superSpeedPlus: return (payload + 1_023) / 1_024 * 1_024
    }
  }
}
