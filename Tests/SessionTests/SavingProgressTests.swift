import Testing

@testable import Session

@Suite("What a stop still waits for")
struct SavingProgressTests {
  @Test("the output furthest behind at its own pace decides the time left")
  func slowestOutputDecides() {
    let progress = SavingProgress(outputs: [
      .init(name: "dualview", framesDue: 120, framesWritten: 100, secondsPerFrame: 0.2),
      .init(name: "front", framesDue: 120, framesWritten: 90, secondsPerFrame: 0.05),
      .init(name: "back", framesDue: 120, framesWritten: 120, secondsPerFrame: 0.05),
    ])
    // dualview: 20 frames × 0.2 s = 4 s; front: 30 × 0.05 s = 1.5 s.
    #expect(progress.slowest?.name == "dualview")
    #expect(progress.framesLeft == 30)
    #expect(progress.summary == "encoding: 20 frames left (dualview), about 4 s")
    #expect(abs(progress.fractionDone - 310.0 / 360.0) < 1e-9)
    #expect(!progress.completingFiles)
  }

  @Test("once every frame is written, the files are being completed")
  func completing() {
    let done = SavingProgress(outputs: [
      .init(name: "dualview", framesDue: 10, framesWritten: 10, secondsPerFrame: nil)
    ])
    #expect(done.completingFiles && done.slowest == nil)
    #expect(done.summary == "completing the files")
    #expect(done.fractionDone == 1)
  }

  @Test("durations read as seconds, then minutes")
  func durations() {
    #expect(SavingProgress.duration(0.2) == "1 s")
    #expect(SavingProgress.duration(58.5) == "59 s")
    #expect(SavingProgress.duration(59.2) == "1 min 00 s")
    #expect(SavingProgress.duration(125) == "2 min 05 s")
  }
}
