// swift-tools-version: 6.1
// DualCam: records two cameras at once into three synchronized files.
import PackageDescription

let strictSwift: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
  name: "DualCam",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "dualcam", targets: ["dualcam"]),
    // For Benchmarks/ (a package of its own, so benchmark-only dependencies stay out of here).
    .library(
      name: "DualCamEngine",
      targets: [
        "DualCamCore", "Compositor", "Capture", "Media", "Encoding", "Session", "ProcessPolicy",
        "Library", "TerminalUI",
      ]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
  ],
  targets: [
    // MARK: - C shims (the only code that sees C headers)
    .systemLibrary(
      name: "CFFmpeg",
      pkgConfig: "libavformat",
      providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev"])]
    ),
    .systemLibrary(
      name: "CX264",
      // No pkgConfig: x264.pc only adds -DX264_API_IMPORTS (a Windows flag SwiftPM rejects);
      // the header is in /usr/include and the module map names the library.
      providers: [.apt(["libx264-dev"])]
    ),
    .systemLibrary(
      name: "CV4L2",
      pkgConfig: "libv4l2",
      providers: [.apt(["libv4l-dev"])]
    ),
    .systemLibrary(
      name: "CALSA",
      pkgConfig: "alsa",
      providers: [.apt(["libasound2-dev"])]
    ),
    .systemLibrary(
      name: "CSwresample",
      pkgConfig: "libswresample",
      providers: [.apt(["libswresample-dev"])]
    ),
    .systemLibrary(name: "CProcessControl"),
    // renameat2(RENAME_NOREPLACE), which Swift's Glibc module does not declare.
    .systemLibrary(name: "CFileSystem"),
    .systemLibrary(name: "CCacheControl"),
    .systemLibrary(
      name: "CNcurses",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncursesw5-dev"])]
    ),
    .systemLibrary(
      name: "CChafa",
      pkgConfig: "chafa",
      providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]
    ),

    // MARK: - Engine
    .target(name: "DualCamCore", dependencies: ["CFileSystem"], swiftSettings: strictSwift),
    .target(name: "ProcessPolicy", dependencies: ["CProcessControl"], swiftSettings: strictSwift),
    .target(
      name: "Compositor", dependencies: ["DualCamCore", "CCacheControl"], swiftSettings: strictSwift
    ),
    // The libav platform layer: demuxing, decoding, probing, muxing and remuxing.
    .target(name: "Media", dependencies: ["DualCamCore", "CFFmpeg"], swiftSettings: strictSwift),
    // The encoders and the writers that turn frames into a take's files.
    .target(
      name: "Encoding", dependencies: ["DualCamCore", "Media", "CFFmpeg", "CX264"],
      swiftSettings: strictSwift),
    .target(
      name: "Capture",
      dependencies: ["DualCamCore", "Media", "Compositor", "CV4L2"],
      swiftSettings: strictSwift
    ),
    .target(
      name: "Audio", dependencies: ["DualCamCore", "Media", "CALSA", "CSwresample"],
      swiftSettings: strictSwift),
    .target(
      name: "Session",
      dependencies: [
        "DualCamCore", "Compositor", "Capture", "Media", "Encoding", "Audio", "Budget",
      ],
      swiftSettings: strictSwift
    ),
    .target(
      name: "Budget",
      dependencies: ["DualCamCore", "Compositor", "Media", "Encoding"],
      swiftSettings: strictSwift
    ),
    // Plays a take's three files on their shared timeline (no terminal in it).
    .target(
      name: "Playback", dependencies: ["DualCamCore", "Media"], swiftSettings: strictSwift),
    .target(
      name: "TerminalUI",
      dependencies: [
        "DualCamCore", "Compositor", "Capture", "Media", "Encoding", "Session", "Budget",
        "CNcurses", "Playback", "Library", "CChafa", "Audio",
      ],
      swiftSettings: strictSwift
    ),
    .target(name: "Library", dependencies: ["DualCamCore"], swiftSettings: strictSwift),
    .executableTarget(
      name: "dualcam",
      dependencies: [
        "DualCamCore", "Capture", "Media", "Encoding", "Session", "TerminalUI", "ProcessPolicy",
        "Budget", "Library", "Audio",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strictSwift
    ),

    // MARK: - Fuzzing
    // libFuzzer harnesses for every parser of outside input. `scripts/fuzz` builds this target
    // with `-sanitize=fuzzer -D FUZZING`; an ordinary build makes a replay tool that runs the
    // harnesses over files (the seed corpus, a crasher).
    .executableTarget(
      name: "DualCamFuzz",
      dependencies: ["DualCamCore", "Capture", "Session"],
      path: "Tests/Fuzz/Harnesses",
      swiftSettings: strictSwift
    ),

    // MARK: - Tests
    .target(
      name: "TestSupport",
      dependencies: ["DualCamCore", "Media", "Encoding", "Capture", "Compositor", "Budget"],
      path: "Tests/TestSupport",
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "DualCamCoreTests",
      dependencies: ["DualCamCore", "TestSupport"],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "CompositorTests",
      dependencies: [
        "Compositor", "DualCamCore",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "EncodingTests",
      dependencies: ["Encoding", "Media", "DualCamCore", "TestSupport"],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "CaptureTests",
      dependencies: ["Capture", "DualCamCore", "Media", "Encoding", "TestSupport"],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "AudioTests",
      dependencies: ["Audio", "Media", "DualCamCore"],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "SessionTests",
      dependencies: [
        "Session", "Budget", "Capture", "Compositor", "Media", "Encoding", "DualCamCore",
        "TestSupport", "Audio", "Playback",
      ],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "TerminalUITests",
      dependencies: [
        "TerminalUI", "Session", "Budget", "Capture", "DualCamCore", "TestSupport", "Library",
        "Media", "Audio", "Encoding",
      ],
      exclude: ["__Snapshots__"],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "PlaybackTests",
      dependencies: [
        "Playback", "Session", "Capture", "Media", "DualCamCore", "TestSupport",
      ],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "BudgetTests",
      dependencies: ["Budget", "DualCamCore", "TestSupport"],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "LibraryTests",
      dependencies: ["Library", "DualCamCore", "TestSupport"],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "DualCamCLITests",
      dependencies: ["Media", "DualCamCore", "TestSupport"],
      swiftSettings: strictSwift
    ),
  ]
)
