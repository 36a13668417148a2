import DualCamCore
import Media

/// Stretches video-range YUV (Y 16–235, Cb/Cr 16–240) to full range (0–255), in place.
///
/// DualCam's frames are video range, as cameras deliver them. MJPEG stores full-range
/// ("JPEG") YUV, so its frames are expanded before encoding; without this, players would show
/// grey blacks and dull colours. Two 256-entry tables, built once per writer.
struct RangeExpansion: Sendable {
  private let luma: [UInt8]
  private let chroma: [UInt8]

  init() {
    func table(_ map: (Double) -> Double) -> [UInt8] {
      (0..<256).map { UInt8(max(0, min(255, map(Double($0)).rounded()))) }
    }
    luma = table { ($0 - 16) * 255 / 219 }
    chroma = table { ($0 - 128) * 255 / 224 + 128 }
  }

  /// Rewrites every visible sample of the I420 `image`.
  func apply(to image: ImageView) {
    luma.withUnsafeBufferPointer { lumaTable in
      chroma.withUnsafeBufferPointer { chromaTable in
        for plane in 0..<3 {
          let table = plane == 0 ? lumaTable : chromaTable
          let width = image.planeWidth(plane)
          for row in 0..<image.planeHeight(plane) {
            let samples = image.plane(plane).row(row)
            for column in 0..<width { samples[column] = table[Int(samples[column])] }
          }
        }
      }
    }
  }
}
