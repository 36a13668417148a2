import Capture
import DualCamCore
import Foundation
import TestSupport
import Testing

/// Frames that reach the synchronizer late, as on a machine busy encoding: the wait for a slot
/// adapts to them instead of repeating one frame and dropping the next.
@Suite("FrameSynchronizer: frames that arrive late")
struct LateArrivalTests {
  let rate = FrameRate(numerator: 30)

  func seconds(_ value: Double) -> Int64 { Int64(value * 1e9) }

  /// Back frames 12 ms after each slot's moment; every third one handed over 60 ms late.
  func spikySimulation(tellsArrival: Bool) throws -> SyncSimulation.Outcome {
    var simulation = SyncSimulation()
    simulation.back = try SyntheticCameraOptions(parsing: "phase=12ms")
    simulation.extraDelay = { camera, sequence in
      camera == 1 && sequence % 3 == 0 ? 60_000_000 : 0
    }
    simulation.tellsArrival = tellsArrival
    simulation.actions = [(seconds(10), .stop)]
    return simulation.run()
  }

  @Test("late spikes cost no frame once the synchronizer has seen one")
  func spikesAreWaitedFor() throws {
    let outcome = try spikySimulation(tellsArrival: true)
    let back = outcome.statistics.back

    #expect(outcome.slots.count == 300)
    #expect(back.duplicates <= 1)
    #expect(back.droppedTotal <= 1)
    #expect(outcome.statistics.skewMaxNanoseconds <= 12_000_000)
    #expect(back.maxArrivalDelayNanoseconds >= 62_000_000)
    #expect(outcome.leakedBuffers == 0)
  }

  @Test("with a fixed wait the same spikes each cost a repeated and a dropped frame")
  func fixedWaitLosesSpikes() throws {
    let outcome = try spikySimulation(tellsArrival: false)
    let back = outcome.statistics.back

    #expect(back.duplicates >= 90)
    #expect(back.droppedUnused >= 90)
    #expect(back.maxArrivalDelayNanoseconds == 0)
  }

  @Test("a steady delay shifts the wait, so each slot gets the frame nearest its moment")
  func steadyDelay() throws {
    var simulation = SyncSimulation()
    simulation.back = try SyntheticCameraOptions(parsing: "phase=12ms")
    simulation.deliveryDelay = 70_000_000
    simulation.actions = [(seconds(5), .stop)]
    let outcome = simulation.run()

    #expect(outcome.slots.count == 150)
    #expect(outcome.statistics.skewMaxNanoseconds == 12_000_000)
    // A fixed 50 ms wait would give every slot the frame before: 33 ms and 21 ms away.
    #expect(outcome.statistics.front.maxTargetOffsetNanoseconds == 0)
    #expect(outcome.statistics.back.maxTargetOffsetNanoseconds == 12_000_000)
    #expect(outcome.statistics.back.duplicates == 0)
    #expect(outcome.statistics.front.duplicates == 0)
  }

  @Test("the wait never grows past what the camera buffer holds, and ignores a lost camera")
  func waitIsBounded() {
    let pool = FramePool(format: .i420, size: ImageSize(width: 2, height: 2), capacity: 8)
    var synchronizer = FrameSynchronizer(rate: rate)
    let period = rate.periodNanoseconds
    #expect(synchronizer.latenessNanoseconds == 50_000_000)

    // Frames of the back camera arrive a full second after their capture.
    for index in 0..<6 {
      let frame = pool.lease()!
      frame.captureTime = .seconds(10) + rate.time(ofFrame: Int64(index))
      frame.sequence = UInt64(index)
      synchronizer.offer(frame, camera: .back, arrival: frame.captureTime + 1_000_000_000)
    }
    // Six undecided frames fit: the wait stops where a seventh would push one out.
    let ceiling = 4 * period
    #expect(abs(synchronizer.latenessNanoseconds - ceiling) <= 4)

    synchronizer.setSignalLost(true, camera: .back)
    #expect(synchronizer.latenessNanoseconds == 50_000_000)
    _ = consume synchronizer
    #expect(pool.availableCount == pool.capacity)
  }
}

@Test("sync counters written before the arrival delay was counted still read, as zero")
func countersFromAnOlderTake() throws {
  let older = """
    {"frames_received": 59, "frames_used": 60, "duplicates": 1, "dropped_unused": 0,
     "dropped_by_source": 0, "dropped_overflow": 0, "discarded_while_paused": 0,
     "missing_slots": 0, "max_target_offset_nanoseconds": 469421}
    """
  let decoder = JSONDecoder()
  decoder.keyDecodingStrategy = .convertFromSnakeCase
  let counters = try decoder.decode(CameraSyncCounters.self, from: Data(older.utf8))
  #expect(counters.framesUsed == 60)
  #expect(counters.duplicates == 1)
  #expect(counters.maxTargetOffsetNanoseconds == 469421)
  #expect(counters.maxArrivalDelayNanoseconds == 0)

  let encoder = JSONEncoder()
  encoder.keyEncodingStrategy = .convertToSnakeCase
  let written = String(decoding: try encoder.encode(counters), as: UTF8.self)
  #expect(written.contains("\"max_arrival_delay_nanoseconds\":0"))
}
