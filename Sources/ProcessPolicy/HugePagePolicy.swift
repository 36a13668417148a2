internal import CProcessControl
public import Foundation

/// Whether the kernel may back DualCam's memory with transparent huge pages (THP).
///
/// x264 asks for huge pages (`madvise(MADV_HUGEPAGE)`) on its large frame buffers, and on a
/// kernel in the common `madvise` mode it gets them: 2 MiB at a time, resident in full even where
/// only part is used. Without them a 2×720p take peaked 15–20 MB (about 10%) lower with no CPU
/// cost measurable, which matters on small-memory rigs (a Raspberry Pi); at 2×1080p, where x264's
/// working set is larger, the TLB misses they save were worth 7–10% of CPU
/// (`Documentation/PERFORMANCE.md`, section 3). Memory wins the default; CPU-bound rigs can opt in.
///
/// `DUALCAM_HUGE_PAGES=on` keeps the kernel's own policy; `off` (the default) disables THP for
/// the process with `prctl(PR_SET_THP_DISABLE)` before any library allocates. The benchmark
/// runner applies the same policy, so that what it measures is what `dualcam` does.
public enum HugePagePolicy {
  /// The environment variable that overrides the default.
  public static let environmentVariable = "DUALCAM_HUGE_PAGES"

  /// The default when the variable is unset.
  public static let allowedByDefault = false

  /// Whether huge pages are allowed under `environment`, and a message if its value is not
  /// understood (the default applies then).
  public static func allowsHugePages(
    environment: [String: String]
  ) -> (allowed: Bool, problem: String?) {
    guard let value = environment[environmentVariable] else { return (allowedByDefault, nil) }
    switch value.lowercased() {
    case "on", "1", "yes", "true": return (true, nil)
    case "off", "0", "no", "false": return (false, nil)
    default:
      return (
        allowedByDefault,
        "dualcam: ignoring \(environmentVariable)=\(value): use on (allow transparent huge pages)"
          + " or off (disable them, the default)"
      )
    }
  }

  /// Applies the policy to this process; call first thing at start, before encoders allocate.
  /// A failure only costs memory, so it is reported on standard error and the run goes on.
  public static func apply(environment: [String: String] = ProcessInfo.processInfo.environment) {
    let (allowed, problem) = allowsHugePages(environment: environment)
    if let problem { FileHandle.standardError.write(Data((problem + "\n").utf8)) }
    guard !allowed else { return }
    let error = cprocess_disable_transparent_huge_pages()
    if error != 0 && error != ENOSYS && error != EINVAL {
      FileHandle.standardError.write(
        Data("dualcam: could not disable transparent huge pages (errno \(error))\n".utf8))
    }
  }
}
