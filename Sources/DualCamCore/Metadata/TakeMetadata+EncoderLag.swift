extension TakeMetadata.SyncRecord {
  /// Slots held for encoder lag (`held_for_encoder_lag`; 0 for takes from before it was kept).
  public var held: Int64 { heldForEncoderLag ?? 0 }

  /// Frames each file holds: one a slot, less the held ones.
  public var framesInEachFile: Int64 { frames - held }

  /// What falling behind did to the files, in words; nil when the encoders kept up.
  public var encoderLagDescription: String? {
    Self.encoderLagDescription(repeated: repeatedForEncoderLag, held: held, frames: frames)
  }

  /// `12 of 780 frame times show the picture before again in every file: …`, the same words
  /// for `record`'s result, `dualcam show` and the interface's review; nil for none.
  public static func encoderLagDescription(repeated: Int64, held: Int64, frames: Int64)
    -> String?
  {
    guard repeated > 0 else { return nil }
    let shown = "\(repeated) of \(frames) frame times show the picture before again in every file"
    guard held > 0 else { return shown + " (written as repeated frames)" }
    let written = repeated - held
    return shown
      + ": \(written) as repeated \(written == 1 ? "frame" : "frames"), \(held) held (no frame "
      + "written; the one before lasts longer)"
  }
}
