import DualCamCore
import Foundation
import Testing

@Suite("the camera files' codec setting")
struct CameraCodecTests {
  @Test("copy or a codec name parses; anything else is refused with the choices")
  func parsing() throws {
    #expect(try CameraCodec(parsing: "copy") == .copy)
    #expect(try CameraCodec(parsing: "Passthrough") == .copy)
    #expect(try CameraCodec(parsing: "x265") == .encode(.hevc))
    #expect(CameraCodec.copy.streamCodec == .mjpeg)
    #expect(CameraCodec.encode(.ffv1).streamCodec == .ffv1)
    #expect {
      try CameraCodec(parsing: "vp9")
    } throws: { error in
      let error = error as? DualCamError
      return error?.problem == "unknown camera codec 'vp9'"
        && error?.fix.hasPrefix("choose copy (the camera's own MJPEG) or one of: h264") == true
    }
  }

  @Test("settings store it as typed, default to --codec, and know when files are copied")
  func settings() throws {
    var settings = RecordingSettings()
    settings.codec = .hevc
    #expect(settings.effectiveCameraCodec == .encode(.hevc) && !settings.copiesCameraStreams)
    settings.cameraCodec = .copy
    #expect(settings.copiesCameraStreams)
    #expect(settings.preset(for: .mjpeg) == nil && settings.preset(for: .h264) == "ultrafast")
    let text = String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)
    #expect(text.contains(#""cameraCodec":"copy""#))
    let decoded = try JSONDecoder().decode(RecordingSettings.self, from: Data(text.utf8))
    #expect(decoded == settings)
    settings.cameraCodec = nil
    let plain = String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)
    #expect(!plain.contains("cameraCodec"), "absent unless set, as older takes have it")
  }
}
