internal import CFFmpeg
public import DualCamCore
package import Media

/// A take's sound track: encoded once by one `AudioEncoder`, every packet written into each
/// file's sound stream (the dual view's, the front's and the back's).
///
/// The streams are added to the files (`addStream(to:)`) before they begin; then `write`
/// takes the timeline's frames as they come and `finish` the last ones, before the files are
/// closed. Each file interleaves the sound with its video by time and flushes every completed
/// fragment, so a killed take keeps its sound as far as its pictures. Use from one thread.
public final class AudioTrack {
  /// The encoder.
  public let encoder: AudioEncoder
  private let destinations: [(file: OutputFile, stream: OutputFile.Stream)]
  private let copy: MediaPacket
  /// Frames (per channel) handed to the encoder so far.
  public private(set) var framesWritten: Int64 = 0

  /// Adds a sound stream described by `encoder` to `file`, which has not begun yet.
  package static func addStream(for encoder: AudioEncoder, to file: OutputFile)
    throws(DualCamError) -> OutputFile.Stream
  {
    try file.addStream(packetTimeBase: encoder.timeBase) { parameters throws(DualCamError) in
      try encoder.describe(parameters)
    }
  }

  /// A track writing `encoder`'s packets into each of `destinations` (streams added with
  /// `addStream`).
  package init(
    encoder: AudioEncoder, destinations: [(file: OutputFile, stream: OutputFile.Stream)]
  ) throws(DualCamError) {
    guard let copy = MediaPacket() else {
      throw .encoderFailed("no memory for sound packets", fix: "close other programs")
    }
    self.encoder = encoder
    self.destinations = destinations
    self.copy = copy
  }

  /// Encodes `frames` interleaved float frames and writes the packets into every file.
  public func write(_ samples: UnsafePointer<Float>, frames: Int) throws(DualCamError) {
    try encoder.encode(samples, frames: frames) { packet throws(DualCamError) in
      try distribute(packet)
    }
    framesWritten += Int64(frames)
  }

  /// Encodes what is pending, drains the encoder and writes its last packets. Call once, after
  /// the last `write` and before the files are closed.
  public func finish() throws(DualCamError) {
    try encoder.finish { packet throws(DualCamError) in try distribute(packet) }
  }

  /// Writes `packet` into every destination: a new reference to its bytes for each (no copy
  /// of the bytes), the original for the last.
  private func distribute(_ packet: UnsafeMutablePointer<AVPacket>) throws(DualCamError) {
    var failure: DualCamError?
    for (position, destination) in destinations.enumerated() {
      let outgoing: UnsafeMutablePointer<AVPacket>
      if position == destinations.count - 1 {
        outgoing = packet
      } else {
        outgoing = copy.pointer
        try Libav.check(av_packet_ref(outgoing, packet)) { error in
          .encoderFailed("no memory for a sound packet (\(error.message))", fix: "")
        }
      }
      do throws(DualCamError) {
        try destination.file.write(outgoing, to: destination.stream)
      } catch {
        // The other files still get their sound; the first failure is reported.
        failure = failure ?? error
      }
    }
    if let failure { throw failure }
  }
}
