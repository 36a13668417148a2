import DualCamCore
import Testing

@Suite("Numbers from outside become integers without a trap")
struct SaturatingConversionTests {
  @Test("NaN, infinities and values past the range give 0 or the nearest bound")
  func saturating() {
    #expect(Int(saturating: .nan) == 0)
    #expect(Int(saturating: .infinity) == .max)
    #expect(Int(saturating: -.infinity) == .min)
    #expect(Int64(saturating: 1e300) == .max)
    #expect(Int64(saturating: -1e308) == .min)
    #expect(Int32(saturating: 3e9) == .max)
    #expect(Int(saturating: 12.9) == 12 && Int(saturating: -12.9) == -12)
    #expect(UInt8(saturating: -1) == 0 && UInt8(saturating: 300) == 255)
  }

  @Test("a clock for any duration: a real one in full, one that cannot be as dashes")
  func clock() {
    #expect(ClockText.hoursMinutesSeconds(3723.9) == "01:02:03")
    #expect(ClockText.hoursMinutesSeconds(0) == "00:00:00")
    #expect(ClockText.hoursMinutesSeconds(360_000) == "100:00:00")
    for impossible in [-1, -1e308, .nan, .infinity, -.infinity] as [Double] {
      #expect(ClockText.hoursMinutesSeconds(impossible) == "--:--:--")
    }
    #expect(ClockText.hoursMinutesSeconds(1e300).hasSuffix(":07"), "saturates, no trap")
  }
}
