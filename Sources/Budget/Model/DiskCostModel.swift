import DualCamCore

/// The disk resources: the three files' combined rate against the free space (how long a take
/// can run) and against the file system's sustained write rate.
enum DiskCostModel {
  /// Without `--duration`, the free space is weighed against this much recording: a folder
  /// that cannot hold one minute is over.
  static let openEndedHorizonSeconds = 60.0

  /// FFV1 is lossless: on camera pictures it keeps about 60 % of raw I420 (1.5 bytes per
  /// pixel); assumed, since its rate follows the picture and no bitrate applies.
  static let losslessShareOfRaw = 0.6

  /// Bytes per second of each file.
  static func outputRates(_ inputs: BudgetInputs, canvas: ImageSize) -> [(String, Double)] {
    let settings = inputs.settings
    func rate(_ codec: VideoCodec, size: ImageSize) -> Double {
      if let bits = settings.bitrate.bitsPerSecond(
        size: size, rate: settings.frameRate, codec: codec)
      {
        return Double(bits) / 8
      }
      return Double(size.area) * 1.5 * losslessShareOfRaw * settings.frameRate.framesPerSecond
    }
    var rates = [("dualview", rate(settings.codec, size: canvas))]
    for source in inputs.sources {
      let bytes: Double
      switch settings.effectiveCameraCodec {
      case .encode(let codec):
        bytes = rate(codec, size: source.size)
      case .copy:
        // The camera's own pictures, at the same conservative size the USB estimate uses.
        bytes =
          Double(source.size.area) * USBBandwidth.mjpegBytesPerPixelEstimate
          * settings.frameRate.framesPerSecond
      }
      rates.append(("\(source.position)", bytes))
    }
    return rates
  }

  static func costs(_ inputs: BudgetInputs, canvas: ImageSize) -> [ResourceCost] {
    let rates = outputRates(inputs, canvas: canvas)
    let perSecond = rates.reduce(0) { $0 + $1.1 }
    let rateText = rates.map { "\($0.0) \(megabits($0.1)) Mb/s" }.joined(separator: ", ")
    let disk = inputs.disk
    var costs: [ResourceCost] = []
    if let free = disk.freeBytes {
      let minutesLeft = perSecond > 0 ? Double(free) / perSecond / 60 : .infinity
      let seconds = inputs.durationSeconds ?? openEndedHorizonSeconds
      var explanation =
        "\(rateText); \(Self.minutes(minutesLeft)) of recording fit in \(disk.folder)"
      if let duration = inputs.durationSeconds, perSecond * duration > Double(free) {
        explanation +=
          "; the disk fills after \(Self.minutes(minutesLeft)), before the "
          + "\(Self.minutes(duration / 60)) take ends"
      } else if inputs.durationSeconds == nil {
        explanation += " (weighed against one minute: no --duration)"
      }
      costs.append(
        ResourceCost(
          kind: .diskSpace, name: "disk space", demand: perSecond * seconds,
          capacity: Double(free), unit: "bytes", basis: .estimated, explanation: explanation))
    } else {
      costs.append(
        .notWeighed(
          .diskSpace, name: "disk space", reason: "free space of \(disk.folder) is unknown"))
    }
    if let writeRate = disk.writeBytesPerSecond {
      costs.append(
        ResourceCost(
          kind: .diskWriteRate, name: "disk write rate", demand: perSecond, capacity: writeRate,
          unit: "bytes/s", basis: .measured,
          explanation: "\(megabits(perSecond)) Mb/s of \(megabits(writeRate)) Mb/s sustained"))
    } else {
      costs.append(
        .notWeighed(
          .diskWriteRate, name: "disk write rate",
          reason: "not measured (\(megabits(perSecond)) Mb/s needed)"))
    }
    return costs
  }

  static func megabits(_ bytesPerSecond: Double) -> String {
    "\((bytesPerSecond * 8 / 1e5).rounded() / 10)"
  }

  static func minutes(_ value: Double) -> String {
    guard value.isFinite else { return "unlimited time" }
    if value >= 120 { return "\(Int(value / 60)) h \(Int(value) % 60) min" }
    return "\((value * 10).rounded() / 10) min"
  }
}
