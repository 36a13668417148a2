import Foundation

#if FUZZING
  /// The harness named by `DUALCAM_FUZZ_HARNESS`, chosen once per process.
  private let selected: FuzzHarness = {
    let name = ProcessInfo.processInfo.environment["DUALCAM_FUZZ_HARNESS"] ?? ""
    guard let harness = FuzzHarness.named(name) else {
      let names = FuzzHarness.all.map(\.name).joined(separator: ", ")
      FileHandle.standardError.write(Data("set DUALCAM_FUZZ_HARNESS to one of \(names)\n".utf8))
      exit(2)
    }
    return harness
  }()

  /// libFuzzer's entry point: one input per call.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else {
      selected.run(Data())
      return 0
    }
    selected.run(Data(bytes: bytes, count: count))
    return 0
  }

  /// libFuzzer's driver (compiler-rt's FuzzerDriver.cpp), declared by hand: no C header of it
  /// is on the module path.
  @_silgen_name("LLVMFuzzerRunDriver")
  private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  /// The process's `main`: SwiftPM links an executable target with `main` defined as
  /// `<target>_main`, which hides libFuzzer's own `main`, so this one starts libFuzzer's driver.
  @_cdecl("DualCamFuzz_main")
  public func fuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { bytes, size in fuzzOneInput(bytes, size) }
  }
#else
  /// Without libFuzzer: `DualCamFuzz HARNESS FILE…` runs the harness over files (a corpus, a
  /// crasher), so a finding can be replayed in an ordinary debug build.
  @main enum ReplayTool {
    static func main() {
      let arguments = Array(CommandLine.arguments.dropFirst())
      guard let name = arguments.first, let harness = FuzzHarness.named(name) else {
        let names = FuzzHarness.all.map(\.name).joined(separator: ", ")
        print("usage: DualCamFuzz HARNESS FILE_OR_FOLDER… (harnesses: \(names))")
        exit(64)
      }
      var count = 0
      for path in arguments.dropFirst() {
        for file in files(at: path) {
          guard let data = FileManager.default.contents(atPath: file) else { continue }
          harness.run(data)
          count += 1
        }
      }
      print("\(name): \(count) inputs, no crash")
    }

    static func files(at path: String) -> [String] {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
      guard isFolder.boolValue else { return [path] }
      let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      return names.sorted().map { path + "/" + $0 }
    }
  }
#endif
