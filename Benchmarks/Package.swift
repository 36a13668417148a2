// swift-tools-version: 6.1
// DualCam's benchmarks: a package of their own, so that ordo-one/benchmark, libyuv and the
// benchmark-only shims never become dependencies of the app. Run them with scripts/benchmark.
import PackageDescription

let strictSwift: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
  name: "DualCamBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "DualCam", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    // MARK: - The peers the compositor is measured against (C, benchmark-only)
    .systemLibrary(name: "CLibYUV", providers: [.apt(["libyuv-dev"])]),
    .systemLibrary(
      name: "CSwscale", pkgConfig: "libswscale", providers: [.apt(["libswscale-dev"])]),
    .target(
      name: "PeerScalers",
      dependencies: ["CLibYUV", "CSwscale", .product(name: "DualCamEngine", package: "DualCam")],
      swiftSettings: strictSwift
    ),

    // MARK: - Workloads shared by the ordo-one benchmarks and the ratio runner
    .target(
      name: "BenchmarkWorkloads",
      dependencies: ["PeerScalers", .product(name: "DualCamEngine", package: "DualCam")],
      swiftSettings: strictSwift
    ),
    .executableTarget(
      name: "dualcam-bench",
      dependencies: ["BenchmarkWorkloads", .product(name: "DualCamEngine", package: "DualCam")],
      swiftSettings: strictSwift
    ),

    // MARK: - ordo-one/benchmark targets (Benchmarks/<name>, run by `swift package benchmark`)
    .executableTarget(
      name: "CompositorBenchmarks",
      dependencies: [
        "BenchmarkWorkloads", .product(name: "Benchmark", package: "benchmark"),
        .product(name: "DualCamEngine", package: "DualCam"),
      ],
      path: "CompositorBenchmarks",
      swiftSettings: [.swiftLanguageMode(.v6)],
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "FramePathBenchmarks",
      dependencies: [
        "BenchmarkWorkloads", .product(name: "Benchmark", package: "benchmark"),
        .product(name: "DualCamEngine", package: "DualCam"),
      ],
      path: "FramePathBenchmarks",
      swiftSettings: [.swiftLanguageMode(.v6)],
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ]
)
