internal import CV4L2

/// Enumerates a node's pixel formats, frame sizes and frame intervals
/// (VIDIOC_ENUM_FMT / ENUM_FRAMESIZES / ENUM_FRAMEINTERVALS).
///
/// Each list ends when the driver answers EINVAL for the next index; any other error also ends
/// it, so one odd driver answer costs a list entry, never the whole discovery.
extension V4L2Handle {
  /// Caps each enumeration so a driver that never says EINVAL cannot loop us forever.
  private static let maxEntries: UInt32 = 256

  /// Every capture format with its sizes and intervals.
  func formats() -> [CaptureFormat] {
    var formats: [CaptureFormat] = []
    for index in 0..<Self.maxEntries {
      var description = v4l2_fmtdesc()
      description.index = index
      description.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
      if call(CV4L2_VIDIOC_ENUM_FMT, &description) != nil { break }
      var format = CaptureFormat(
        fourCC: fourCC(description.pixelformat), description: cString(description.description),
        compressed: description.flags & UInt32(V4L2_FMT_FLAG_COMPRESSED) != 0)
      (format.sizes, format.sizeRange) = frameSizes(description.pixelformat)
      formats.append(format)
    }
    return formats
  }

  private func frameSizes(_ pixelFormat: UInt32) -> ([FrameSize], SizeRange?) {
    var sizes: [FrameSize] = []
    for index in 0..<Self.maxEntries {
      var size = v4l2_frmsizeenum()
      size.index = index
      size.pixel_format = pixelFormat
      if call(CV4L2_VIDIOC_ENUM_FRAMESIZES, &size) != nil { break }
      if size.type != V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
        // Stepwise and continuous ranges come as one entry at index 0.
        let step = size.stepwise
        let range = SizeRange(
          minWidth: Int(step.min_width), maxWidth: Int(step.max_width),
          stepWidth: Int(step.step_width), minHeight: Int(step.min_height),
          maxHeight: Int(step.max_height), stepHeight: Int(step.step_height))
        return (sizes, range)
      }
      let width = size.discrete.width
      let height = size.discrete.height
      var entry = FrameSize(width: Int(width), height: Int(height))
      (entry.intervals, entry.intervalRange) = frameIntervals(pixelFormat, width, height)
      sizes.append(entry)
    }
    sizes.sort { ($0.width * $0.height, $0.width) > ($1.width * $1.height, $1.width) }
    return (sizes, nil)
  }

  private func frameIntervals(
    _ pixelFormat: UInt32, _ width: UInt32, _ height: UInt32
  ) -> ([FrameInterval], IntervalRange?) {
    var intervals: [FrameInterval] = []
    for index in 0..<Self.maxEntries {
      var interval = v4l2_frmivalenum()
      interval.index = index
      interval.pixel_format = pixelFormat
      interval.width = width
      interval.height = height
      if call(CV4L2_VIDIOC_ENUM_FRAMEINTERVALS, &interval) != nil { break }
      if interval.type != V4L2_FRMIVAL_TYPE_DISCRETE.rawValue {
        let step = interval.stepwise
        let range = IntervalRange(
          min: FrameInterval(
            numerator: Int(step.min.numerator), denominator: Int(step.min.denominator)),
          max: FrameInterval(
            numerator: Int(step.max.numerator), denominator: Int(step.max.denominator)),
          step: FrameInterval(
            numerator: Int(step.step.numerator), denominator: Int(step.step.denominator)))
        return (intervals, range)
      }
      intervals.append(
        FrameInterval(
          numerator: Int(interval.discrete.numerator),
          denominator: Int(interval.discrete.denominator)))
    }
    intervals.sort { $0.framesPerSecond > $1.framesPerSecond }
    return (intervals, nil)
  }
}
