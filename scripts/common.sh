# Shared by the scripts in this folder: find the Swift toolchain and the repository root.
# shellcheck shell=bash
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH=/opt/swift/usr/bin:$PATH
fi
if ! command -v swift >/dev/null 2>&1; then
  echo "error: no Swift toolchain on PATH" >&2
  echo "hint: install Swift 6.1 or newer from swift.org and put its usr/bin on PATH" >&2
  exit 1
fi
run_as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}
# `swift build` with one retry when it aborts (status 134). SwiftPM's build database (llbuild on
# SQLite) now and then aborts with "Assertion `result == SQLITE_OK' failed" although nothing is
# wrong with the package (swiftlang/swift-build issue 999); it ended one CI run of ours in the
# middle of the ThreadSanitizer build. A second run builds on what the first one finished.
# Compiler errors exit 1 and are never retried.
swift_build() {
  local status=0
  swift build "$@" || status=$?
  if [ "$status" -eq 134 ]; then
    echo "note: swift build aborted (status 134: SwiftPM's build database); building again" >&2
    status=0
    swift build "$@" || status=$?
  fi
  return "$status"
}
