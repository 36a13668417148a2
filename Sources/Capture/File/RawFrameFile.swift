import DualCamCore
import Foundation
import Media

/// A headerless I420 file read frame by frame with `pread`, straight into pooled images.
///
/// `VideoFileReader` reads raw files through libavformat and the rawvideo decoder: a packet
/// allocated and filled per frame, then copied into the image. Reading the planes into the
/// image directly skips that copy and those allocations, which are a measurable part of a file
/// camera's cost (`scripts/benchmark e2e`, see Documentation/PERFORMANCE.md). Frames are whole
/// planes back to back, as `ffmpeg -f rawvideo -pix_fmt yuv420p` writes them; a cut-off last
/// frame is not played.
///
/// `@unchecked Sendable`: it holds an open descriptor and immutable sizes; `read` uses
/// positioned reads (`pread`), so it keeps no file offset of its own between calls.
final class RawFrameFile: @unchecked Sendable {
  /// Complete frames in the file.
  let frameCount: Int
  private let url: URL
  private let size: ImageSize
  private let descriptor: Int32
  private let frameBytes: Int

  /// Opens `url`, a raw I420 file of `size` frames.
  init(url: URL, size: ImageSize) throws(DualCamError) {
    self.url = url
    self.size = size
    let format = PixelFormat.i420
    frameBytes = (0..<format.planeCount).reduce(0) { total, plane in
      total
        + format.minimumBytesPerRow(plane: plane, width: size.width)
        * format.rows(plane: plane, height: size.height)
    }
    descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .sourceUnavailable(
        "cannot open \(url.path) (\(String(cString: strerror(errno))))",
        fix: "check the path and that the file is readable")
    }
    var status = stat()
    let length = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
    frameCount = frameBytes > 0 ? length / frameBytes : 0
    guard frameCount > 0 else {
      close(descriptor)
      throw .unreadableMedia(
        "\(url.lastPathComponent) holds no complete \(size) I420 frame (\(length) bytes)",
        fix: "give the raw file's real size and format in the source (size=WxH&format=…)")
    }
  }

  deinit { close(descriptor) }

  /// Reads frame `index` (0..<frameCount) into `image`, an I420 image of the file's size.
  func read(frame index: Int, into image: ImageView) throws(DualCamError) {
    precondition(image.format == .i420 && image.size == size, "raw frames need a matching image")
    precondition((0..<frameCount).contains(index), "frame \(index) of \(frameCount)")
    var offset = index * frameBytes
    for plane in 0..<3 {
      let target = image.plane(plane)
      let width = image.planeWidth(plane)
      let rows = image.planeHeight(plane)
      if target.bytesPerRow == width {
        // A gap-free plane is one read.
        try readFully(into: target.base, count: width * rows, at: offset)
      } else {
        for row in 0..<rows {
          try readFully(into: target.row(row), count: width, at: offset + row * width)
        }
      }
      offset += width * rows
    }
  }

  private func readFully(
    into destination: UnsafeMutablePointer<UInt8>, count: Int, at offset: Int
  ) throws(DualCamError) {
    var done = 0
    while done < count {
      let got = pread(descriptor, destination + done, count - done, off_t(offset + done))
      if got > 0 {
        done += got
      } else if got < 0 && errno == EINTR {
        continue
      } else {
        let reason = got == 0 ? "the file got shorter" : String(cString: strerror(errno))
        throw .unreadableMedia(
          "cannot read \(url.lastPathComponent) at byte \(offset + done) (\(reason))",
          fix: "check the file and the disk it is on")
      }
    }
  }
}
